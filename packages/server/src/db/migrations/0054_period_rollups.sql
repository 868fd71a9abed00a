CREATE TABLE "period_goods_stats" (
	"period" varchar(7) NOT NULL,
	"goods_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"sold_num" integer DEFAULT 0 NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"pv" integer DEFAULT 0 NOT NULL,
	"favorites" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "period_goods_stats_period_goods_id_pk" PRIMARY KEY("period","goods_id")
);
--> statement-breakpoint
CREATE TABLE "period_member_stats" (
	"period" varchar(7) NOT NULL,
	"shop_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"order_cents" bigint DEFAULT 0 NOT NULL,
	"goods_num" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "period_member_stats_period_shop_id_member_id_pk" PRIMARY KEY("period","shop_id","member_id")
);
--> statement-breakpoint
-- A database from before the month and year rows: they sum its daily rows (as rebuildPeriodRollups computes them).
INSERT INTO "period_goods_stats" ("period", "goods_id", "shop_id", "sold_num", "paid_cents", "pv", "favorites")
SELECT p."period", d."goods_id", min(d."shop_id"), sum(d."sold_num"), sum(d."paid_cents"), sum(d."pv"), sum(d."favorites")
FROM "daily_goods_stats" d CROSS JOIN LATERAL (VALUES (to_char(d."day", 'YYYY')), (to_char(d."day", 'YYYY-MM'))) p("period")
GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "period_member_stats" ("period", "shop_id", "member_id", "order_count", "order_cents", "goods_num")
SELECT p."period", s."shop_id", d."member_id", sum(d."order_count"), sum(d."order_cents"), sum(d."goods_num")
FROM "daily_member_stats" d
CROSS JOIN LATERAL (VALUES (to_char(d."day", 'YYYY')), (to_char(d."day", 'YYYY-MM'))) p("period")
CROSS JOIN LATERAL (VALUES (d."shop_id"), (0)) s("shop_id")
GROUP BY 1, 2, 3;--> statement-breakpoint
CREATE INDEX "period_goods_stats_shop_idx" ON "period_goods_stats" USING btree ("period","shop_id");