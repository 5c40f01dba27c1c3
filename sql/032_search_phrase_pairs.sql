-- Phrases of common words at a year's archive: the full-text index finds the articles holding every
-- word of a phrase, but not whether the words stand side by side, so each candidate's search column
-- had to be read to check: ~0.3–0.8 s for a phrase of two common words at a million articles. The
-- word pairs standing side by side in the search column (read from its positions) get an index of
-- their own: a phrase's pairs are rare even when its words are not. A pair is kept as one of 2^20
-- hash buckets, not as text: a text key per distinct pair made the index 7 times the size of the
-- full-text one (2.9 GB at a million articles), buckets ~3 times, and a bucket's other pairs add
-- ~100 false candidates per million articles. A pre-filter only: the phrase is still matched on the
-- search column, so a colliding pair or one across two fields (title, then body) costs nothing. (A
-- pair twice in one article is one index entry: GIN keeps an item's keys once.)
create function search_pair_keys(v tsvector) returns int[] language sql immutable strict parallel safe as $$
  select coalesce(array_agg(hashtext(l.lexeme || ' ' || r.lexeme) & 1048575), '{}'::int[])
  from (select lexeme, unnest(positions) as p from unnest(v)) l
  join (select lexeme, unnest(positions) as p from unnest(v)) r on r.p = l.p + 1
$$;
create index articles_search_pairs on articles using gin (search_pair_keys(search_vector));
