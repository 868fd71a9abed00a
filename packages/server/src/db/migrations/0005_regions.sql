CREATE TABLE "countries" (
	"code" varchar(2) PRIMARY KEY NOT NULL,
	"name_zh" varchar(100) NOT NULL,
	"name_en" varchar(100) NOT NULL,
	"tel" varchar(4) NOT NULL,
	"mobile_regex" text NOT NULL,
	"mobile_example" varchar(20) DEFAULT '' NOT NULL,
	"flag" varchar(16) DEFAULT '' NOT NULL,
	"sort" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "country_cities" (
	"id" integer PRIMARY KEY NOT NULL,
	"state_id" integer NOT NULL,
	"name" varchar(120) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "country_states" (
	"id" integer PRIMARY KEY NOT NULL,
	"country_code" varchar(2) NOT NULL,
	"name" varchar(120) NOT NULL,
	"code" varchar(10) DEFAULT '' NOT NULL,
	"has_city" smallint DEFAULT 0 NOT NULL,
	"cities_loaded" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_data" (
	"name" varchar(40) PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" integer PRIMARY KEY NOT NULL,
	"parent_id" integer NOT NULL,
	"level" smallint NOT NULL,
	"name" varchar(50) NOT NULL,
	"path" varchar(40) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop_details" ADD COLUMN "license_region_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_details" ADD COLUMN "bank_region_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
CREATE INDEX "country_cities_state_idx" ON "country_cities" USING btree ("state_id","name");--> statement-breakpoint
CREATE INDEX "country_states_country_idx" ON "country_states" USING btree ("country_code","name");--> statement-breakpoint
CREATE INDEX "regions_parent_idx" ON "regions" USING btree ("parent_id","id");