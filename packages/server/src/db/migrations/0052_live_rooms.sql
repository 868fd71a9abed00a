CREATE TABLE "live_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(40) NOT NULL,
	"shop_id" integer NOT NULL,
	"cover" varchar(500) NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"goods_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"status" varchar(8) DEFAULT 'WAIT' NOT NULL,
	"refuse_reason" varchar(200) DEFAULT '' NOT NULL,
	"close_reason" varchar(200) DEFAULT '' NOT NULL,
	"operator" varchar(50) DEFAULT '' NOT NULL,
	"operated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "live_rooms_status_start_idx" ON "live_rooms" USING btree ("status","start_at","id");--> statement-breakpoint
CREATE INDEX "live_rooms_shop_start_idx" ON "live_rooms" USING btree ("shop_id","start_at","id");--> statement-breakpoint
CREATE INDEX "live_rooms_start_idx" ON "live_rooms" USING btree ("start_at","id");--> statement-breakpoint
CREATE INDEX "live_rooms_created_idx" ON "live_rooms" USING btree ("created_at","id");