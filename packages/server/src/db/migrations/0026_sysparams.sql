CREATE TABLE "plugin_configs" (
	"kind" varchar(12) NOT NULL,
	"plugin_id" varchar(40) NOT NULL,
	"open" smallint DEFAULT 0 NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plugin_configs_kind_plugin_id_pk" PRIMARY KEY("kind","plugin_id")
);
--> statement-breakpoint
CREATE TABLE "smtp_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"host" varchar(100) NOT NULL,
	"port" integer NOT NULL,
	"username" varchar(100) NOT NULL,
	"password" varchar(200) DEFAULT '' NOT NULL,
	"open_ssl" smallint DEFAULT 0 NOT NULL,
	"max_count" integer NOT NULL,
	"mail_from" varchar(100) NOT NULL,
	"send_count" integer DEFAULT 0 NOT NULL,
	"send_day" date,
	"last_send_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "plugin_configs_one_open_uq" ON "plugin_configs" USING btree ("kind") WHERE "plugin_configs"."open" = 1;--> statement-breakpoint
CREATE INDEX "smtp_accounts_last_send_idx" ON "smtp_accounts" USING btree ("last_send_time");