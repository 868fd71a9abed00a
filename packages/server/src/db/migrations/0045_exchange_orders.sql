DROP INDEX "orders_wait_ship_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "point" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_type_created_idx" ON "orders" USING btree ("order_type","created_at");--> statement-breakpoint
CREATE INDEX "orders_wait_ship_idx" ON "orders" USING btree ("created_at","id") WHERE ((status = 'PAID_OFF' and payment_type <> 'COD' and order_type in ('NORMAL', 'CHANGE', 'SUPPLY_AGAIN', 'EXCHANGE')) or (status = 'CONFIRM' and payment_type = 'COD' and order_type = 'NORMAL') or (status = 'FORMED' and order_type = 'PINTUAN'));