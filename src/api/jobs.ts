// Wire types of the job runner: GET /api/jobs and the job_updated / job_progress live messages.

/** Where a run is: queued (waiting for a daemon), running, paused, stopping, or ended. */
export type JobRunStatus = 'queued' | 'running' | 'paused' | 'stopping' | 'completed' | 'failed' | 'stopped' | 'skipped';

/** A job as any daemon reports it (read from the database, so the same on every daemon). */
export interface JobState {
  name: string;
  label: string;
  /** idle, or the live run's status. */
  status: 'idle' | 'queued' | 'running' | 'paused' | 'stopping';
  /** The live run, else the last one. */
  run: JobRunSummary | null;
  /** Live runs of a queue job (items queued or in work); 0 or 1 for the others. */
  liveRuns: number;
}

export interface JobRunSummary {
  id: string;
  status: JobRunStatus;
  /** The daemon holding it (host:pid:tag), while held. */
  holder: string | null;
  progress: Record<string, unknown>;
  error: string | null;
  /** The schedule slot that started it, if one did. */
  slot: string | null;
  attempts: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

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
