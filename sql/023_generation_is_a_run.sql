-- A generation lives in one place: its generate-article run (job_runs). The trend it writes for, the
-- trend's title and the regeneration it belongs to are the run's params; the run's status is the
-- generation's (queued, running, completed, failed, stopped); the article records the run that
-- wrote it. The queue item beside the run (generation_queue), which repeated its status, goes.

alter table generated_articles
  -- The run whose output this is: a run is recorded at most once (a rewrite in place takes the new run's id).
  add column job_run_id uuid unique references job_runs (id) on delete set null;

update generated_articles g set job_run_id = q.job_run_id
  from generation_queue q
  where q.id = g.queue_item_id and q.job_run_id is not null;

-- The runs carrying an item learn what it said.
update job_runs r
  set params = r.params || jsonb_build_object('trendId', q.trend_id, 'trendTitle', q.trend_title)
             || case when q.run_id is null then '{}'::jsonb else jsonb_build_object('batch', q.run_id) end
  from generation_queue q
  where q.job_run_id = r.id;

-- A live item no live run carried (its run ended without it) becomes a queued run; the job runner
-- gives it a queue entry when it starts (a queued run without one is sent again).
insert into job_runs (id, job, exclusive, singleton_key, params, progress, priority, created_at, updated_at)
select gen_random_uuid(), 'generate-article', false, 'trend-' || q.trend_id,
       jsonb_build_object('trendId', q.trend_id, 'trendTitle', q.trend_title)
         || case when q.run_id is null then '{}'::jsonb else jsonb_build_object('batch', q.run_id) end,
       '{}'::jsonb, round(greatest(-1e6, least(1e6, q.priority)) * 100)::int, q.created_at, now()
  from generation_queue q
  where q.status in ('pending', 'generating')
    and not exists (
      select 1 from job_runs r where r.id = q.job_run_id and r.status in ('queued', 'running', 'paused', 'stopping'))
    and not exists (
      select 1 from job_runs r where r.job = 'generate-article' and r.singleton_key = 'trend-' || q.trend_id
        and r.status in ('queued', 'running', 'paused', 'stopping'));

alter table generated_articles drop column queue_item_id;
drop table generation_queue;

-- "Failed since its newest source" and a trend's live generation look runs up by trend; a
-- regeneration's [n/total] counts its runs. Not partial: the queries pass the job's name as a
-- parameter, which a generic plan cannot match against a partial index's predicate.
create index job_runs_generation_trend on job_runs (job, (params ->> 'trendId'));
create index job_runs_generation_batch on job_runs (job, (params ->> 'batch'));
