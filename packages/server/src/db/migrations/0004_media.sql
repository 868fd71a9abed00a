CREATE TABLE "resource_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_name" varchar(20) NOT NULL,
	"group_type" varchar(10) NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"depth" smallint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resources" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"resource_name" varchar(100) NOT NULL,
	"group_id" integer DEFAULT 0 NOT NULL,
	"group_type" varchar(10) NOT NULL,
	"resource_url" varchar(500) NOT NULL,
	"stored_file_id" bigint NOT NULL,
	"resource_storage" integer NOT NULL,
	"img_width" integer,
	"img_height" integer,
	"video_duration" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_stored_file_id_stored_files_id_fk" FOREIGN KEY ("stored_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "resource_groups_sibling_name_uq" ON "resource_groups" USING btree ("group_type","parent_id","group_name");--> statement-breakpoint
CREATE INDEX "resource_groups_parent_idx" ON "resource_groups" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "resources_type_created_idx" ON "resources" USING btree ("group_type","created_at","id");--> statement-breakpoint
CREATE INDEX "resources_type_group_created_idx" ON "resources" USING btree ("group_type","group_id","created_at","id");--> statement-breakpoint
CREATE INDEX "resources_stored_file_idx" ON "resources" USING btree ("stored_file_id");