-- The job runner (issue 12): every background job's runs, cluster-wide. pg-boss (in its own schema,
-- pgboss) queues the work and hands it out; these tables say who holds each run (a lease its daemon
-- renews every few seconds and another daemon takes over once it expires), how far it got and what
-- it was asked to do (pause, stop), so any daemon reports and controls a run any other daemon holds.

create table job_runs (
  id uuid primary key,
  job text not null,
  -- One live run per job in the whole cluster (start while live: 409); queue items are not exclusive.
  exclusive boolean not null default true,
  -- Queue items: one live item per key (enqueueing the same work twice is a no-op).
  singleton_key text,
  status text not null default 'queued'
    check (status in ('queued', 'running', 'paused', 'stopping', 'completed', 'failed', 'stopped', 'skipped')),
  params jsonb not null default '{}',
  -- What the job reported with progress(); the next holder resumes from it.
  progress jsonb not null default '{}',
  result jsonb,
  error text,
  -- The schedule slot that started it (ISO time); the run's id is derived from it, so a slot that
  -- several daemons fire starts one run.
  slot text,
  -- The pg-boss job that carries it (a retry gets a new one).
  queue_job_id uuid,
  priority integer not null default 0,
  holder text,
  expires_at timestamptz,
  -- Times its function was started (takeovers included), and times it failed.
  attempts integer not null default 0,
  failures integer not null default 0,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  updated_at timestamptz not null default now(),
  finished_at timestamptz
);

create unique index job_runs_live_job on job_runs (job)
  where exclusive and status in ('queued', 'running', 'paused', 'stopping');
create unique index job_runs_live_key on job_runs (job, singleton_key)
  where singleton_key is not null and status in ('queued', 'running', 'paused', 'stopping');
create index job_runs_recent on job_runs (job, created_at desc);
create index job_runs_held on job_runs (expires_at) where status in ('running', 'paused', 'stopping');

-- A run's activity lines (the spider's Recent Activity), written by whichever daemon did the work.
create table job_activity (
  id bigint generated always as identity primary key,
  run_id uuid not null references job_runs (id) on delete cascade,
  line text not null,
  created_at timestamptz not null default now()
);
create index job_activity_run on job_activity (run_id, id desc);

-- The domains of one crawl run. A daemon claims a domain with a lease it renews while it crawls it,
-- so daemons share a crawl, two never crawl one host at once, and a dead daemon's domains are
-- crawled by another; the pause the host needs and the time of its last request travel with the
-- claim, so the next daemon to crawl the host keeps to its pace.
create table crawl_claims (
  run_id uuid not null references job_runs (id) on delete cascade,
  domain_id integer not null references domains (id) on delete cascade,
  -- Host name: one daemon at a time per host.
  host text not null,
  position integer not null,
  status text not null default 'pending' check (status in ('pending', 'crawling', 'done', 'failed')),
  holder text,
  expires_at timestamptz,
  attempts integer not null default 0,
  articles_stored integer not null default 0,
  active_requests integer not null default 0,
  pending_requests integer not null default 0,
  interval_ms integer not null default 1000,
  last_request_at timestamptz,
  error text,
  claimed_at timestamptz,
  finished_at timestamptz,
  primary key (run_id, domain_id)
);
create index crawl_claims_open on crawl_claims (run_id, position) where status in ('pending', 'crawling');
create index crawl_claims_host on crawl_claims (host, last_request_at desc);

-- Live messages too large for a NOTIFY payload (under 8,000 bytes): kept here briefly, their id sent.
create table live_messages (
  id bigint generated always as identity primary key,
  payload text not null,
  created_at timestamptz not null default now()
);
create index live_messages_created on live_messages (created_at);
