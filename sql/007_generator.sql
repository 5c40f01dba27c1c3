-- Article generator (issue 14): a persisted queue that several daemons share, each item recorded at
-- most once, and generated articles that keep their sources and their public address.

-- Stop cancels what is queued; an item keeps why it ended.
alter table generation_queue drop constraint generation_queue_status_check;
alter table generation_queue add constraint generation_queue_status_check
  check (status in ('pending', 'generating', 'done', 'failed', 'cancelled'));

alter table generation_queue
  -- Best first: the trend's relevance, or above every trend for an administrator's own request.
  add column priority double precision not null default 0,
  -- Items of one "regenerate articles" request share it, so progress reads [n/total].
  add column run_id text,
  add column attempts integer not null default 0,
  -- The daemon generating it and until when its claim holds (renewed while it works; an expired
  -- claim is taken over, so a killed daemon's item is generated again, never lost).
  add column holder text,
  add column lease_expires_at timestamptz,
  add column article_id integer;

-- One live item per trend: queueing a trend twice is a no-op.
create unique index generation_queue_live_trend on generation_queue (trend_id) where status in ('pending', 'generating');
create index generation_queue_claim on generation_queue (priority desc, id) where status in ('pending', 'generating');
create index generation_queue_run on generation_queue (run_id) where run_id is not null;

alter table generated_articles
  -- The queue item whose output this is: an item is recorded at most once (a rewrite in place
  -- takes the new item's id).
  add column queue_item_id integer unique references generation_queue (id) on delete set null,
  -- [{url, title, domain}] of the sources used, in the order the Sources section lists them.
  add column sources jsonb not null default '[]',
  add column excerpt text not null default '',
  add column writer text not null default 'offline' check (writer in ('model', 'offline')),
  add column updated_at timestamptz not null default now();

alter table generation_queue add constraint generation_queue_article_fk
  foreign key (article_id) references generated_articles (id) on delete set null;

-- One article per trend, rewritten in place; one article per public address.
create unique index generated_articles_trend on generated_articles (trend_id) where trend_id is not null;
create unique index generated_articles_html_path on generated_articles (html_file_path) where html_file_path is not null;
