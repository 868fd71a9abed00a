CREATE TABLE "pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_type" varchar(10) NOT NULL,
	"page_name" varchar(30) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"page_data" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"publish_status" varchar(3) DEFAULT 'NO' NOT NULL,
	"is_index" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pages_client_created_idx" ON "pages" USING btree ("client_type","created_at","id");--> statement-breakpoint
CREATE INDEX "pages_client_publish_created_idx" ON "pages" USING btree ("client_type","publish_status","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "pages_client_index_uq" ON "pages" USING btree ("client_type") WHERE "pages"."is_index" = 1;