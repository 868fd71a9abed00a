CREATE TABLE "sms_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"member_id" integer,
	"mobile" varchar(20) NOT NULL,
	"content" varchar(600) NOT NULL,
	"status" varchar(12) DEFAULT 'WAIT_RECEIPT' NOT NULL,
	"fail_reason" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_signs" (
	"id" serial PRIMARY KEY NOT NULL,
	"sign_name" varchar(20) NOT NULL,
	"remark" varchar(200) NOT NULL,
	"audit_status" varchar(12) DEFAULT 'WAIT_INIT' NOT NULL,
	"audit_reason" varchar(200) DEFAULT '' NOT NULL,
	"biz_id" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"sign_id" integer NOT NULL,
	"sign_name" varchar(20) NOT NULL,
	"template_id" integer NOT NULL,
	"template_name" varchar(30) NOT NULL,
	"content" varchar(600) NOT NULL,
	"send_type" varchar(10) NOT NULL,
	"send_time" timestamp with time zone,
	"recipient_type" varchar(10) NOT NULL,
	"recipients" jsonb NOT NULL,
	"status" varchar(12) DEFAULT 'NOT_STARTED' NOT NULL,
	"total" integer NOT NULL,
	"success_count" integer DEFAULT 0 NOT NULL,
	"fail_count" integer DEFAULT 0 NOT NULL,
	"operator_id" integer,
	"operator_name" varchar(50) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_name" varchar(30) NOT NULL,
	"template_type" varchar(12) NOT NULL,
	"content" varchar(500) NOT NULL,
	"remark" varchar(200) NOT NULL,
	"audit_status" varchar(12) DEFAULT 'WAIT_INIT' NOT NULL,
	"audit_reason" varchar(200) DEFAULT '' NOT NULL,
	"biz_id" varchar(64),
	"enable_status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sms_records_task_idx" ON "sms_records" USING btree ("task_id","id");--> statement-breakpoint
CREATE INDEX "sms_records_mobile_idx" ON "sms_records" USING btree ("mobile","id");--> statement-breakpoint
CREATE INDEX "sms_records_status_idx" ON "sms_records" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "sms_records_created_idx" ON "sms_records" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_signs_name_uq" ON "sms_signs" USING btree ("sign_name");--> statement-breakpoint
CREATE INDEX "sms_signs_status_idx" ON "sms_signs" USING btree ("audit_status","id");--> statement-breakpoint
CREATE INDEX "sms_tasks_status_idx" ON "sms_tasks" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "sms_tasks_due_idx" ON "sms_tasks" USING btree ("send_time") WHERE status = 'NOT_STARTED';--> statement-breakpoint
CREATE UNIQUE INDEX "sms_templates_name_uq" ON "sms_templates" USING btree ("template_name");--> statement-breakpoint
CREATE INDEX "sms_templates_status_idx" ON "sms_templates" USING btree ("audit_status","id");--> statement-breakpoint
CREATE INDEX "sms_templates_type_idx" ON "sms_templates" USING btree ("template_type","id");--> statement-breakpoint
CREATE INDEX "sms_templates_enable_idx" ON "sms_templates" USING btree ("enable_status","id");