-- Pages the crawler read and did not keep as articles: a language the administrator did not choose
-- (the `languages` setting). Kept with the reason, so the next crawl does not fetch them again and
-- the Domains tab and `newsctl domains show` count them per site; never classified, never a source.
create table skipped_pages (
  id integer generated always as identity primary key,
  domain_id integer references domains (id) on delete cascade,
  url text not null unique,
  reason text not null check (reason in ('language')),
  language text,
  title text,
  skipped_at timestamptz not null default now()
);
create index skipped_pages_domain on skipped_pages (domain_id, reason);
