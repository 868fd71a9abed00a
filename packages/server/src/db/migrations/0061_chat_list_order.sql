DROP INDEX "im_conversations_last_idx";--> statement-breakpoint
CREATE INDEX "im_conversations_last_idx" ON "im_conversations" USING btree ("last_message_at" DESC NULLS LAST,"id" DESC NULLS FIRST);