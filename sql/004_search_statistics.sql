-- Search (issue 5): PostgreSQL picks the plan of a search from how frequent its words are. With the
-- default statistics target it knows only the few hundred most common lexemes and guesses 0.5% for
-- every other word, so at a million articles a rare word looked common enough to walk the
-- scraped_at index row by row (seconds) instead of reading its few matches from the full-text
-- index (milliseconds). Ten times the target keeps ten times as many lexeme frequencies.
alter table articles alter column search_vector set statistics 1000;
