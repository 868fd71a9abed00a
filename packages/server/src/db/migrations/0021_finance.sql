CREATE TABLE "bill_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bill_id" integer NOT NULL,
	"status" varchar(10) NOT NULL,
	"action" varchar(10) NOT NULL,
	"operator_type" varchar(8) NOT NULL,
	"operator_id" integer,
	"operator_name" varchar(50) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_zpzz" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"company_name" varchar(100) NOT NULL,
	"taxpayer_code" varchar(30) NOT NULL,
	"register_address" varchar(200) NOT NULL,
	"register_tel" varchar(30) NOT NULL,
	"bank_name" varchar(50) NOT NULL,
	"bank_account" varchar(40) NOT NULL,
	"status" varchar(12) DEFAULT 'NEW_APPLY' NOT NULL,
	"audit_remark" varchar(200) DEFAULT '' NOT NULL,
	"auditor_id" integer,
	"auditor_name" varchar(50) DEFAULT '' NOT NULL,
	"audited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_histories" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"order_sn" varchar(32) NOT NULL,
	"order_cents" integer DEFAULT 0 NOT NULL,
	"shop_id" integer NOT NULL,
	"seller_name" varchar(30) NOT NULL,
	"member_id" integer NOT NULL,
	"member_name" varchar(20) NOT NULL,
	"receipt_type" varchar(12) NOT NULL,
	"title" varchar(100) NOT NULL,
	"content" varchar(50) DEFAULT '' NOT NULL,
	"tax_no" varchar(30) DEFAULT '' NOT NULL,
	"reg_addr" varchar(200) DEFAULT '' NOT NULL,
	"reg_tel" varchar(30) DEFAULT '' NOT NULL,
	"bank_name" varchar(50) DEFAULT '' NOT NULL,
	"bank_account" varchar(40) DEFAULT '' NOT NULL,
	"member_mobile" varchar(20) DEFAULT '' NOT NULL,
	"ship_name" varchar(30) DEFAULT '' NOT NULL,
	"ship_address" varchar(300) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"logi_name" varchar(30) DEFAULT '' NOT NULL,
	"logi_code" varchar(40) DEFAULT '' NOT NULL,
	"issued_at" timestamp with time zone,
	"goods" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recharges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sn" varchar(32) NOT NULL,
	"member_id" integer NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"way" varchar(12) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "commission_rate" numeric(5, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "refund_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "cod_refund_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "pay_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bill_logs" ADD CONSTRAINT "bill_logs_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_zpzz" ADD CONSTRAINT "member_zpzz_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharges" ADD CONSTRAINT "recharges_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_logs_bill_idx" ON "bill_logs" USING btree ("bill_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "member_zpzz_member_uq" ON "member_zpzz" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "member_zpzz_status_created_idx" ON "member_zpzz" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "member_zpzz_created_idx" ON "member_zpzz" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_histories_order_uq" ON "receipt_histories" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "receipt_histories_sn_idx" ON "receipt_histories" USING btree ("order_sn");--> statement-breakpoint
CREATE INDEX "receipt_histories_created_idx" ON "receipt_histories" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "receipt_histories_status_idx" ON "receipt_histories" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "receipt_histories_type_idx" ON "receipt_histories" USING btree ("receipt_type","created_at","id");--> statement-breakpoint
CREATE INDEX "receipt_histories_member_idx" ON "receipt_histories" USING btree ("member_id","created_at","id");--> statement-breakpoint
CREATE INDEX "receipt_histories_shop_idx" ON "receipt_histories" USING btree ("shop_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "recharges_sn_uq" ON "recharges" USING btree ("sn");--> statement-breakpoint
CREATE INDEX "recharges_created_idx" ON "recharges" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "recharges_member_idx" ON "recharges" USING btree ("member_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_shop_end_uq" ON "bills" USING btree ("shop_id","end_at");--> statement-breakpoint
CREATE INDEX "orders_bill_id_idx" ON "orders" USING btree ("bill_id","id");--> statement-breakpoint
CREATE INDEX "refunds_bill_id_idx" ON "refunds" USING btree ("bill_id","id");