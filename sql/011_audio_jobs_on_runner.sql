-- Audio work runs on the job runner (job_runs, issue 12) since it landed: its own table from 008 goes.
-- An asset still records the run it came from (audio_assets.job_key), so a run is recorded once.
drop table if exists audio_jobs;
