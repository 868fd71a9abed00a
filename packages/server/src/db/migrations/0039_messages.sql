CREATE TABLE "message_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"tpl_code" varchar(40) NOT NULL,
	"tpl_name" varchar(40) NOT NULL,
	"type" varchar(8) NOT NULL,
	"notice_state" varchar(8) DEFAULT 'CLOSED' NOT NULL,
	"notice_content" varchar(500) DEFAULT '' NOT NULL,
	"sms_state" varchar(8) DEFAULT 'CLOSED' NOT NULL,
	"sms_content" varchar(300) DEFAULT '' NOT NULL,
	"email_state" varchar(8) DEFAULT 'CLOSED' NOT NULL,
	"email_title" varchar(100) DEFAULT '' NOT NULL,
	"email_content" varchar(5000) DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(20) NOT NULL,
	"content" varchar(500) NOT NULL,
	"send_type" smallint NOT NULL,
	"member_ids" integer[] NOT NULL,
	"member_names" varchar(20)[] NOT NULL,
	"status" varchar(8) NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"admin_name" varchar(50) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wechat_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"notice_type" varchar(40) NOT NULL,
	"template_id" varchar(100) DEFAULT '' NOT NULL,
	"is_enable" smallint DEFAULT 0 NOT NULL,
	"keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wechat_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" varchar(100) NOT NULL,
	"title" varchar(100) NOT NULL,
	"content" varchar(2000) NOT NULL,
	"keywords" varchar(40)[] NOT NULL,
	"synced_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_code_idx" ON "message_templates" USING btree ("tpl_code");--> statement-breakpoint
CREATE INDEX "message_templates_type_idx" ON "message_templates" USING btree ("type","id");--> statement-breakpoint
CREATE INDEX "site_messages_created_idx" ON "site_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "site_messages_type_created_idx" ON "site_messages" USING btree ("send_type","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_notices_type_idx" ON "wechat_notices" USING btree ("notice_type");--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_templates_template_idx" ON "wechat_templates" USING btree ("template_id");