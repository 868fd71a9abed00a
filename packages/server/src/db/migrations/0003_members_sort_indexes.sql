CREATE INDEX "member_ledger_kind_created_idx" ON "member_ledger" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "members_disabled_login_idx" ON "members" USING btree ("disabled","last_login_at");--> statement-breakpoint
CREATE INDEX "members_disabled_point_idx" ON "members" USING btree ("disabled","consum_point");--> statement-breakpoint
CREATE INDEX "members_disabled_balance_idx" ON "members" USING btree ("disabled","balance_cents");