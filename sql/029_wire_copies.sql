-- Wire copies: an article another outlet republished (the same body give or take boilerplate) is
-- kept as a copy of the first one seen, and an outlet's updated article at a new URL replaces its
-- earlier version. Lists, search, feeds and the Reader API show only articles that are no copy;
-- their copies are told as "also published by". When the original goes (retention), its copies
-- show again.
alter table articles add column copy_of integer references articles (id) on delete set null;
-- copy: another outlet's text found again; syndication: another outlet's, and the page said so
-- (a canonical link to that outlet); update: the same outlet's earlier version of the article.
alter table articles add column copy_kind text check (copy_kind in ('copy', 'syndication', 'update'));
-- The page's canonical link when it names another publisher: the original, perhaps not stored yet.
alter table articles add column syndicated_from text;
-- Locality-sensitive keys of the body's word shingles (MinHash bands): articles sharing one are
-- candidates, compared on their text (src/services/reader/copies/).
alter table articles add column body_bands integer[];
create index articles_body_bands on articles using gin (body_bands);
create index articles_copy_of on articles (copy_of) where copy_of is not null;
create index articles_syndicated_from on articles (syndicated_from) where syndicated_from is not null;
