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
CREATE TABLE "promotion_goods" (
	"id" serial PRIMARY KEY NOT NULL,
	"goods_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"promotion_type" varchar(20) NOT NULL,
	"activity_id" integer NOT NULL,
	"apply_id" integer,
	"title" varchar(50) NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"num" integer DEFAULT 0 NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seckill_applies" (
	"id" serial PRIMARY KEY NOT NULL,
	"seckill_id" integer NOT NULL,
	"time_line" smallint NOT NULL,
	"goods_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"goods_name" varchar(100) NOT NULL,
	"properties_name" varchar(200) DEFAULT '' NOT NULL,
	"goods_image" varchar(500) DEFAULT '' NOT NULL,
	"shop_id" integer NOT NULL,
	"shop_name" varchar(30) NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"original_price_cents" integer DEFAULT 0 NOT NULL,
	"sold_quantity" integer DEFAULT 0 NOT NULL,
	"sales_num" integer DEFAULT 0 NOT NULL,
	"status" varchar(8) DEFAULT 'APPLY' NOT NULL,
	"fail_reason" varchar(120) DEFAULT '' NOT NULL,
	"auditor_name" varchar(50) DEFAULT '' NOT NULL,
	"audited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seckills" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(30) NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"apply_end_at" timestamp with time zone NOT NULL,
	"hours" smallint[] NOT NULL,
	"rule" varchar(500) DEFAULT '' NOT NULL,
	"publish_status" smallint DEFAULT 0 NOT NULL,
	"closed_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seckill_applies" ADD CONSTRAINT "seckill_applies_seckill_id_seckills_id_fk" FOREIGN KEY ("seckill_id") REFERENCES "public"."seckills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupons_type_created_idx" ON "coupons" USING btree ("coupon_type","created_at");--> statement-breakpoint
CREATE INDEX "coupons_type_start_idx" ON "coupons" USING btree ("coupon_type","start_at");--> statement-breakpoint
CREATE INDEX "coupons_type_end_idx" ON "coupons" USING btree ("coupon_type","end_at");--> statement-breakpoint
CREATE INDEX "coupons_title_trgm_idx" ON "coupons" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "member_coupons_coupon_created_idx" ON "member_coupons" USING btree ("coupon_id","created_at");--> statement-breakpoint
CREATE INDEX "member_coupons_member_idx" ON "member_coupons" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "promotion_goods_goods_idx" ON "promotion_goods" USING btree ("goods_id","start_at");--> statement-breakpoint
CREATE INDEX "promotion_goods_activity_idx" ON "promotion_goods" USING btree ("promotion_type","activity_id");--> statement-breakpoint
CREATE INDEX "seckill_applies_seckill_idx" ON "seckill_applies" USING btree ("seckill_id","status","time_line");--> statement-breakpoint
CREATE UNIQUE INDEX "seckills_name_uq" ON "seckills" USING btree ("name") WHERE "seckills"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "seckills_created_idx" ON "seckills" USING btree ("created_at") WHERE "seckills"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "seckills_start_idx" ON "seckills" USING btree ("start_at");