-- A story's topic and why: each trend keeps the evidence the analyzer found for its topic, and a
-- topic the administrator set on a story is kept per article, so it holds when the analysis regroups
-- the story (a new trend row, new articles joining) and after trends are cleared.
alter table trends add column topic_evidence jsonb;

create table story_topic_overrides (
  article_id integer primary key references articles (id) on delete cascade,
  topic text not null check (topic in ('health', 'food', 'finance', 'usa', 'international', 'tech', 'energy', 'science')),
  set_at timestamptz not null default now()
);
