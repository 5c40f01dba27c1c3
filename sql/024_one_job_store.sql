-- One job store (issue 41): a run, its retries, its lease and its slot live in job_runs, which is
-- the queue itself: a daemon claims a queued run whose time has come with FOR UPDATE SKIP LOCKED,
-- holds it under a lease it renews, and a failed run with retries left waits again until `run_at`.
-- pg-boss's tables, which carried each run a second time, and job_state, which kept per-job
-- summaries a third time, go: a job's summary is its latest run.

-- When a queued run may be taken: now for a fresh start, later for a retry's back-off.
alter table job_runs add column run_at timestamptz not null default now();
alter table job_runs drop column queue_job_id;
create index job_runs_ready on job_runs (job, priority desc, run_at, created_at) where status = 'queued';

-- What job_state said carried into the runs it summed up, so an upgraded daemon shows the same.
-- The spider's last Recent Activity lines, when its newest run has lost its own (pruned).
insert into job_activity (run_id, line, created_at)
select r.id, lines.line, now() - lines.n * interval '1 millisecond'
from job_state s
cross join lateral (select id from job_runs where job = 'spider' and status <> 'skipped' order by created_at desc limit 1) r
cross join lateral jsonb_array_elements_text(coalesce(s.state -> 'activityLog', '[]'::jsonb)) with ordinality as lines(line, n)
where s.name = 'spider'
  and not exists (select 1 from job_activity a where a.run_id = r.id)
-- The list is newest first; lines are read newest (highest id) first.
order by lines.n desc;

-- The analyzer's last batch number, which a run that stored no trend still used up.
update job_runs r set progress = r.progress || jsonb_build_object('batchNumber', (s.state ->> 'lastBatchNumber')::int)
from job_state s
where s.name = 'trends-analyzer' and s.state ? 'lastBatchNumber'
  and r.id = (select id from job_runs where job = 'trends-analyzer' and status <> 'skipped' order by created_at desc limit 1)
  and coalesce((r.progress ->> 'batchNumber')::int, 0) < (s.state ->> 'lastBatchNumber')::int;

-- Food re-categorization's pass (its place and counts) is its newest run's progress.
update job_runs r set progress = s.state
from job_state s
where s.name = 'food-recategorization'
  and r.id = (select id from job_runs where job = 'food-recategorization' and status <> 'skipped' order by created_at desc limit 1);

-- The re-fetcher's last counts likewise.
update job_runs r set progress = r.progress || coalesce(s.state -> 'progress', '{}'::jsonb)
from job_state s
where s.name = 'refetch'
  and r.id = (select id from job_runs where job = 'refetch' and status <> 'skipped' order by created_at desc limit 1);

-- The recent-search set's edge is the search index's own state, not a job's: a table of one row.
-- An empty database records nothing (a fresh one must stay empty for `db restore`).
create table recent_search_set (
  one boolean primary key default true check (one),
  -- Every article crawled at or after this instant is flagged recent ('-infinity': every article).
  since timestamptz not null
);
insert into recent_search_set (since)
select (state ->> 'recentSince')::timestamptz from job_state where name = 'recent-search' and state ? 'recentSince';

drop table job_state;
drop schema if exists pgboss cascade;
