// Wire types of the job runner: GET /api/jobs and the job_updated / job_progress live messages.
import type { z } from 'zod';
import type { diskStatus, jobState } from './schemas/operations.js';

/** GET /api/health/disk: this daemon's free space against its floor (the disk_status live message too). */
export type DiskStatusAnswer = z.infer<typeof diskStatus>;

/** Where a run is: queued (waiting for a daemon), running, paused, stopping, or ended. */
export type JobRunStatus = JobRunSummary['status'];

/** A job as any daemon reports it (read from the database, so the same on every daemon). */
export type JobState = z.infer<typeof jobState>;

export type JobRunSummary = NonNullable<JobState['run']>;

/** Live message: a run changed status (on any daemon). */
export interface JobUpdatedMessage {
  job: string;
  runId: string;
  status: JobRunStatus;
}

/** Live message: a run reported progress. */
export interface JobProgressMessage {
  job: string;
  runId: string;
  progress: Record<string, unknown>;
}

/** POST /api/jobs/:name/stop when nothing runs, and the stop calls of every job. */
export interface NotRunningAnswer {
  message: string;
}
