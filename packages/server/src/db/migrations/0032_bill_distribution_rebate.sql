ALTER TABLE "distribution_orders" ADD COLUMN "bill_id" integer;--> statement-breakpoint
ALTER TABLE "distribution_orders" ADD COLUMN "return_bill_id" integer;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "distribution_rebate_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "distribution_return_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "distribution_orders_unbilled_idx" ON "distribution_orders" USING btree ("created_at") WHERE "distribution_orders"."bill_id" is null;--> statement-breakpoint
CREATE INDEX "distribution_orders_unreturned_idx" ON "distribution_orders" USING btree ("returned_at") WHERE "distribution_orders"."status" = 'RETURN' and "distribution_orders"."return_bill_id" is null;