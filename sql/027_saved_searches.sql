-- Searches the administrator saved for the public site: listed on the search page, each with its
-- Atom feed at /feeds/search/{slug}.xml. The query is the search page's text, operators included.
create table saved_searches (
  id integer generated always as identity primary key,
  name text not null,
  slug text not null unique,
  query text not null,
  created_at timestamptz not null default now()
);
