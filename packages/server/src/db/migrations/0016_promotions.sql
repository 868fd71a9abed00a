CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(20) NOT NULL,
	"coupon_type" varchar(10) DEFAULT 'NORMAL' NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"threshold_cents" integer DEFAULT 0 NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"effective_type" varchar(30) DEFAULT 'AUTO_TAKE_EFFECT' NOT NULL,
	"effective_days" integer DEFAULT 0 NOT NULL,
	"create_num" integer NOT NULL,
	"limit_num" integer DEFAULT 0 NOT NULL,
	"received_num" integer DEFAULT 0 NOT NULL,
	"used_num" integer DEFAULT 0 NOT NULL,
	"use_scope" varchar(12) DEFAULT 'ALL' NOT NULL,
	"scope_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"scope_description" varchar(200) DEFAULT '' NOT NULL,
	"shop_commission" smallint DEFAULT 0 NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_price_below_threshold" CHECK ("coupons"."price_cents" < "coupons"."threshold_cents"),
	CONSTRAINT "coupons_received_within_issued" CHECK ("coupons"."received_num" <= "coupons"."create_num")
);
--> statement-breakpoint
CREATE TABLE "member_coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"member_name" varchar(20) NOT NULL,
	"title" varchar(20) NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"threshold_cents" integer DEFAULT 0 NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"used_status" smallint DEFAULT 0 NOT NULL,
	"order_sn" varchar(32) DEFAULT '' NOT NULL,
	"used_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"cancel_reason" varchar(120) DEFAULT '' NOT NULL,
	"canceled_by" varchar(50) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupons_type_created_idx" ON "coupons" USING btree ("coupon_type","created_at");--> statement-breakpoint
CREATE INDEX "coupons_type_start_idx" ON "coupons" USING btree ("coupon_type","start_at");--> statement-breakpoint
CREATE INDEX "coupons_type_end_idx" ON "coupons" USING btree ("coupon_type","end_at");--> statement-breakpoint
CREATE INDEX "coupons_title_trgm_idx" ON "coupons" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "member_coupons_coupon_created_idx" ON "member_coupons" USING btree ("coupon_id","created_at");--> statement-breakpoint
CREATE INDEX "member_coupons_member_idx" ON "member_coupons" USING btree ("member_id");