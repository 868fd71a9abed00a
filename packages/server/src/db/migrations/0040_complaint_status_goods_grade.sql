ALTER TABLE "goods" ADD COLUMN "good_comment_num" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "complain_status" varchar(10) DEFAULT 'NO_APPLY' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "complain_open" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_complain_open_idx" ON "orders" USING btree ("completed_at","id") WHERE status = 'COMPLETE' and complain_open = 1;--> statement-breakpoint
UPDATE "goods" SET "good_comment_num" = c.n FROM (SELECT goods_id, count(*)::int AS n FROM goods_comments WHERE status = 1 AND audit_status = 'PASS_AUDIT' AND comments_type = 'INITIAL' AND grade = 'good' GROUP BY goods_id) c WHERE c.goods_id = goods.id;--> statement-breakpoint
UPDATE "order_items" i SET "complain_status" = CASE WHEN c.status IN ('COMPLETE', 'CANCEL') THEN 'COMPLETE' ELSE 'APPLYING' END FROM complaints c JOIN orders o ON o.sn = c.order_sn WHERE i.order_id = o.id AND i.sku_id = c.sku_id;
