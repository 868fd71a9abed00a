CREATE TABLE "page_view_marks" (
	"visitor_id" varchar(64) NOT NULL,
	"target_type" varchar(8) NOT NULL,
	"target_id" integer NOT NULL,
	"counted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "page_view_marks_visitor_id_target_type_target_id_pk" PRIMARY KEY("visitor_id","target_type","target_id")
);
