ALTER TABLE "orders" ADD COLUMN "order_type" varchar(12) DEFAULT 'NORMAL' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "comment_status" varchar(10) DEFAULT 'UNFINISHED' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "service_status" varchar(10) DEFAULT 'NOT_APPLY' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "goods_names" varchar(1000) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method_name" varchar(30) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "need_receipt" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receipt_type" varchar(12) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receipt_title" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receipt_tax_no" varchar(30) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receipt_content" varchar(50) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "balance_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Orders written before this migration: their items' names for the keyword search.
UPDATE "orders" o SET "goods_names" = left(coalesce((SELECT string_agg(i.goods_name, E'\n' ORDER BY i.id) FROM "order_items" i WHERE i.order_id = o.id), ''), 1000);--> statement-breakpoint
CREATE INDEX "orders_sn_trgm_idx" ON "orders" USING gin ("sn" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_ship_name_trgm_idx" ON "orders" USING gin ("ship_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_goods_names_trgm_idx" ON "orders" USING gin ("goods_names" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_wait_pay_idx" ON "orders" USING btree ("created_at","id") WHERE (status = 'NEW' or (status = 'CONFIRM' and payment_type <> 'COD') or (status = 'ROG' and payment_type = 'COD'));--> statement-breakpoint
CREATE INDEX "orders_wait_ship_idx" ON "orders" USING btree ("created_at","id") WHERE ((status = 'PAID_OFF' and payment_type <> 'COD' and order_type in ('NORMAL', 'CHANGE', 'SUPPLY_AGAIN')) or (status = 'CONFIRM' and payment_type = 'COD' and order_type = 'NORMAL') or (status = 'FORMED' and order_type = 'PINTUAN'));--> statement-breakpoint
CREATE INDEX "orders_wait_comment_idx" ON "orders" USING btree ("created_at","id") WHERE (ship_status = 'SHIP_ROG' and comment_status = 'UNFINISHED');--> statement-breakpoint
CREATE INDEX "orders_status_shipped_idx" ON "orders" USING btree ("status","shipped_at");--> statement-breakpoint
CREATE INDEX "orders_status_rog_idx" ON "orders" USING btree ("status","rog_at");--> statement-breakpoint
CREATE INDEX "orders_status_completed_idx" ON "orders" USING btree ("status","completed_at");