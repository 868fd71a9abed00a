CREATE TABLE "exchange_cats" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"name" varchar(20) NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"image" varchar(500) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_goods" (
	"id" serial PRIMARY KEY NOT NULL,
	"goods_id" integer NOT NULL,
	"cat_id" integer NOT NULL,
	"exchange_point" integer NOT NULL,
	"exchange_money_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_goods_point_positive" CHECK ("exchange_goods"."exchange_point" > 0)
);
--> statement-breakpoint
CREATE TABLE "sign_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(30) NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"status" varchar(6) DEFAULT 'WAIT' NOT NULL,
	"rewards" jsonb NOT NULL,
	"description" varchar(500) DEFAULT '' NOT NULL,
	"sign_num" integer DEFAULT 0 NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_activities_window" CHECK ("sign_activities"."start_at" < "sign_activities"."end_at")
);
--> statement-breakpoint
CREATE TABLE "sign_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"activity_title" varchar(30) NOT NULL,
	"member_id" integer NOT NULL,
	"member_name" varchar(20) NOT NULL,
	"sign_day" varchar(10) NOT NULL,
	"continuous_days" integer NOT NULL,
	"reward_type" varchar(6) NOT NULL,
	"point" integer DEFAULT 0 NOT NULL,
	"coupon_id" integer,
	"coupon_title" varchar(20) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exchange_goods" ADD CONSTRAINT "exchange_goods_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_goods" ADD CONSTRAINT "exchange_goods_cat_id_exchange_cats_id_fk" FOREIGN KEY ("cat_id") REFERENCES "public"."exchange_cats"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_records" ADD CONSTRAINT "sign_records_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_cats_parent_name_uq" ON "exchange_cats" USING btree ("parent_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_goods_goods_uq" ON "exchange_goods" USING btree ("goods_id");--> statement-breakpoint
CREATE INDEX "exchange_goods_cat_created_idx" ON "exchange_goods" USING btree ("cat_id","created_at");--> statement-breakpoint
CREATE INDEX "exchange_goods_created_idx" ON "exchange_goods" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sign_activities_created_idx" ON "sign_activities" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sign_activities_status_created_idx" ON "sign_activities" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "sign_activities_status_end_idx" ON "sign_activities" USING btree ("status","end_at");--> statement-breakpoint
CREATE INDEX "sign_activities_title_trgm_idx" ON "sign_activities" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "sign_records_member_day_uq" ON "sign_records" USING btree ("member_id","sign_day");--> statement-breakpoint
CREATE INDEX "sign_records_created_idx" ON "sign_records" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sign_records_activity_created_idx" ON "sign_records" USING btree ("activity_id","created_at");--> statement-breakpoint
CREATE INDEX "sign_records_member_created_idx" ON "sign_records" USING btree ("member_id","created_at");