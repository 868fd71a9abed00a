CREATE TABLE "im_conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"last_message" varchar(200) DEFAULT '' NOT NULL,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "im_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"sender" varchar(8) NOT NULL,
	"admin_id" integer,
	"admin_name" varchar(50) DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "im_conversations" ADD CONSTRAINT "im_conversations_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_messages" ADD CONSTRAINT "im_messages_conversation_id_im_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."im_conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "im_conversations_member_uq" ON "im_conversations" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "im_conversations_last_idx" ON "im_conversations" USING btree ("last_message_at");--> statement-breakpoint
CREATE INDEX "im_messages_conversation_idx" ON "im_messages" USING btree ("conversation_id","id");