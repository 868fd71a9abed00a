ALTER TABLE "shops" ADD COLUMN "settlement_status" varchar(16) DEFAULT 'PAID' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "site_coupon_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_commission_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "service_expired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "site_coupon_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "site_coupon_commission_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- orders whose after-sale window closed before the column existed: closed when they completed (or were paid)
UPDATE "orders" SET "service_expired_at" = coalesce("completed_at", "paid_at") WHERE "service_status" = 'EXPIRED' AND "service_expired_at" IS NULL;
