CREATE TABLE "shop_contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_no" varchar(32) NOT NULL,
	"shop_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"file_url" varchar(500) NOT NULL,
	"file_name" varchar(200) DEFAULT '' NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"terminated_at" timestamp with time zone,
	"terminate_reason" varchar(200) DEFAULT '' NOT NULL,
	"terminated_by" varchar(50) DEFAULT '' NOT NULL,
	"expiry_notice_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "shop_contracts_no_uq" ON "shop_contracts" USING btree ("contract_no");--> statement-breakpoint
CREATE INDEX "shop_contracts_shop_end_idx" ON "shop_contracts" USING btree ("shop_id","end_date","id");--> statement-breakpoint
CREATE INDEX "shop_contracts_end_idx" ON "shop_contracts" USING btree ("end_date","id");--> statement-breakpoint
CREATE INDEX "shop_contracts_created_idx" ON "shop_contracts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "shop_contracts_notice_idx" ON "shop_contracts" USING btree ("end_date") WHERE "shop_contracts"."expiry_notice_at" is null and "shop_contracts"."terminated_at" is null;