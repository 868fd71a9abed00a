CREATE TABLE "pintuan_goods" (
	"id" serial PRIMARY KEY NOT NULL,
	"pintuan_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"goods_name" varchar(100) NOT NULL,
	"origin_price_cents" integer DEFAULT 0 NOT NULL,
	"sales_price_cents" integer DEFAULT 0 NOT NULL,
	"sold_num" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pintuan_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"pintuan_id" integer NOT NULL,
	"leader_name" varchar(20) NOT NULL,
	"required_num" smallint NOT NULL,
	"joined_num" smallint DEFAULT 1 NOT NULL,
	"status" varchar(8) DEFAULT 'FORMING' NOT NULL,
	"refund_pending" smallint DEFAULT 0 NOT NULL,
	"order_sns" varchar(32)[] DEFAULT '{}'::varchar[] NOT NULL,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pintuans" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(30) NOT NULL,
	"title" varchar(50) DEFAULT '' NOT NULL,
	"shop_id" integer NOT NULL,
	"shop_name" varchar(30) NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"required_num" smallint NOT NULL,
	"limit_hours" smallint NOT NULL,
	"enable_mocker" smallint DEFAULT 0 NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pintuan_goods" ADD CONSTRAINT "pintuan_goods_pintuan_id_pintuans_id_fk" FOREIGN KEY ("pintuan_id") REFERENCES "public"."pintuans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pintuan_groups" ADD CONSTRAINT "pintuan_groups_pintuan_id_pintuans_id_fk" FOREIGN KEY ("pintuan_id") REFERENCES "public"."pintuans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pintuan_goods_pintuan_idx" ON "pintuan_goods" USING btree ("pintuan_id");--> statement-breakpoint
CREATE INDEX "pintuan_groups_pintuan_idx" ON "pintuan_groups" USING btree ("pintuan_id","status");--> statement-breakpoint
CREATE INDEX "pintuan_groups_forming_idx" ON "pintuan_groups" USING btree ("pintuan_id") WHERE "pintuan_groups"."status" = 'FORMING';--> statement-breakpoint
CREATE INDEX "pintuans_created_idx" ON "pintuans" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "pintuans_start_idx" ON "pintuans" USING btree ("start_at");--> statement-breakpoint
CREATE INDEX "pintuans_end_idx" ON "pintuans" USING btree ("end_at");--> statement-breakpoint
CREATE INDEX "pintuans_name_trgm_idx" ON "pintuans" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pintuans_shop_name_trgm_idx" ON "pintuans" USING gin ("shop_name" gin_trgm_ops);