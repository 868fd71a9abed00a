CREATE TABLE "focus_pictures" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_type" varchar(10) NOT NULL,
	"pic_url" varchar(500) NOT NULL,
	"operation_type" varchar(10) DEFAULT 'NONE' NOT NULL,
	"operation_param" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_navigations" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_type" varchar(10) NOT NULL,
	"name" varchar(6) NOT NULL,
	"url" varchar(255) NOT NULL,
	"image" varchar(500) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"show" smallint DEFAULT 1 NOT NULL,
	"new_window" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "focus_pictures_client_idx" ON "focus_pictures" USING btree ("client_type","id");--> statement-breakpoint
CREATE INDEX "site_navigations_client_sort_idx" ON "site_navigations" USING btree ("client_type","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_navigations_client_name_uq" ON "site_navigations" USING btree ("client_type","name");