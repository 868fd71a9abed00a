CREATE TABLE "bill_cuts" (
	"shop_id" integer PRIMARY KEY NOT NULL,
	"bill_id" integer NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bill_cuts" ADD CONSTRAINT "bill_cuts_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;