-- newsctl schema: every entity of section 3 of both spec documents.
-- Identifiers are integers (JSON numbers on the wire); times are timestamptz.

-- Administrators, their sessions and API tokens -------------------------------------------------

create table users (
  id integer generated always as identity primary key,
  username text not null,
  password_hash text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_username_key on users (lower(username));

-- The session id is the SHA-256 of the cookie token: a leaked table grants no session.
create table sessions (
  id text primary key,
  user_id integer not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  ip text,
  user_agent text
);
create index sessions_user_id on sessions (user_id);
create index sessions_expires_at on sessions (expires_at);

create table api_tokens (
  id integer generated always as identity primary key,
  user_id integer references users (id) on delete cascade,
  name text not null,
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);

-- Failed logins, kept for the throttle window (per username and per client address).
create table login_failures (
  id integer generated always as identity primary key,
  username text not null,
  ip text not null,
  failed_at timestamptz not null default now()
);
create index login_failures_username on login_failures (username, failed_at);
create index login_failures_ip on login_failures (ip, failed_at);

-- Settings: one row per setting key, value validated by the service's schema table ---------------

create table settings (
  key text primary key,
  value jsonb not null,
  updated_at timestamptz not null default now()
);

-- Source domains and the avoid list --------------------------------------------------------------

create table domains (
  id integer generated always as identity primary key,
  -- As entered and normalised: a host name, or scheme://host:port for local and intranet sites.
  url text not null,
  -- host[:port], lower case: what makes two entries the same domain.
  host text not null unique,
  status text not null default 'active'
    check (status in ('active', 'success', 'error', 'avoided', 'paused', 'idle')),
  priority integer,
  throttle double precision not null default 2 check (throttle > 0),
  starting_url text,
  error_message text,
  last_scraped timestamptz,
  created_at timestamptz not null default now()
);

create table avoid_domains (
  id integer generated always as identity primary key,
  url text not null unique,
  reason text,
  created_at timestamptz not null default now()
);

-- Crawled articles --------------------------------------------------------------------------------

create table articles (
  id integer generated always as identity primary key,
  domain_id integer references domains (id) on delete set null,
  -- The source host, kept when the domain row is deleted.
  domain_name text not null,
  source_url text not null,
  canonical_url text not null unique,
  title text not null,
  content text not null default '',
  excerpt text,
  author text,
  published_at timestamptz,
  scraped_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  image_url text,
  language text,
  word_count integer not null default 0,
  topic text check (topic in ('health', 'food', 'finance', 'usa', 'international', 'tech', 'energy', 'science')),
  topic_source text check (topic_source in ('model', 'offline')),
  -- Title words are indexed stemmed (english) and as written (simple) so that a half-typed word
  -- still prefix-matches; the body only stemmed. Body text past 200k characters is not indexed.
  search_vector tsvector generated always as (
    setweight(to_tsvector('english', title), 'A') ||
    setweight(to_tsvector('simple', title), 'A') ||
    setweight(to_tsvector('english', coalesce(excerpt, '')), 'B') ||
    setweight(to_tsvector('english', left(content, 200000)), 'C')
  ) stored
);
create index articles_search_vector on articles using gin (search_vector);
create index articles_domain_scraped on articles (domain_id, scraped_at desc);
create index articles_topic_scraped on articles (topic, scraped_at desc);
create index articles_scraped on articles (scraped_at desc);
create index articles_word_count on articles (word_count);

-- Trends ------------------------------------------------------------------------------------------

create table trends (
  id integer generated always as identity primary key,
  title text not null,
  description text not null default '',
  topic text not null check (topic in ('health', 'food', 'finance', 'usa', 'international', 'tech', 'energy', 'science')),
  relevance_score double precision not null default 0 check (relevance_score between 0 and 10),
  articles_analyzed integer not null default 0,
  batch_number integer not null default 1,
  identified_at timestamptz not null default now(),
  html_file_path text,
  -- The analyzer's own story key, so a story seen again in a later run updates its trend.
  story_key text,
  source text not null default 'offline' check (source in ('model', 'offline'))
);
create index trends_topic_identified on trends (topic, identified_at desc);
create index trends_identified on trends (identified_at desc);

create table trend_articles (
  trend_id integer not null references trends (id) on delete cascade,
  article_id integer not null references articles (id) on delete cascade,
  primary key (trend_id, article_id)
);
create index trend_articles_article on trend_articles (article_id);

-- Generated articles and their queue --------------------------------------------------------------

create table generated_articles (
  id integer generated always as identity primary key,
  trend_id integer references trends (id) on delete set null,
  trend_title text,
  title text not null,
  content text not null,
  category text check (category in ('health', 'food', 'finance', 'usa', 'international', 'tech', 'energy', 'science')),
  image_url text,
  source_urls jsonb not null default '[]',
  word_count integer not null default 0,
  html_file_path text,
  model_name text,
  generated_at timestamptz not null default now()
);
create index generated_articles_generated on generated_articles (generated_at desc);
create index generated_articles_category on generated_articles (category, generated_at desc);

create table generation_queue (
  id integer generated always as identity primary key,
  trend_id integer references trends (id) on delete set null,
  trend_title text not null,
  status text not null default 'pending' check (status in ('pending', 'generating', 'done', 'failed')),
  error text,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz
);
create index generation_queue_status on generation_queue (status, created_at);

-- System activity log ------------------------------------------------------------------------------

create table logs (
  id integer generated always as identity primary key,
  timestamp timestamptz not null default now(),
  component text not null,
  level text not null check (level in ('error', 'warning', 'info', 'debug')),
  message text not null,
  details jsonb
);
create index logs_timestamp on logs (timestamp desc);

-- AI model calls: counted for the status object and for token usage -------------------------------

create table llm_calls (
  id integer generated always as identity primary key,
  feature text not null,
  provider text not null,
  model text not null,
  ok boolean not null,
  prompt_tokens integer,
  completion_tokens integer,
  total_tokens integer,
  duration_ms integer,
  error text,
  created_at timestamptz not null default now()
);
create index llm_calls_created on llm_calls (created_at desc);

-- Audio, scripts and music -------------------------------------------------------------------------

create table audio_assets (
  id integer generated always as identity primary key,
  kind text not null check (kind in ('latest-news', 'podcast', 'interview', 'music', 'narration')),
  -- A file name inside {dataDir}/audio; never a path.
  file_name text not null unique,
  mime_type text not null default 'audio/mpeg',
  duration_seconds double precision,
  size_bytes bigint,
  meta jsonb not null default '{}',
  generated_at timestamptz not null default now()
);
create index audio_assets_kind on audio_assets (kind, generated_at desc);

create table scripts (
  id integer generated always as identity primary key,
  kind text not null check (kind in ('conversational', 'conversational-enhanced', 'interview', 'interview-refined', 'lyrics')),
  script_text text not null,
  meta jsonb not null default '{}',
  generated_at timestamptz not null default now()
);
create index scripts_kind on scripts (kind, generated_at desc);

create table music_tracks (
  id integer generated always as identity primary key,
  status text not null default 'pending',
  title text,
  lyrics text,
  config jsonb not null default '{}',
  audio_asset_id integer references audio_assets (id) on delete set null,
  error text,
  generated_at timestamptz not null default now(),
  completed_at timestamptz
);

-- Long-running jobs (spider, re-fetcher, analyzer, food re-categorization): their persisted state,
-- so a restart resumes and the last run times survive.
create table job_state (
  name text primary key,
  state jsonb not null default '{}',
  updated_at timestamptz not null default now()
);
