-- Teasers: a page that showed only the start of its article (a paywall). Its stored text is the part
-- shown; lists mark it, and the Domains tab counts them per site.
alter table articles add column teaser boolean not null default false;
