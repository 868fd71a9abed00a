CREATE TABLE "connect_settings" (
	"type" varchar(10) PRIMARY KEY NOT NULL,
	"is_open" smallint DEFAULT 0 NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
