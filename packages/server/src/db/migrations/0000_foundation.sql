CREATE TABLE "admin_sessions" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"admin_id" integer NOT NULL,
	"uuid" varchar(64) NOT NULL,
	"refresh_jti" varchar(36) NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"user_agent" varchar(300) DEFAULT '' NOT NULL,
	"two_step_until" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoke_reason" varchar(40),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refreshed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "admin_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(20) NOT NULL,
	"password_hash" text NOT NULL,
	"role_id" integer DEFAULT 0 NOT NULL,
	"founder" smallint DEFAULT 0 NOT NULL,
	"real_name" varchar(50) DEFAULT '' NOT NULL,
	"department" varchar(50) DEFAULT '' NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"face" varchar(500) DEFAULT '' NOT NULL,
	"user_state" smallint DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"last_login_ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captchas" (
	"uuid" varchar(64) NOT NULL,
	"scene" varchar(20) NOT NULL,
	"answer" varchar(20) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "captchas_uuid_scene_pk" PRIMARY KEY("uuid","scene")
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(10) NOT NULL,
	"lang" varchar(50) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"username" varchar(50) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"success" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"role_name" varchar(20) NOT NULL,
	"role_describe" varchar(200) DEFAULT '' NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"mobile" varchar(20) NOT NULL,
	"scene" varchar(20) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"consumed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"mobile" varchar(20) NOT NULL,
	"scene" varchar(20) NOT NULL,
	"content" varchar(500) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"operator_name" varchar(50) NOT NULL,
	"operate_detail" varchar(200) NOT NULL,
	"operate_ip" varchar(64) NOT NULL,
	"level" varchar(10) NOT NULL,
	"method" varchar(10) NOT NULL,
	"url" varchar(500) NOT NULL,
	"params" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ui_translations" (
	"lang" varchar(10) NOT NULL,
	"type" varchar(10) DEFAULT 'admin' NOT NULL,
	"key" varchar(200) NOT NULL,
	"text" text NOT NULL,
	"edited" smallint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ui_translations_lang_type_key_pk" PRIMARY KEY("lang","type","key")
);
--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD CONSTRAINT "admin_sessions_admin_id_admin_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_sessions_admin_idx" ON "admin_sessions" USING btree ("admin_id");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_users_username_live_uq" ON "admin_users" USING btree ("username") WHERE "admin_users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "admin_users_role_idx" ON "admin_users" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "captchas_expires_idx" ON "captchas" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "languages_code_uq" ON "languages" USING btree ("code");--> statement-breakpoint
CREATE INDEX "login_attempts_username_idx" ON "login_attempts" USING btree ("username","created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_idx" ON "login_attempts" USING btree ("ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_uq" ON "roles" USING btree ("role_name");--> statement-breakpoint
CREATE INDEX "sms_codes_mobile_scene_idx" ON "sms_codes" USING btree ("mobile","scene","created_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_created_idx" ON "sms_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "system_logs_created_idx" ON "system_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "system_logs_level_created_idx" ON "system_logs" USING btree ("level","created_at");--> statement-breakpoint
CREATE INDEX "system_logs_operator_idx" ON "system_logs" USING btree ("operator_name");