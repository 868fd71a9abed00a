ALTER TABLE "daily_platform_stats" ADD COLUMN "refund_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_shop_stats" ADD COLUMN "order_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_shop_stats" ADD COLUMN "refund_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_shop_stats" ADD COLUMN "refund_cents" bigint DEFAULT 0 NOT NULL;