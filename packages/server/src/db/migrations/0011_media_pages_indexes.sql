DROP INDEX "pages_client_created_idx";--> statement-breakpoint
DROP INDEX "pages_client_publish_created_idx";--> statement-breakpoint
CREATE INDEX "resources_name_trgm_idx" ON "resources" USING gin ("resource_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pages_client_index_created_idx" ON "pages" USING btree ("client_type","is_index","created_at","id");--> statement-breakpoint
CREATE INDEX "pages_client_publish_index_created_idx" ON "pages" USING btree ("client_type","publish_status","is_index","created_at","id");--> statement-breakpoint
CREATE INDEX "pages_name_trgm_idx" ON "pages" USING gin ("page_name" gin_trgm_ops);