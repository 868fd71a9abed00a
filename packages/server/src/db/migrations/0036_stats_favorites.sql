CREATE TABLE "member_favorites" (
	"member_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_favorites_member_id_goods_id_pk" PRIMARY KEY("member_id","goods_id")
);
--> statement-breakpoint
ALTER TABLE "daily_goods_stats" ADD COLUMN "favorites" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "member_favorites_goods_idx" ON "member_favorites" USING btree ("goods_id");