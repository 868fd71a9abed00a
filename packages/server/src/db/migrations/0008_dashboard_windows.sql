CREATE TABLE "goods_window_stats" (
	"days" smallint NOT NULL,
	"goods_id" integer NOT NULL,
	"sold_num" integer DEFAULT 0 NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "goods_window_stats_days_goods_id_pk" PRIMARY KEY("days","goods_id")
);
--> statement-breakpoint
CREATE TABLE "rollup_windows" (
	"id" smallint PRIMARY KEY NOT NULL,
	"through" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_window_stats" (
	"days" smallint NOT NULL,
	"shop_id" integer NOT NULL,
	"paid_count" integer DEFAULT 0 NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "shop_window_stats_days_shop_id_pk" PRIMARY KEY("days","shop_id")
);
--> statement-breakpoint
CREATE INDEX "goods_window_stats_top_idx" ON "goods_window_stats" USING btree ("days","sold_num" DESC NULLS LAST,"goods_id");--> statement-breakpoint
CREATE INDEX "shop_window_stats_top_idx" ON "shop_window_stats" USING btree ("days","paid_cents" DESC NULLS LAST,"shop_id");--> statement-breakpoint
INSERT INTO "rollup_windows" ("id", "through") VALUES (1, '1970-01-01') ON CONFLICT DO NOTHING;
