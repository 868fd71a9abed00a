CREATE TABLE "after_sale_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"service_id" bigint NOT NULL,
	"order_item_id" bigint NOT NULL,
	"goods_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"goods_name" varchar(100) NOT NULL,
	"properties_name" varchar(200) DEFAULT '' NOT NULL,
	"image" varchar(500) DEFAULT '' NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"ship_num" integer NOT NULL,
	"return_num" integer NOT NULL,
	"storage_num" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "after_sale_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"service_id" bigint NOT NULL,
	"status" varchar(16) NOT NULL,
	"message" varchar(300) NOT NULL,
	"operator_type" varchar(8) NOT NULL,
	"operator_name" varchar(50) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "after_sale_pictures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"service_id" bigint NOT NULL,
	"url" varchar(500) NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "after_sales" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sn" varchar(32) NOT NULL,
	"order_id" bigint NOT NULL,
	"order_sn" varchar(32) NOT NULL,
	"shop_id" integer NOT NULL,
	"shop_name" varchar(30) NOT NULL,
	"member_id" integer NOT NULL,
	"member_name" varchar(20) NOT NULL,
	"service_type" varchar(20) NOT NULL,
	"status" varchar(16) NOT NULL,
	"create_channel" varchar(8) DEFAULT 'NORMAL' NOT NULL,
	"reason" varchar(100) DEFAULT '' NOT NULL,
	"problem_desc" varchar(500) DEFAULT '' NOT NULL,
	"audit_remark" varchar(200) DEFAULT '' NOT NULL,
	"stock_remark" varchar(200) DEFAULT '' NOT NULL,
	"refund_remark" varchar(200) DEFAULT '' NOT NULL,
	"close_reason" varchar(200) DEFAULT '' NOT NULL,
	"return_addr" varchar(200) DEFAULT '' NOT NULL,
	"new_order_sn" varchar(32) DEFAULT '' NOT NULL,
	"goods_names" varchar(1000) DEFAULT '' NOT NULL,
	"courier_name" varchar(30) DEFAULT '' NOT NULL,
	"courier_no" varchar(40) DEFAULT '' NOT NULL,
	"courier_at" timestamp with time zone,
	"change_ship_name" varchar(30) DEFAULT '' NOT NULL,
	"change_ship_mobile" varchar(20) DEFAULT '' NOT NULL,
	"change_ship_address" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"audited_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sn" varchar(32) NOT NULL,
	"service_id" bigint NOT NULL,
	"service_sn" varchar(32) NOT NULL,
	"order_id" bigint NOT NULL,
	"order_sn" varchar(32) NOT NULL,
	"shop_id" integer NOT NULL,
	"shop_name" varchar(30) NOT NULL,
	"member_id" integer NOT NULL,
	"member_name" varchar(20) NOT NULL,
	"service_type" varchar(20) NOT NULL,
	"create_channel" varchar(8) DEFAULT 'NORMAL' NOT NULL,
	"payment_type" varchar(8) DEFAULT 'ONLINE' NOT NULL,
	"refund_way" varchar(10) NOT NULL,
	"account_type" varchar(12) DEFAULT '' NOT NULL,
	"return_account" varchar(50) DEFAULT '' NOT NULL,
	"bank_name" varchar(50) DEFAULT '' NOT NULL,
	"bank_account_name" varchar(50) DEFAULT '' NOT NULL,
	"bank_account_number" varchar(40) DEFAULT '' NOT NULL,
	"refund_status" varchar(12) DEFAULT 'APPLY' NOT NULL,
	"refund_cents" integer DEFAULT 0 NOT NULL,
	"agree_cents" integer DEFAULT 0 NOT NULL,
	"actual_cents" integer DEFAULT 0 NOT NULL,
	"refund_point" integer DEFAULT 0 NOT NULL,
	"pay_order_no" varchar(64) DEFAULT '' NOT NULL,
	"refund_fail_reason" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	"bill_id" integer
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "service_status" varchar(10) DEFAULT 'NOT_APPLY' NOT NULL;--> statement-breakpoint
CREATE INDEX "after_sale_items_service_idx" ON "after_sale_items" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "after_sale_items_order_item_idx" ON "after_sale_items" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "after_sale_logs_service_idx" ON "after_sale_logs" USING btree ("service_id","created_at");--> statement-breakpoint
CREATE INDEX "after_sale_pictures_service_idx" ON "after_sale_pictures" USING btree ("service_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "after_sales_sn_uq" ON "after_sales" USING btree ("sn");--> statement-breakpoint
CREATE INDEX "after_sales_order_idx" ON "after_sales" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "after_sales_created_idx" ON "after_sales" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "after_sales_status_created_idx" ON "after_sales" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "after_sales_type_created_idx" ON "after_sales" USING btree ("service_type","created_at","id");--> statement-breakpoint
CREATE INDEX "after_sales_shop_created_idx" ON "after_sales" USING btree ("shop_id","created_at","id");--> statement-breakpoint
CREATE INDEX "after_sales_member_created_idx" ON "after_sales" USING btree ("member_id","created_at","id");--> statement-breakpoint
CREATE INDEX "after_sales_sn_trgm_idx" ON "after_sales" USING gin ("sn" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "after_sales_order_sn_trgm_idx" ON "after_sales" USING gin ("order_sn" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "after_sales_goods_names_trgm_idx" ON "after_sales" USING gin ("goods_names" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_sn_uq" ON "refunds" USING btree ("sn");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_service_uq" ON "refunds" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "refunds_created_idx" ON "refunds" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "refunds_status_created_idx" ON "refunds" USING btree ("refund_status","created_at","id");--> statement-breakpoint
CREATE INDEX "refunds_way_created_idx" ON "refunds" USING btree ("refund_way","created_at","id");--> statement-breakpoint
CREATE INDEX "refunds_bill_idx" ON "refunds" USING btree ("shop_id","bill_id","refunded_at");--> statement-breakpoint
CREATE INDEX "refunds_service_sn_trgm_idx" ON "refunds" USING gin ("service_sn" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "refunds_order_sn_trgm_idx" ON "refunds" USING gin ("order_sn" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payments_method_paid_idx" ON "payments" USING btree ("method","paid_at","id");--> statement-breakpoint
CREATE INDEX "payments_order_sn_trgm_idx" ON "payments" USING gin ("order_sn" gin_trgm_ops);