CREATE TABLE "ui_dict_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" varchar(10) DEFAULT 'admin' NOT NULL,
	"key" varchar(200) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"shipped" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ui_dict_keys_key_uq" ON "ui_dict_keys" USING btree ("type","key");--> statement-breakpoint
CREATE INDEX "ui_dict_keys_kind_idx" ON "ui_dict_keys" USING btree ("kind","id");