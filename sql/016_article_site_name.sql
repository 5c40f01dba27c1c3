-- The name the article's site gives itself (og:site_name), when its page declares a plain one:
-- spoken audio says "Skyline News" where it would otherwise spell out the host name.
alter table articles add column site_name text;
