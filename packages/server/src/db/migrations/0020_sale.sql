CREATE TABLE "ask_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"ask_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"member_name" varchar(20) NOT NULL,
	"anonymous" varchar(3) DEFAULT 'NO' NOT NULL,
	"content" varchar(120) NOT NULL,
	"auth_status" varchar(12) DEFAULT 'PASS_AUDIT' NOT NULL,
	"is_del" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaint_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"complaint_id" integer NOT NULL,
	"owner" varchar(10) NOT NULL,
	"owner_id" integer DEFAULT 0 NOT NULL,
	"owner_name" varchar(30) NOT NULL,
	"content" varchar(500) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaint_topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"topic_name" varchar(30) NOT NULL,
	"topic_remark" varchar(100) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" serial PRIMARY KEY NOT NULL,
	"topic" varchar(30) NOT NULL,
	"content" varchar(500) NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" varchar(20) DEFAULT 'NEW' NOT NULL,
	"order_sn" varchar(32) NOT NULL,
	"sku_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"goods_name" varchar(100) NOT NULL,
	"goods_image" varchar(500) DEFAULT '' NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"num" integer DEFAULT 1 NOT NULL,
	"ship_name" varchar(30) DEFAULT '' NOT NULL,
	"ship_mobile" varchar(20) DEFAULT '' NOT NULL,
	"ship_address" varchar(300) DEFAULT '' NOT NULL,
	"member_id" integer NOT NULL,
	"member_name" varchar(20) NOT NULL,
	"shop_id" integer NOT NULL,
	"shop_name" varchar(30) NOT NULL,
	"appeal_content" varchar(500) DEFAULT '' NOT NULL,
	"appeal_images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"appeal_at" timestamp with time zone,
	"arbitration_result" varchar(500) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods_asks" (
	"id" serial PRIMARY KEY NOT NULL,
	"goods_id" integer NOT NULL,
	"goods_name" varchar(100) NOT NULL,
	"goods_image" varchar(500) DEFAULT '' NOT NULL,
	"member_id" integer NOT NULL,
	"member_name" varchar(20) NOT NULL,
	"anonymous" varchar(3) DEFAULT 'NO' NOT NULL,
	"shop_id" integer NOT NULL,
	"shop_name" varchar(30) NOT NULL,
	"content" varchar(120) NOT NULL,
	"reply_content" varchar(120) DEFAULT '' NOT NULL,
	"reply_at" timestamp with time zone,
	"reply_status" varchar(3) DEFAULT 'NO' NOT NULL,
	"status" varchar(8) DEFAULT 'NORMAL' NOT NULL,
	"auth_status" varchar(12) DEFAULT 'PASS_AUDIT' NOT NULL,
	"reply_num" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"goods_id" integer NOT NULL,
	"sku_id" integer DEFAULT 0 NOT NULL,
	"goods_name" varchar(100) NOT NULL,
	"goods_image" varchar(500) DEFAULT '' NOT NULL,
	"member_id" integer NOT NULL,
	"member_name" varchar(20) NOT NULL,
	"shop_id" integer NOT NULL,
	"shop_name" varchar(30) NOT NULL,
	"order_sn" varchar(32) DEFAULT '' NOT NULL,
	"content" varchar(500) NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"have_image" smallint DEFAULT 0 NOT NULL,
	"grade" varchar(8) NOT NULL,
	"comments_type" varchar(10) DEFAULT 'INITIAL' NOT NULL,
	"parent_id" integer,
	"audit_status" varchar(12) DEFAULT 'PASS_AUDIT' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"reply_content" varchar(200) DEFAULT '' NOT NULL,
	"reply_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications_sent" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" varchar(8) NOT NULL,
	"receiver_type" varchar(8) NOT NULL,
	"receiver_id" integer DEFAULT 0 NOT NULL,
	"receiver" varchar(100) NOT NULL,
	"title" varchar(100) DEFAULT '' NOT NULL,
	"content" varchar(1000) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ask_replies_ask_idx" ON "ask_replies" USING btree ("ask_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ask_replies_member_uq" ON "ask_replies" USING btree ("ask_id","member_id");--> statement-breakpoint
CREATE INDEX "complaint_messages_complaint_idx" ON "complaint_messages" USING btree ("complaint_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "complaint_topics_name_uq" ON "complaint_topics" USING btree ("topic_name");--> statement-breakpoint
CREATE INDEX "complaints_created_idx" ON "complaints" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "complaints_status_created_idx" ON "complaints" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "complaints_complaining_idx" ON "complaints" USING btree ("created_at","id") WHERE status not in ('COMPLETE', 'CANCEL');--> statement-breakpoint
CREATE INDEX "complaints_order_sn_idx" ON "complaints" USING btree ("order_sn");--> statement-breakpoint
CREATE INDEX "complaints_content_trgm_idx" ON "complaints" USING gin ("content" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "complaints_goods_name_trgm_idx" ON "complaints" USING gin ("goods_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "complaints_order_sn_trgm_idx" ON "complaints" USING gin ("order_sn" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "goods_asks_created_idx" ON "goods_asks" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "goods_asks_shop_created_idx" ON "goods_asks" USING btree ("shop_id","created_at","id");--> statement-breakpoint
CREATE INDEX "goods_asks_auth_created_idx" ON "goods_asks" USING btree ("auth_status","created_at","id");--> statement-breakpoint
CREATE INDEX "goods_asks_reply_created_idx" ON "goods_asks" USING btree ("reply_status","created_at","id");--> statement-breakpoint
CREATE INDEX "goods_asks_content_trgm_idx" ON "goods_asks" USING gin ("content" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "goods_asks_goods_name_trgm_idx" ON "goods_asks" USING gin ("goods_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "goods_asks_member_name_trgm_idx" ON "goods_asks" USING gin ("member_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "goods_comments_created_idx" ON "goods_comments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "goods_comments_grade_created_idx" ON "goods_comments" USING btree ("grade","created_at","id");--> statement-breakpoint
CREATE INDEX "goods_comments_shop_created_idx" ON "goods_comments" USING btree ("shop_id","created_at","id");--> statement-breakpoint
CREATE INDEX "goods_comments_audit_created_idx" ON "goods_comments" USING btree ("audit_status","created_at","id");--> statement-breakpoint
CREATE INDEX "goods_comments_goods_idx" ON "goods_comments" USING btree ("goods_id","status","audit_status");--> statement-breakpoint
CREATE INDEX "goods_comments_content_trgm_idx" ON "goods_comments" USING gin ("content" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "goods_comments_goods_name_trgm_idx" ON "goods_comments" USING gin ("goods_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "goods_comments_member_name_trgm_idx" ON "goods_comments" USING gin ("member_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "notifications_sent_created_idx" ON "notifications_sent" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_sent_channel_created_idx" ON "notifications_sent" USING btree ("channel","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_sent_receiver_created_idx" ON "notifications_sent" USING btree ("receiver","created_at","id");