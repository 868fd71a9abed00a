CREATE TABLE "article_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(20) NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"type" varchar(12) DEFAULT 'OTHER' NOT NULL,
	"allow_delete" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_name" varchar(20) NOT NULL,
	"category_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"outside_url" varchar(255) DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"show_position" varchar(30) DEFAULT 'OTHER' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_words" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(20) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods_search_docs" (
	"goods_id" integer PRIMARY KEY NOT NULL,
	"document" text NOT NULL,
	"priority" smallint DEFAULT 2 NOT NULL,
	"build" integer DEFAULT 0 NOT NULL,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hot_keywords" (
	"id" serial PRIMARY KEY NOT NULL,
	"hot_name" varchar(20) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_keywords" (
	"id" serial PRIMARY KEY NOT NULL,
	"keyword" varchar(50) NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_tips" (
	"id" serial PRIMARY KEY NOT NULL,
	"words" varchar(30) NOT NULL,
	"type" varchar(6) DEFAULT 'CUSTOM' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"goods_num" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sensitive_words" (
	"id" serial PRIMARY KEY NOT NULL,
	"word_name" varchar(20) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_category_id_article_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."article_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "article_categories_name_uq" ON "article_categories" USING btree ("name");--> statement-breakpoint
CREATE INDEX "article_categories_parent_idx" ON "article_categories" USING btree ("parent_id","sort");--> statement-breakpoint
CREATE INDEX "articles_category_idx" ON "articles" USING btree ("category_id","id");--> statement-breakpoint
CREATE INDEX "articles_name_trgm_idx" ON "articles" USING gin ("article_name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "articles_position_uq" ON "articles" USING btree ("show_position") WHERE "articles"."show_position" <> 'OTHER';--> statement-breakpoint
CREATE UNIQUE INDEX "custom_words_name_uq" ON "custom_words" USING btree ("name");--> statement-breakpoint
CREATE INDEX "custom_words_name_trgm_idx" ON "custom_words" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "goods_search_docs_document_trgm_idx" ON "goods_search_docs" USING gin ("document" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "goods_search_docs_build_idx" ON "goods_search_docs" USING btree ("build");--> statement-breakpoint
CREATE UNIQUE INDEX "hot_keywords_name_uq" ON "hot_keywords" USING btree ("hot_name");--> statement-breakpoint
CREATE INDEX "hot_keywords_sort_idx" ON "hot_keywords" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "hot_keywords_name_trgm_idx" ON "hot_keywords" USING gin ("hot_name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "search_keywords_keyword_uq" ON "search_keywords" USING btree ("keyword");--> statement-breakpoint
CREATE INDEX "search_keywords_count_idx" ON "search_keywords" USING btree ("count","id");--> statement-breakpoint
CREATE INDEX "search_keywords_last_idx" ON "search_keywords" USING btree ("last_at","id");--> statement-breakpoint
CREATE INDEX "search_keywords_keyword_trgm_idx" ON "search_keywords" USING gin ("keyword" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "search_tips_words_uq" ON "search_tips" USING btree ("words");--> statement-breakpoint
CREATE INDEX "search_tips_type_idx" ON "search_tips" USING btree ("type","sort","id");--> statement-breakpoint
CREATE INDEX "search_tips_sort_idx" ON "search_tips" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "search_tips_words_trgm_idx" ON "search_tips" USING gin ("words" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "sensitive_words_live_uq" ON "sensitive_words" USING btree ("word_name") WHERE "sensitive_words"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "sensitive_words_live_idx" ON "sensitive_words" USING btree ("id") WHERE "sensitive_words"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "sensitive_words_name_trgm_idx" ON "sensitive_words" USING gin ("word_name" gin_trgm_ops);