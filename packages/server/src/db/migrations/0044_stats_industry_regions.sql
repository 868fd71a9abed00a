CREATE TABLE "daily_category_stats" (
	"day" date NOT NULL,
	"category_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"sold_num" integer DEFAULT 0 NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_category_stats_category_id_day_shop_id_pk" PRIMARY KEY("category_id","day","shop_id")
);
--> statement-breakpoint
CREATE TABLE "daily_region_stats" (
	"day" date NOT NULL,
	"province_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"order_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_region_stats_day_province_id_shop_id_member_id_pk" PRIMARY KEY("day","province_id","shop_id","member_id")
);
--> statement-breakpoint
CREATE INDEX "daily_region_stats_shop_idx" ON "daily_region_stats" USING btree ("shop_id","day");--> statement-breakpoint
-- A database from before this rollup: paid order lines per category and every category above it (as rebuildRollups computes them).
INSERT INTO "daily_category_stats" ("day", "category_id", "shop_id", "order_count", "sold_num", "paid_cents")
SELECT ("o"."paid_at" AT TIME ZONE 'Asia/Shanghai')::date, "c"."id"::int, "o"."shop_id", count(DISTINCT "o"."id"), sum("i"."num"), sum("i"."subtotal_cents")
FROM "order_items" "i" JOIN "orders" "o" ON "o"."id" = "i"."order_id" JOIN "goods" "g" ON "g"."id" = "i"."goods_id"
CROSS JOIN LATERAL unnest(string_to_array("g"."category_path", '|')) AS "c"("id")
WHERE "o"."paid_at" IS NOT NULL AND "c"."id" NOT IN ('', '0') GROUP BY 1, 2, 3;
--> statement-breakpoint
-- Placed orders per ship-to province and buyer (as rebuildRollups computes them).
INSERT INTO "daily_region_stats" ("day", "province_id", "shop_id", "member_id", "order_count", "order_cents")
SELECT ("o"."created_at" AT TIME ZONE 'Asia/Shanghai')::date, coalesce("p"."id", 0), "o"."shop_id", "o"."member_id", count(*), sum("o"."need_pay_cents")
FROM "orders" "o" LEFT JOIN "regions" "p" ON "p"."parent_id" = 0 AND "p"."name" = split_part(trim("o"."ship_region"), ' ', 1)
GROUP BY 1, 2, 3, 4;
