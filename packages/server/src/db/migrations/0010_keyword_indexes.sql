-- Trigram indexes serve the lists' ILIKE '%…%' keyword filters (pg_trgm ships with PostgreSQL's
-- contrib and is a trusted extension since 13, so a database owner may create it; PGlite loads it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "system_logs_operator_trgm_idx" ON "system_logs" USING gin ("operator_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "system_logs_detail_trgm_idx" ON "system_logs" USING gin ("operate_detail" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "system_logs_ip_trgm_idx" ON "system_logs" USING gin ("operate_ip" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "members_uname_trgm_idx" ON "members" USING gin ("uname" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "members_mobile_trgm_idx" ON "members" USING gin ("mobile" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "members_nickname_trgm_idx" ON "members" USING gin ("nickname" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "members_email_trgm_idx" ON "members" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shops_name_trgm_idx" ON "shops" USING gin ("shop_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shops_member_name_trgm_idx" ON "shops" USING gin ("member_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "goods_quantity_idx" ON "goods" USING btree ("quantity");--> statement-breakpoint
CREATE INDEX "goods_type_created_idx" ON "goods" USING btree ("goods_type","created_at");--> statement-breakpoint
CREATE INDEX "goods_name_trgm_idx" ON "goods" USING gin ("goods_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "goods_sn_trgm_idx" ON "goods" USING gin ("sn" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "goods_shop_name_trgm_idx" ON "goods" USING gin ("shop_name" gin_trgm_ops);