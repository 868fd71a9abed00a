CREATE TABLE "period_order_value_stats" (
	"period" varchar(7) NOT NULL,
	"shop_id" integer NOT NULL,
	"value_yuan" integer NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"order_cents" bigint DEFAULT 0 NOT NULL,
	"paid_count" integer DEFAULT 0 NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "period_order_value_stats_period_shop_id_value_yuan_pk" PRIMARY KEY("period","shop_id","value_yuan")
);
--> statement-breakpoint
CREATE TABLE "period_region_members" (
	"period" varchar(7) NOT NULL,
	"shop_id" integer NOT NULL,
	"province_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	CONSTRAINT "period_region_members_period_shop_id_province_id_member_id_pk" PRIMARY KEY("period","shop_id","province_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "period_region_stats" (
	"period" varchar(7) NOT NULL,
	"shop_id" integer NOT NULL,
	"province_id" integer NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"order_cents" bigint DEFAULT 0 NOT NULL,
	"member_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "period_region_stats_period_shop_id_province_id_pk" PRIMARY KEY("period","shop_id","province_id")
);
--> statement-breakpoint
-- A database from before these rows: they sum its daily rows (as rebuildPeriodRollups computes them).
INSERT INTO "period_order_value_stats" ("period", "shop_id", "value_yuan", "order_count", "order_cents", "paid_count", "paid_cents")
SELECT p."period", s."shop_id", d."value_yuan", sum(d."order_count"), sum(d."order_cents"), sum(d."paid_count"), sum(d."paid_cents")
FROM "daily_order_value_stats" d
CROSS JOIN LATERAL (VALUES (to_char(d."day", 'YYYY')), (to_char(d."day", 'YYYY-MM'))) p("period")
CROSS JOIN LATERAL (VALUES (d."shop_id"), (0)) s("shop_id")
GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "period_region_members" ("period", "shop_id", "province_id", "member_id")
SELECT DISTINCT p."period", s."shop_id", d."province_id", d."member_id"
FROM "daily_region_stats" d
CROSS JOIN LATERAL (VALUES (to_char(d."day", 'YYYY')), (to_char(d."day", 'YYYY-MM'))) p("period")
CROSS JOIN LATERAL (VALUES (d."shop_id"), (0)) s("shop_id");--> statement-breakpoint
INSERT INTO "period_region_stats" ("period", "shop_id", "province_id", "order_count", "order_cents", "member_count")
SELECT p."period", s."shop_id", d."province_id", sum(d."order_count"), sum(d."order_cents"), count(DISTINCT d."member_id")
FROM "daily_region_stats" d
CROSS JOIN LATERAL (VALUES (to_char(d."day", 'YYYY')), (to_char(d."day", 'YYYY-MM'))) p("period")
CROSS JOIN LATERAL (VALUES (d."shop_id"), (0)) s("shop_id")
GROUP BY 1, 2, 3;
