CREATE TABLE "daily_member_stats" (
	"day" date NOT NULL,
	"member_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"order_cents" bigint DEFAULT 0 NOT NULL,
	"goods_num" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_member_stats_day_member_id_shop_id_pk" PRIMARY KEY("day","member_id","shop_id")
);
--> statement-breakpoint
CREATE INDEX "daily_member_stats_shop_idx" ON "daily_member_stats" USING btree ("shop_id","day");--> statement-breakpoint
CREATE INDEX "daily_goods_stats_shop_idx" ON "daily_goods_stats" USING btree ("shop_id","day");--> statement-breakpoint
-- A database from before the statistics: the figures the earlier rollups lacked, from the source rows (as rebuildRollups computes them).
INSERT INTO "daily_member_stats" ("day", "member_id", "shop_id", "order_count", "order_cents", "goods_num")
SELECT ("created_at" AT TIME ZONE 'Asia/Shanghai')::date, "member_id", "shop_id", count(*), sum("need_pay_cents"), sum("goods_num") FROM "orders" GROUP BY 1, 2, 3;--> statement-breakpoint
UPDATE "daily_shop_stats" s SET "order_cents" = o."cents"
FROM (SELECT ("created_at" AT TIME ZONE 'Asia/Shanghai')::date AS "day", "shop_id", sum("need_pay_cents") AS "cents" FROM "orders" GROUP BY 1, 2) o
WHERE s."day" = o."day" AND s."shop_id" = o."shop_id";--> statement-breakpoint
INSERT INTO "daily_shop_stats" ("day", "shop_id", "refund_count", "refund_cents")
SELECT ("refunded_at" AT TIME ZONE 'Asia/Shanghai')::date, "shop_id", count(*), sum("actual_cents") FROM "refunds" WHERE "refund_status" = 'COMPLETED' GROUP BY 1, 2
ON CONFLICT ("day", "shop_id") DO UPDATE SET "refund_count" = excluded."refund_count", "refund_cents" = excluded."refund_cents";--> statement-breakpoint
UPDATE "daily_platform_stats" p SET "refund_count" = r."n"
FROM (SELECT ("refunded_at" AT TIME ZONE 'Asia/Shanghai')::date AS "day", count(*) AS "n" FROM "refunds" WHERE "refund_status" = 'COMPLETED' GROUP BY 1) r
WHERE p."day" = r."day";
