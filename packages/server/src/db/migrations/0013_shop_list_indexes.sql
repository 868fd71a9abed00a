DROP INDEX "bills_shop_idx";--> statement-breakpoint
DROP INDEX "bills_status_idx";--> statement-breakpoint
DROP INDEX "margin_flows_status_created_idx";--> statement-breakpoint
DROP INDEX "margin_flows_shop_idx";--> statement-breakpoint
DROP INDEX "shops_status_created_idx";--> statement-breakpoint
DROP INDEX "shops_created_idx";--> statement-breakpoint
CREATE INDEX "bills_created_idx" ON "bills" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "margin_flows_created_idx" ON "margin_flows" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "bills_shop_idx" ON "bills" USING btree ("shop_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bills_status_idx" ON "bills" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "margin_flows_status_created_idx" ON "margin_flows" USING btree ("auth_status","created_at","id");--> statement-breakpoint
CREATE INDEX "margin_flows_shop_idx" ON "margin_flows" USING btree ("shop_id","created_at","id");--> statement-breakpoint
CREATE INDEX "shops_status_created_idx" ON "shops" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "shops_created_idx" ON "shops" USING btree ("created_at","id");