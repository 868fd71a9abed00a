CREATE TABLE "daily_hour_stats" (
	"day" date NOT NULL,
	"shop_id" integer NOT NULL,
	"hour" smallint NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"order_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_hour_stats_day_shop_id_hour_pk" PRIMARY KEY("day","shop_id","hour")
);
--> statement-breakpoint
CREATE TABLE "daily_order_value_stats" (
	"day" date NOT NULL,
	"shop_id" integer NOT NULL,
	"value_yuan" integer NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"order_cents" bigint DEFAULT 0 NOT NULL,
	"paid_count" integer DEFAULT 0 NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_order_value_stats_day_shop_id_value_yuan_pk" PRIMARY KEY("day","shop_id","value_yuan")
);
--> statement-breakpoint
CREATE INDEX "daily_hour_stats_shop_idx" ON "daily_hour_stats" USING btree ("shop_id","day");--> statement-breakpoint
CREATE INDEX "daily_order_value_stats_shop_idx" ON "daily_order_value_stats" USING btree ("shop_id","day");--> statement-breakpoint
-- A database from before these rollups: orders by value and by hour, from the orders (as rebuildRollups computes them).
INSERT INTO "daily_order_value_stats" ("day", "shop_id", "value_yuan", "order_count", "order_cents", "paid_count", "paid_cents")
SELECT "day", "shop_id", "value_yuan", sum("oc"), sum("ocents"), sum("pc"), sum("pcents") FROM (
  SELECT ("created_at" AT TIME ZONE 'Asia/Shanghai')::date AS "day", "shop_id", floor("need_pay_cents" / 100.0)::int AS "value_yuan", count(*) AS "oc", sum("need_pay_cents") AS "ocents", 0 AS "pc", 0 AS "pcents" FROM "orders" GROUP BY 1, 2, 3
  UNION ALL SELECT ("paid_at" AT TIME ZONE 'Asia/Shanghai')::date, "shop_id", floor("paid_cents" / 100.0)::int, 0, 0, count(*), sum("paid_cents") FROM "orders" WHERE "paid_at" IS NOT NULL GROUP BY 1, 2, 3
) f GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "daily_hour_stats" ("day", "shop_id", "hour", "order_count", "order_cents")
SELECT ("created_at" AT TIME ZONE 'Asia/Shanghai')::date, "shop_id", extract(hour FROM ("created_at" AT TIME ZONE 'Asia/Shanghai'))::smallint, count(*), sum("need_pay_cents") FROM "orders" GROUP BY 1, 2, 3;
