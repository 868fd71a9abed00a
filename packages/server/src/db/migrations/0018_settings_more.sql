CREATE TABLE "currencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(3) NOT NULL,
	"name" varchar(20) NOT NULL,
	"symbol" varchar(5) NOT NULL,
	"rate" numeric(18, 8) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" smallint DEFAULT 1 NOT NULL,
	"auto_rate" smallint DEFAULT 0 NOT NULL,
	"is_default" smallint DEFAULT 0 NOT NULL,
	"rate_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "logi_companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(30) NOT NULL,
	"code" varchar(20) NOT NULL,
	"kdcode" varchar(20) DEFAULT '' NOT NULL,
	"is_waybill" smallint DEFAULT 0 NOT NULL,
	"form_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"disabled" varchar(5) DEFAULT 'OPEN' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_method_clients" (
	"plugin_id" varchar(40) NOT NULL,
	"client_type" varchar(10) NOT NULL,
	"is_open" smallint DEFAULT 0 NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "payment_method_clients_plugin_id_client_type_pk" PRIMARY KEY("plugin_id","client_type")
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"plugin_id" varchar(40) PRIMARY KEY NOT NULL,
	"method_name" varchar(20) NOT NULL,
	"is_retrace" smallint DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_method_clients" ADD CONSTRAINT "payment_method_clients_plugin_id_payment_methods_plugin_id_fk" FOREIGN KEY ("plugin_id") REFERENCES "public"."payment_methods"("plugin_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "currencies_code_uq" ON "currencies" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "currencies_name_uq" ON "currencies" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "currencies_default_uq" ON "currencies" USING btree ("is_default") WHERE "currencies"."is_default" = 1;--> statement-breakpoint
CREATE INDEX "currencies_sort_idx" ON "currencies" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "currencies_enabled_sort_idx" ON "currencies" USING btree ("enabled","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "logi_companies_name_uq" ON "logi_companies" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "logi_companies_code_uq" ON "logi_companies" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "logi_companies_kdcode_uq" ON "logi_companies" USING btree ("kdcode") WHERE "logi_companies"."kdcode" <> '';--> statement-breakpoint
CREATE INDEX "logi_companies_disabled_idx" ON "logi_companies" USING btree ("disabled","id");--> statement-breakpoint
CREATE INDEX "shipments_logi_name_idx" ON "shipments" USING btree ("logi_name");