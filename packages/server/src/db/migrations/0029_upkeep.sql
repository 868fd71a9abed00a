CREATE SEQUENCE "public"."regions_operator_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 10000000 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."country_states_operator_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100000000 CACHE 1;--> statement-breakpoint
CREATE TABLE "oauth2_clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"client_id" varchar(40) NOT NULL,
	"secret_hash" varchar(64) NOT NULL,
	"secret_issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"access_token_seconds" integer NOT NULL,
	"refresh_token_seconds" integer NOT NULL,
	"grant_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"redirect_uris" text[] DEFAULT '{}'::text[] NOT NULL,
	"shop_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"brand_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "edited" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "country_states" ADD COLUMN "edited" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reference_data" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "regions" ADD COLUMN "zipcode" varchar(6) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "regions" ADD COLUMN "cod" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "regions" ADD COLUMN "edited" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "oauth2_clients_name_uq" ON "oauth2_clients" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth2_clients_client_id_uq" ON "oauth2_clients" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "oauth2_clients_status_idx" ON "oauth2_clients" USING btree ("status","id");