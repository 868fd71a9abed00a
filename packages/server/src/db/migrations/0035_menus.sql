CREATE TABLE "menus" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"parent_name" varchar(64),
	"sort" integer DEFAULT 0 NOT NULL,
	"title_zh" varchar(20),
	"title_en" varchar(20),
	"visible" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "menus_parent_sort_idx" ON "menus" USING btree ("parent_name","sort");