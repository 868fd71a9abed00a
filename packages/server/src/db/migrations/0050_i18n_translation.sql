CREATE TABLE "i18n_data_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_sn" varchar(20) NOT NULL,
	"data_key" integer NOT NULL,
	"source" varchar(500) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "i18n_data_texts" (
	"entry_id" integer NOT NULL,
	"lang" varchar(10) NOT NULL,
	"text" varchar(500) NOT NULL,
	"machine" smallint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "i18n_data_texts_entry_id_lang_pk" PRIMARY KEY("entry_id","lang")
);
--> statement-breakpoint
CREATE TABLE "translation_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"lang" varchar(10) NOT NULL,
	"scope" varchar(10) NOT NULL,
	"ref_id" integer NOT NULL,
	"ref" varchar(200) NOT NULL,
	"source" varchar(2000) NOT NULL,
	"reason" varchar(300) DEFAULT '' NOT NULL,
	"status" varchar(10) DEFAULT 'FAILED' NOT NULL,
	"retry_task_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "translation_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"lang" varchar(10) NOT NULL,
	"scope" varchar(10) NOT NULL,
	"status" varchar(10) DEFAULT 'WAIT' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"success_count" integer DEFAULT 0 NOT NULL,
	"fail_count" integer DEFAULT 0 NOT NULL,
	"message" varchar(200) DEFAULT '' NOT NULL,
	"job_id" bigint,
	"operator" varchar(50) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "i18n_data_texts" ADD CONSTRAINT "i18n_data_texts_entry_id_i18n_data_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."i18n_data_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "i18n_data_entries_key_uq" ON "i18n_data_entries" USING btree ("group_sn","data_key");--> statement-breakpoint
CREATE INDEX "i18n_data_entries_group_idx" ON "i18n_data_entries" USING btree ("group_sn","id");--> statement-breakpoint
CREATE INDEX "translation_failures_status_idx" ON "translation_failures" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "translation_failures_task_idx" ON "translation_failures" USING btree ("task_id","id");--> statement-breakpoint
CREATE INDEX "translation_failures_retry_idx" ON "translation_failures" USING btree ("retry_task_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "translation_failures_item_uq" ON "translation_failures" USING btree ("lang","scope","ref_id");--> statement-breakpoint
CREATE INDEX "translation_tasks_lang_idx" ON "translation_tasks" USING btree ("lang","id");--> statement-breakpoint
CREATE INDEX "translation_tasks_scope_idx" ON "translation_tasks" USING btree ("scope","id");--> statement-breakpoint
CREATE UNIQUE INDEX "translation_tasks_active_uq" ON "translation_tasks" USING btree ("lang","scope") WHERE "translation_tasks"."status" in ('WAIT', 'RUNNING') and "translation_tasks"."scope" <> 'RETRY';