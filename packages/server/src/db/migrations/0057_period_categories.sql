CREATE TABLE "period_category_stats" (
	"period" varchar(7) NOT NULL,
	"shop_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"sold_num" integer DEFAULT 0 NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "period_category_stats_period_shop_id_category_id_pk" PRIMARY KEY("period","shop_id","category_id")
);
--> statement-breakpoint
DROP INDEX "goods_category_path_idx";--> statement-breakpoint
CREATE INDEX "goods_category_path_idx" ON "goods" USING btree ("category_path" text_pattern_ops) include ("disabled", "id", "shop_id");--> statement-breakpoint
-- A database from before these rows: they sum its daily rows (as rebuildPeriodRollups computes them).
INSERT INTO "period_category_stats" ("period", "shop_id", "category_id", "order_count", "sold_num", "paid_cents")
SELECT p."period", s."shop_id", d."category_id", sum(d."order_count"), sum(d."sold_num"), sum(d."paid_cents")
FROM "daily_category_stats" d
CROSS JOIN LATERAL (VALUES (to_char(d."day", 'YYYY')), (to_char(d."day", 'YYYY-MM'))) p("period")
CROSS JOIN LATERAL (VALUES (d."shop_id"), (0)) s("shop_id")
GROUP BY 1, 2, 3;
