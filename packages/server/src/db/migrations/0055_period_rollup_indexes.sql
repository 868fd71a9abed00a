CREATE INDEX "period_goods_stats_sold_idx" ON "period_goods_stats" USING btree ("period","sold_num" DESC NULLS LAST,"goods_id");--> statement-breakpoint
CREATE INDEX "period_goods_stats_paid_idx" ON "period_goods_stats" USING btree ("period","paid_cents" DESC NULLS LAST,"goods_id");--> statement-breakpoint
CREATE INDEX "period_goods_stats_pv_idx" ON "period_goods_stats" USING btree ("period","pv" DESC NULLS LAST,"goods_id");--> statement-breakpoint
CREATE INDEX "period_goods_stats_favorites_idx" ON "period_goods_stats" USING btree ("period","favorites" DESC NULLS LAST,"goods_id");--> statement-breakpoint
CREATE INDEX "period_member_stats_count_idx" ON "period_member_stats" USING btree ("period","shop_id","order_count" DESC NULLS LAST,"member_id");--> statement-breakpoint
CREATE INDEX "period_member_stats_cents_idx" ON "period_member_stats" USING btree ("period","shop_id","order_cents" DESC NULLS LAST,"member_id");--> statement-breakpoint
CREATE INDEX "period_member_stats_goods_idx" ON "period_member_stats" USING btree ("period","shop_id","goods_num" DESC NULLS LAST,"member_id");