-- Search (issue 18): the word being typed is matched as a prefix of a title word. Matching it as a
-- prefix of any lexeme of the search column (body stems included) merged the index entries of every
-- body word that starts the same way — hundreds of thousands of articles for "out" or "smok" at a
-- million articles — and made prefix and two-word searches the slowest. Titles alone, as written.
create index articles_title_simple on articles using gin (to_tsvector('simple', title));
