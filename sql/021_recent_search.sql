-- Search at a million articles (issue 31): a word in 5 % of the articles has a 50,000-entry list in
-- the full-text index, and reading it took ~25 ms whatever window the search then looked at. The
-- newest articles (the newest 100,000, kept so by the hourly upkeep, src/db/recent-search.ts) get
-- indexes of their own, whose lists hold only them: a search whose window starts inside that set
-- reads those. Every article crawled from `recentSince` (job_state 'recent-search') on is in it.
alter table articles add column recent boolean not null default false;
-- Existing rows keep false without a rewrite; new articles are recent.
alter table articles alter column recent set default true;
update articles set recent = true where id in (select id from articles order by scraped_at desc, id desc limit 100000);
create index articles_search_recent on articles using gin (search_vector) where recent;
create index articles_title_simple_recent on articles using gin (to_tsvector('simple', title)) where recent;
-- An empty database records nothing (a fresh one must stay empty for `db restore`); until the upkeep
-- records where the set starts, searches read the full indexes.
insert into job_state (name, state)
select 'recent-search', jsonb_build_object('recentSince',
  case when count(*) < 100000 then '-infinity' else min(scraped_at)::text end)
from articles where recent
having count(*) > 0
on conflict (name) do update set state = excluded.state, updated_at = now();
