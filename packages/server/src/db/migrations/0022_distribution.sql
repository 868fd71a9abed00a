CREATE TABLE "commission_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"distribution_order_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"member_name" varchar(20) NOT NULL,
	"order_sn" varchar(32) NOT NULL,
	"buyer_name" varchar(20) NOT NULL,
	"level" smallint NOT NULL,
	"order_cents" integer DEFAULT 0 NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"status" varchar(8) DEFAULT 'WAIT' NOT NULL,
	"settle_at" timestamp with time zone NOT NULL,
	"returned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commission_tpls" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(20) NOT NULL,
	"grade1_bp" integer NOT NULL,
	"grade2_bp" integer NOT NULL,
	"is_default" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_tpls_grades" CHECK ("commission_tpls"."grade1_bp" between 0 and 10000 and "commission_tpls"."grade2_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "distribution_bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"sn" varchar(32) NOT NULL,
	"member_id" integer NOT NULL,
	"member_name" varchar(20) NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"order_cents" integer DEFAULT 0 NOT NULL,
	"commission_cents" integer DEFAULT 0 NOT NULL,
	"return_order_num" integer DEFAULT 0 NOT NULL,
	"return_order_cents" integer DEFAULT 0 NOT NULL,
	"return_commission_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "distribution_goods" (
	"goods_id" integer PRIMARY KEY NOT NULL,
	"grade1_cents" integer DEFAULT 0 NOT NULL,
	"grade2_cents" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "distribution_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"can_rebate_change" integer DEFAULT 0 NOT NULL,
	"frozen_change" integer DEFAULT 0 NOT NULL,
	"withdraw_frozen_change" integer DEFAULT 0 NOT NULL,
	"can_rebate_after" integer NOT NULL,
	"frozen_after" integer NOT NULL,
	"withdraw_frozen_after" integer DEFAULT 0 NOT NULL,
	"ref_sn" varchar(32) DEFAULT '' NOT NULL,
	"operator_name" varchar(50) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "distribution_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"order_sn" varchar(32) NOT NULL,
	"buyer_id" integer NOT NULL,
	"buyer_name" varchar(20) NOT NULL,
	"shop_name" varchar(30) NOT NULL,
	"order_cents" integer DEFAULT 0 NOT NULL,
	"lv1_id" integer,
	"lv1_name" varchar(20) DEFAULT '' NOT NULL,
	"grade1_cents" integer DEFAULT 0 NOT NULL,
	"lv2_id" integer,
	"lv2_name" varchar(20) DEFAULT '' NOT NULL,
	"grade2_cents" integer DEFAULT 0 NOT NULL,
	"status" varchar(8) DEFAULT 'WAIT' NOT NULL,
	"settle_at" timestamp with time zone NOT NULL,
	"returned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "distributors" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"member_name" varchar(20) NOT NULL,
	"mobile" varchar(20) DEFAULT '' NOT NULL,
	"parent_id" integer,
	"grandparent_id" integer,
	"tpl_id" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"can_rebate_cents" integer DEFAULT 0 NOT NULL,
	"frozen_cents" integer DEFAULT 0 NOT NULL,
	"withdraw_frozen_cents" integer DEFAULT 0 NOT NULL,
	"rebate_total_cents" integer DEFAULT 0 NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"turnover_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "distributors_money" CHECK ("distributors"."frozen_cents" >= 0 and "distributors"."withdraw_frozen_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "withdraw_applies" (
	"id" serial PRIMARY KEY NOT NULL,
	"sn" varchar(32) NOT NULL,
	"member_id" integer NOT NULL,
	"member_name" varchar(20) NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"way" varchar(8) NOT NULL,
	"account" varchar(50) DEFAULT '' NOT NULL,
	"status" varchar(12) DEFAULT 'WAIT_AUDIT' NOT NULL,
	"apply_remark" varchar(200) DEFAULT '' NOT NULL,
	"audit_remark" varchar(200) DEFAULT '' NOT NULL,
	"transfer_remark" varchar(200) DEFAULT '' NOT NULL,
	"close_reason" varchar(200) DEFAULT '' NOT NULL,
	"operator_name" varchar(50) DEFAULT '' NOT NULL,
	"audited_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdraw_applies_amount_positive" CHECK ("withdraw_applies"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "distributors" ADD CONSTRAINT "distributors_tpl_id_commission_tpls_id_fk" FOREIGN KEY ("tpl_id") REFERENCES "public"."commission_tpls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commission_records_created_idx" ON "commission_records" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "commission_records_member_created_idx" ON "commission_records" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "commission_records_status_created_idx" ON "commission_records" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "commission_records_order_idx" ON "commission_records" USING btree ("distribution_order_id");--> statement-breakpoint
CREATE INDEX "commission_records_due_idx" ON "commission_records" USING btree ("settle_at") WHERE "commission_records"."status" = 'WAIT';--> statement-breakpoint
CREATE INDEX "commission_records_member_name_trgm_idx" ON "commission_records" USING gin ("member_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "commission_records_sn_trgm_idx" ON "commission_records" USING gin ("order_sn" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "commission_tpls_name_uq" ON "commission_tpls" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "commission_tpls_default_uq" ON "commission_tpls" USING btree ("is_default") WHERE "commission_tpls"."is_default" = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "distribution_bills_member_period_uq" ON "distribution_bills" USING btree ("member_id","start_at");--> statement-breakpoint
CREATE INDEX "distribution_bills_start_idx" ON "distribution_bills" USING btree ("start_at");--> statement-breakpoint
CREATE INDEX "distribution_bills_member_name_trgm_idx" ON "distribution_bills" USING gin ("member_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "distribution_ledger_member_idx" ON "distribution_ledger" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "distribution_orders_order_uq" ON "distribution_orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "distribution_orders_created_idx" ON "distribution_orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "distribution_orders_status_created_idx" ON "distribution_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "distribution_orders_lv1_created_idx" ON "distribution_orders" USING btree ("lv1_id","created_at");--> statement-breakpoint
CREATE INDEX "distribution_orders_lv2_created_idx" ON "distribution_orders" USING btree ("lv2_id","created_at");--> statement-breakpoint
CREATE INDEX "distribution_orders_sn_trgm_idx" ON "distribution_orders" USING gin ("order_sn" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "distributors_created_idx" ON "distributors" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "distributors_can_rebate_idx" ON "distributors" USING btree ("can_rebate_cents");--> statement-breakpoint
CREATE INDEX "distributors_status_created_idx" ON "distributors" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "distributors_parent_idx" ON "distributors" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "distributors_grandparent_idx" ON "distributors" USING btree ("grandparent_id");--> statement-breakpoint
CREATE INDEX "distributors_tpl_idx" ON "distributors" USING btree ("tpl_id");--> statement-breakpoint
CREATE INDEX "distributors_name_trgm_idx" ON "distributors" USING gin ("member_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "distributors_mobile_trgm_idx" ON "distributors" USING gin ("mobile" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "withdraw_applies_sn_uq" ON "withdraw_applies" USING btree ("sn");--> statement-breakpoint
CREATE INDEX "withdraw_applies_created_idx" ON "withdraw_applies" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "withdraw_applies_status_created_idx" ON "withdraw_applies" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "withdraw_applies_member_name_trgm_idx" ON "withdraw_applies" USING gin ("member_name" gin_trgm_ops);--> statement-breakpoint
INSERT INTO "commission_tpls" ("name", "grade1_bp", "grade2_bp", "is_default") VALUES ('默认模板', 1000, 500, 1);
