CREATE TABLE "stored_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" varchar(300) NOT NULL,
	"driver" varchar(10) NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"duration" integer,
	"original_name" varchar(200) DEFAULT '' NOT NULL,
	"uploader_type" varchar(10) DEFAULT 'ADMIN' NOT NULL,
	"uploader_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"kind" varchar(12) NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"balance_after" bigint DEFAULT 0 NOT NULL,
	"reason" varchar(200) NOT NULL,
	"operator_type" varchar(10) NOT NULL,
	"operator_id" integer,
	"operator_name" varchar(50) DEFAULT '' NOT NULL,
	"ref_sn" varchar(40) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"level_name" varchar(20) NOT NULL,
	"level_icon" varchar(500) DEFAULT '' NOT NULL,
	"benefit_ratio" smallint DEFAULT 100 NOT NULL,
	"allocation_ratio" smallint DEFAULT 0 NOT NULL,
	"min_point" integer DEFAULT 0 NOT NULL,
	"max_point" integer,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"is_default" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" serial PRIMARY KEY NOT NULL,
	"uname" varchar(20) NOT NULL,
	"password_hash" varchar(200) DEFAULT '' NOT NULL,
	"nickname" varchar(30) DEFAULT '' NOT NULL,
	"face" varchar(500) DEFAULT '' NOT NULL,
	"mobile" varchar(20) NOT NULL,
	"email" varchar(100) DEFAULT '' NOT NULL,
	"sex" smallint DEFAULT 1 NOT NULL,
	"birthday" date,
	"region_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"region" varchar(100) DEFAULT '' NOT NULL,
	"address" varchar(200) DEFAULT '' NOT NULL,
	"tel" varchar(30) DEFAULT '' NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"level_id" integer,
	"grade_point" integer DEFAULT 0 NOT NULL,
	"consum_point" integer DEFAULT 0 NOT NULL,
	"balance_cents" bigint DEFAULT 0 NOT NULL,
	"disabled" smallint DEFAULT 0 NOT NULL,
	"register_source" varchar(10) DEFAULT 'PC' NOT NULL,
	"register_ip" varchar(64) DEFAULT '' NOT NULL,
	"login_count" integer DEFAULT 0 NOT NULL,
	"last_login_at" timestamp with time zone,
	"have_shop" smallint DEFAULT 0 NOT NULL,
	"shop_id" integer,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"sn" varchar(32) NOT NULL,
	"shop_id" integer NOT NULL,
	"shop_name" varchar(30) NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"status" varchar(10) DEFAULT 'OUT' NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"order_cents" bigint DEFAULT 0 NOT NULL,
	"refund_cents" bigint DEFAULT 0 NOT NULL,
	"commission_cents" bigint DEFAULT 0 NOT NULL,
	"refund_commission_cents" bigint DEFAULT 0 NOT NULL,
	"bill_cents" bigint DEFAULT 0 NOT NULL,
	"bank" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "margin_flows" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"total_after_cents" bigint,
	"vouchers" text[] DEFAULT '{}'::text[] NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"auth_status" varchar(12) NOT NULL,
	"auth_remark" varchar(200) DEFAULT '' NOT NULL,
	"auditor_id" integer,
	"auditor_name" varchar(50) DEFAULT '' NOT NULL,
	"audited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_details" (
	"shop_id" integer PRIMARY KEY NOT NULL,
	"company_name" varchar(100) DEFAULT '' NOT NULL,
	"company_address" varchar(200) DEFAULT '' NOT NULL,
	"company_phone" varchar(30) DEFAULT '' NOT NULL,
	"company_email" varchar(100) DEFAULT '' NOT NULL,
	"employee_num" integer DEFAULT 0 NOT NULL,
	"reg_money" integer DEFAULT 0 NOT NULL,
	"link_name" varchar(30) DEFAULT '' NOT NULL,
	"link_phone" varchar(20) DEFAULT '' NOT NULL,
	"legal_name" varchar(30) DEFAULT '' NOT NULL,
	"legal_id" varchar(30) DEFAULT '' NOT NULL,
	"legal_img" varchar(500) DEFAULT '' NOT NULL,
	"license_num" varchar(50) DEFAULT '' NOT NULL,
	"license_region" varchar(100) DEFAULT '' NOT NULL,
	"license_address" varchar(200) DEFAULT '' NOT NULL,
	"establish_date" date,
	"licence_start" date,
	"licence_end" date,
	"scope" varchar(500) DEFAULT '' NOT NULL,
	"licence_img" varchar(500) DEFAULT '' NOT NULL,
	"bank_account_name" varchar(50) DEFAULT '' NOT NULL,
	"bank_number" varchar(40) DEFAULT '' NOT NULL,
	"bank_name" varchar(50) DEFAULT '' NOT NULL,
	"bank_region" varchar(100) DEFAULT '' NOT NULL,
	"bank_img" varchar(500) DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shops" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"member_name" varchar(20) NOT NULL,
	"shop_name" varchar(30) NOT NULL,
	"status" varchar(10) NOT NULL,
	"self_operated" smallint DEFAULT 0 NOT NULL,
	"logo" varchar(500) DEFAULT '' NOT NULL,
	"banner" varchar(500) DEFAULT '' NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"region_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"region" varchar(100) DEFAULT '' NOT NULL,
	"address" varchar(200) DEFAULT '' NOT NULL,
	"commission_rate" numeric(5, 2) DEFAULT 5 NOT NULL,
	"settlement_days" smallint[] DEFAULT '{1}'::smallint[] NOT NULL,
	"goods_category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"remaining_margin_cents" bigint DEFAULT 0 NOT NULL,
	"goods_num" integer DEFAULT 0 NOT NULL,
	"step" smallint DEFAULT 4 NOT NULL,
	"audit_remark" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"logo" varchar(500) NOT NULL,
	"disabled" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"name" varchar(50) NOT NULL,
	"path" varchar(100) DEFAULT '' NOT NULL,
	"level" smallint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"image" varchar(500) DEFAULT '' NOT NULL,
	"is_show" smallint DEFAULT 1 NOT NULL,
	"adv_image" varchar(500) DEFAULT '' NOT NULL,
	"adv_image_link" varchar(500) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_brands" (
	"category_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	CONSTRAINT "category_brands_category_id_brand_id_pk" PRIMARY KEY("category_id","brand_id")
);
--> statement-breakpoint
CREATE TABLE "goods" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"shop_name" varchar(30) NOT NULL,
	"category_id" integer NOT NULL,
	"category_path" varchar(100) NOT NULL,
	"brand_id" integer,
	"goods_name" varchar(100) NOT NULL,
	"sn" varchar(30) NOT NULL,
	"goods_type" varchar(10) DEFAULT 'NORMAL' NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"cost_cents" integer DEFAULT 0 NOT NULL,
	"mktprice_cents" integer DEFAULT 0 NOT NULL,
	"point" integer DEFAULT 0 NOT NULL,
	"weight_grams" integer DEFAULT 0 NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"enable_quantity" integer DEFAULT 0 NOT NULL,
	"thumbnail" varchar(500) DEFAULT '' NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"param_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"market_enable" smallint DEFAULT 0 NOT NULL,
	"is_auth" smallint DEFAULT 0 NOT NULL,
	"auth_message" varchar(200) DEFAULT '' NOT NULL,
	"under_message" varchar(520) DEFAULT '' NOT NULL,
	"disabled" smallint DEFAULT 1 NOT NULL,
	"priority" smallint DEFAULT 2 NOT NULL,
	"recommend" smallint DEFAULT 0 NOT NULL,
	"self_operated" smallint DEFAULT 0 NOT NULL,
	"buy_count" integer DEFAULT 0 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"comment_num" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"audited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "goods_skus" (
	"id" serial PRIMARY KEY NOT NULL,
	"goods_id" integer NOT NULL,
	"sn" varchar(40) NOT NULL,
	"specs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"properties_name" varchar(200) DEFAULT '' NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"cost_cents" integer DEFAULT 0 NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"enable_quantity" integer DEFAULT 0 NOT NULL,
	"image" varchar(500) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "param_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"group_name" varchar(50) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "params" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"param_name" varchar(50) NOT NULL,
	"param_type" smallint DEFAULT 1 NOT NULL,
	"options" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_index" smallint DEFAULT 0 NOT NULL,
	"required" smallint DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"goods_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"goods_name" varchar(100) NOT NULL,
	"properties_name" varchar(200) DEFAULT '' NOT NULL,
	"image" varchar(500) DEFAULT '' NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"num" integer NOT NULL,
	"subtotal_cents" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"status" varchar(16) NOT NULL,
	"message" varchar(300) NOT NULL,
	"operator_type" varchar(8) NOT NULL,
	"operator_name" varchar(50) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sn" varchar(32) NOT NULL,
	"shop_id" integer NOT NULL,
	"shop_name" varchar(30) NOT NULL,
	"member_id" integer NOT NULL,
	"member_name" varchar(20) NOT NULL,
	"status" varchar(16) NOT NULL,
	"pay_status" varchar(10) DEFAULT 'PAY_NO' NOT NULL,
	"ship_status" varchar(10) DEFAULT 'SHIP_NO' NOT NULL,
	"payment_type" varchar(8) DEFAULT 'ONLINE' NOT NULL,
	"client" varchar(8) DEFAULT 'PC' NOT NULL,
	"goods_num" integer DEFAULT 0 NOT NULL,
	"goods_cents" integer DEFAULT 0 NOT NULL,
	"shipping_cents" integer DEFAULT 0 NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"need_pay_cents" integer DEFAULT 0 NOT NULL,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"commission_cents" integer DEFAULT 0 NOT NULL,
	"ship_name" varchar(30) DEFAULT '' NOT NULL,
	"ship_mobile" varchar(20) DEFAULT '' NOT NULL,
	"ship_region" varchar(100) DEFAULT '' NOT NULL,
	"ship_address" varchar(200) DEFAULT '' NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"cancel_reason" varchar(200) DEFAULT '' NOT NULL,
	"bill_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"rog_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"order_sn" varchar(32) NOT NULL,
	"method" varchar(12) NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"trade_no" varchar(64) DEFAULT '' NOT NULL,
	"status" varchar(10) DEFAULT 'PAID' NOT NULL,
	"paid_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"logi_name" varchar(30) NOT NULL,
	"ship_no" varchar(40) NOT NULL,
	"shipped_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_goods_stats" (
	"day" date NOT NULL,
	"goods_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"sold_num" integer DEFAULT 0 NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"pv" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_goods_stats_day_goods_id_pk" PRIMARY KEY("day","goods_id")
);
--> statement-breakpoint
CREATE TABLE "daily_platform_stats" (
	"day" date PRIMARY KEY NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"order_cents" bigint DEFAULT 0 NOT NULL,
	"paid_count" integer DEFAULT 0 NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"refund_cents" bigint DEFAULT 0 NOT NULL,
	"new_members" integer DEFAULT 0 NOT NULL,
	"new_shops" integer DEFAULT 0 NOT NULL,
	"new_goods" integer DEFAULT 0 NOT NULL,
	"pv" integer DEFAULT 0 NOT NULL,
	"uv" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_shop_stats" (
	"day" date NOT NULL,
	"shop_id" integer NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"paid_count" integer DEFAULT 0 NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"pv" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_shop_stats_day_shop_id_pk" PRIMARY KEY("day","shop_id")
);
--> statement-breakpoint
ALTER TABLE "member_ledger" ADD CONSTRAINT "member_ledger_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "margin_flows" ADD CONSTRAINT "margin_flows_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_details" ADD CONSTRAINT "shop_details_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_brands" ADD CONSTRAINT "category_brands_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_brands" ADD CONSTRAINT "category_brands_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_skus" ADD CONSTRAINT "goods_skus_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "param_groups" ADD CONSTRAINT "param_groups_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "params" ADD CONSTRAINT "params_group_id_param_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."param_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "params" ADD CONSTRAINT "params_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stored_files_key_uq" ON "stored_files" USING btree ("key");--> statement-breakpoint
CREATE INDEX "member_ledger_member_idx" ON "member_ledger" USING btree ("member_id","kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "member_levels_name_uq" ON "member_levels" USING btree ("level_name");--> statement-breakpoint
CREATE UNIQUE INDEX "members_uname_uq" ON "members" USING btree ("uname");--> statement-breakpoint
CREATE UNIQUE INDEX "members_mobile_uq" ON "members" USING btree ("mobile");--> statement-breakpoint
CREATE INDEX "members_disabled_created_idx" ON "members" USING btree ("disabled","created_at");--> statement-breakpoint
CREATE INDEX "members_created_idx" ON "members" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "members_level_idx" ON "members" USING btree ("level_id");--> statement-breakpoint
CREATE INDEX "members_sex_idx" ON "members" USING btree ("sex");--> statement-breakpoint
CREATE INDEX "members_email_idx" ON "members" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_sn_uq" ON "bills" USING btree ("sn");--> statement-breakpoint
CREATE INDEX "bills_shop_idx" ON "bills" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "bills_status_idx" ON "bills" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "margin_flows_status_created_idx" ON "margin_flows" USING btree ("auth_status","created_at");--> statement-breakpoint
CREATE INDEX "margin_flows_shop_idx" ON "margin_flows" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shops_name_uq" ON "shops" USING btree ("shop_name");--> statement-breakpoint
CREATE INDEX "shops_status_created_idx" ON "shops" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "shops_member_idx" ON "shops" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "shops_created_idx" ON "shops" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "brands_name_uq" ON "brands" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_sibling_name_uq" ON "categories" USING btree ("parent_id","name");--> statement-breakpoint
CREATE INDEX "categories_parent_sort_idx" ON "categories" USING btree ("parent_id","sort");--> statement-breakpoint
CREATE INDEX "categories_path_idx" ON "categories" USING btree ("path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "category_brands_brand_idx" ON "category_brands" USING btree ("brand_id");--> statement-breakpoint
CREATE UNIQUE INDEX "goods_sn_uq" ON "goods" USING btree ("sn");--> statement-breakpoint
CREATE INDEX "goods_auth_created_idx" ON "goods" USING btree ("is_auth","created_at");--> statement-breakpoint
CREATE INDEX "goods_shop_idx" ON "goods" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "goods_category_path_idx" ON "goods" USING btree ("category_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "goods_category_idx" ON "goods" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "goods_brand_idx" ON "goods" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "goods_market_created_idx" ON "goods" USING btree ("market_enable","created_at");--> statement-breakpoint
CREATE INDEX "goods_price_idx" ON "goods" USING btree ("price_cents");--> statement-breakpoint
CREATE INDEX "goods_created_idx" ON "goods" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "goods_buy_count_idx" ON "goods" USING btree ("buy_count");--> statement-breakpoint
CREATE INDEX "goods_skus_goods_idx" ON "goods_skus" USING btree ("goods_id");--> statement-breakpoint
CREATE UNIQUE INDEX "goods_skus_sn_uq" ON "goods_skus" USING btree ("sn");--> statement-breakpoint
CREATE INDEX "param_groups_category_idx" ON "param_groups" USING btree ("category_id","sort");--> statement-breakpoint
CREATE INDEX "params_group_idx" ON "params" USING btree ("group_id","sort");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_items_goods_idx" ON "order_items" USING btree ("goods_id");--> statement-breakpoint
CREATE INDEX "order_logs_order_idx" ON "order_logs" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_sn_uq" ON "orders" USING btree ("sn");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "orders_shop_created_idx" ON "orders" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_member_created_idx" ON "orders" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_paid_idx" ON "orders" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "orders_bill_idx" ON "orders" USING btree ("shop_id","bill_id","paid_at");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payments_paid_idx" ON "payments" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "daily_goods_stats_goods_idx" ON "daily_goods_stats" USING btree ("goods_id","day");--> statement-breakpoint
CREATE INDEX "daily_shop_stats_shop_idx" ON "daily_shop_stats" USING btree ("shop_id","day");