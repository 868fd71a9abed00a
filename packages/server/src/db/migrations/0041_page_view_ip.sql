ALTER TABLE "page_view_marks" ADD COLUMN "ip" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "page_view_marks_ip_idx" ON "page_view_marks" USING btree ("ip","counted_at");