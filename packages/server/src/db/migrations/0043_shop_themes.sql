CREATE TABLE "shop_themes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(20) NOT NULL,
	"mark" varchar(30) NOT NULL,
	"image" varchar(500) NOT NULL,
	"type" varchar(3) NOT NULL,
	"is_default" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "mobile" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "pc_theme_id" integer;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "wap_theme_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_themes_mark_uq" ON "shop_themes" USING btree ("mark");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_themes_default_uq" ON "shop_themes" USING btree ("type") WHERE "shop_themes"."is_default" = 1;--> statement-breakpoint
CREATE INDEX "shop_themes_type_idx" ON "shop_themes" USING btree ("type","id");--> statement-breakpoint
CREATE INDEX "shops_pc_theme_idx" ON "shops" USING btree ("pc_theme_id");--> statement-breakpoint
CREATE INDEX "shops_wap_theme_idx" ON "shops" USING btree ("wap_theme_id");