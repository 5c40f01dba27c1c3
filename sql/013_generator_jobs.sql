-- Article generator on the job runner (issue 14): each queue item is carried by one run of the
-- generate-article job, whose lease (job_runs.holder, expires_at) replaces the item's own claim. The
-- item keeps `holder`, now the claim token of the run's current attempt, so a write from an attempt
-- that lost the run to another daemon is refused (an item is recorded at most once).
alter table generation_queue
  add column job_run_id uuid unique references job_runs (id) on delete set null,
  drop column lease_expires_at;
