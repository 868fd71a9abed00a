ALTER TABLE "members" ALTER COLUMN "region" SET DATA TYPE varchar(400);--> statement-breakpoint
ALTER TABLE "members" ALTER COLUMN "region" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "region_country" varchar(2) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "region_state_id" integer;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "region_state" varchar(120) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "region_city_id" integer;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "region_city" varchar(120) DEFAULT '' NOT NULL;--> statement-breakpoint
-- Members saved before the country/state/city picker have only a text ('广东省 深圳市 南山区').
-- Where the text is exactly the names along one division of the loaded region data, the member
-- gets that domestic region too. The text itself is never rewritten: a text naming anything the
-- data does not hold (a town, a short form, a typo) stays as it was, for the operator to choose
-- again. Matching runs once per distinct text, not per member, and reads regions by primary key.
UPDATE "members" AS m SET "region_country" = 'CN', "region_ids" = found.ids
FROM (
  SELECT t."region", (
    SELECT string_to_array(trim(both '|' from r."path"), '|')::integer[]
    FROM "regions" r
    WHERE r."name" = (string_to_array(t."region", ' '))[cardinality(string_to_array(t."region", ' '))]
      AND (
        SELECT string_agg(a."name", ' ' ORDER BY a."level")
        FROM "regions" a
        WHERE a."id" = ANY (string_to_array(trim(both '|' from r."path"), '|')::integer[])
      ) = t."region"
    ORDER BY r."id"
    LIMIT 1
  ) AS ids
  FROM (
    SELECT DISTINCT "region" FROM "members"
    WHERE "region_country" = '' AND "region" <> '' AND cardinality("region_ids") = 0
  ) AS t
) AS found
WHERE m."region" = found."region" AND m."region_country" = '' AND cardinality(m."region_ids") = 0 AND found.ids IS NOT NULL;
