ALTER TABLE "admin_users" ADD COLUMN "previous_login_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "previous_login_ip" varchar(64);