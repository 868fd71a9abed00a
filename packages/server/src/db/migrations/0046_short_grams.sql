-- The single characters and the pairs of neighbouring characters of a text, lower-cased: what a GIN
-- index over them needs to serve a one- or two-character keyword (`键盘`), which pg_trgm's
-- trigrams cannot (db/sql.ts `containsText`). Immutable, so it can be indexed. The index is what
-- queries read; the cost tells the planner that computing it row by row is dear (about 20-60 µs a
-- call), so it reads the index rather than filter rows with it.
CREATE OR REPLACE FUNCTION agora_short_grams(value text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE COST 1000 AS $$
DECLARE
  lowered text := lower(value);
  grams text[] := string_to_array(lowered, NULL);
BEGIN
  FOR i IN 1 .. length(lowered) - 1 LOOP
    grams := grams || substr(lowered, i, 2);
  END LOOP;
  RETURN grams;
END
$$;
