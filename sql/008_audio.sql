-- Audio (issue 15): generated audio is recorded at most once per job, the bulletin's script is kept,
-- and audio work has a persisted record so several daemons agree on what runs.

-- The job whose output an asset is ("latest-news:daily:2025-11-24" for a scheduled bulletin):
-- a retried job never records a second file.
alter table audio_assets add column job_key text unique;

alter table scripts drop constraint scripts_kind_check;
alter table scripts add constraint scripts_kind_check
  check (kind in ('conversational', 'conversational-enhanced', 'interview', 'interview-refined', 'lyrics', 'latest-news'));

-- One row per piece of audio work (bulletin, podcast, interview, song). A key names what it
-- produces; one job of a kind runs at a time across daemons; the daemon running it renews its
-- claim, and a claim left to expire (a killed daemon) frees the kind again.
create table audio_jobs (
  id integer generated always as identity primary key,
  key text not null unique,
  kind text not null check (kind in ('latest-news', 'podcast', 'interview', 'music')),
  status text not null default 'running' check (status in ('running', 'done', 'failed', 'cancelled')),
  params jsonb not null default '{}',
  result jsonb,
  error text,
  holder text,
  lease_expires_at timestamptz,
  progress jsonb not null default '{}',
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create unique index audio_jobs_one_running on audio_jobs (kind) where status = 'running';
create index audio_jobs_recent on audio_jobs (kind, created_at desc);

alter table music_tracks
  add column provider text not null default 'offline',
  add column style text not null default '';
create index music_tracks_recent on music_tracks (generated_at desc);
