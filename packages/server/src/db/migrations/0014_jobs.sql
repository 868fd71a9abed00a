CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(60) NOT NULL,
	"owner_id" integer,
	"owner_name" varchar(50) DEFAULT '' NOT NULL,
	"operate_type" varchar(10) NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"filter_summary" varchar(500) DEFAULT '' NOT NULL,
	"status" varchar(10) DEFAULT 'queued' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"message" varchar(200) DEFAULT '' NOT NULL,
	"cancel_requested" smallint DEFAULT 0 NOT NULL,
	"result_key" varchar(300),
	"result_name" varchar(200),
	"result_rows" integer,
	"result_errors" integer,
	"result_size" bigint,
	"error_reason" varchar(500),
	"checkpoint" jsonb,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"locked_by" varchar(100),
	"heartbeat_at" timestamp with time zone,
	"lang" varchar(2) DEFAULT 'zh' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "scheduled_tasks" (
	"name" varchar(60) PRIMARY KEY NOT NULL,
	"schedule" varchar(60) NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_status" varchar(10),
	"last_result" varchar(500),
	"last_error" varchar(500),
	"last_run_by" varchar(100)
);
--> statement-breakpoint
CREATE INDEX "jobs_status_id_idx" ON "jobs" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "jobs_owner_type_id_idx" ON "jobs" USING btree ("owner_id","operate_type","id");--> statement-breakpoint
CREATE INDEX "jobs_type_id_idx" ON "jobs" USING btree ("operate_type","id");