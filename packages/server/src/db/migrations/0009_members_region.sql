ALTER TABLE "members" ALTER COLUMN "region" SET DATA TYPE varchar(400);--> statement-breakpoint
ALTER TABLE "members" ALTER COLUMN "region" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "region_country" varchar(2) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "region_state_id" integer;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "region_state" varchar(120) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "region_city_id" integer;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "region_city" varchar(120) DEFAULT '' NOT NULL;--> statement-breakpoint
-- Members saved before the country/state/city picker have only a text ('广东省 深圳市 南山区').
-- Where its words name a division of the loaded region data — the first word a province, a later
-- word the deepest division found below it (ties go to the one whose ancestors the text names
-- too) — the member gets that domestic region and its names; other texts stay as they are.
UPDATE "members" AS m SET "region_country" = 'CN', "region_ids" = found.ids
FROM (
  SELECT mm."id", (
    SELECT string_to_array(trim(both '|' from r."path"), '|')::integer[]
    FROM unnest(string_to_array(mm."region", ' ')) WITH ORDINALITY AS w(word, pos)
    JOIN "regions" r ON r."name" = w.word
    JOIN "regions" p ON p."level" = 1 AND p."name" = split_part(mm."region", ' ', 1) AND r."path" LIKE '|' || p."id" || '|%'
    ORDER BY w.pos DESC,
      (SELECT count(*) FROM "regions" a WHERE a."id" <> r."id" AND r."path" LIKE '%|' || a."id" || '|%' AND a."name" = ANY(string_to_array(mm."region", ' '))) DESC,
      r."id"
    LIMIT 1
  ) AS ids
  FROM "members" mm
  WHERE mm."region_country" = '' AND mm."region" <> '' AND cardinality(mm."region_ids") = 0
) AS found
WHERE m."id" = found."id" AND found.ids IS NOT NULL;
--> statement-breakpoint
UPDATE "members" AS m SET "region" = (SELECT string_agg(r."name", ' ' ORDER BY r."level") FROM "regions" r WHERE r."id" = ANY(m."region_ids"))
WHERE m."region_country" = 'CN' AND cardinality(m."region_ids") > 0;
