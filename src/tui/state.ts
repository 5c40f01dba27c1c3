// The dashboard's state and how each /ws message changes it: pure functions, so the panels, the
// tests and the memory bench all exercise the same code. Every list is bounded: the dashboard runs
// for hours and its memory must not grow with the messages it has seen.
import type { QueueStatus } from '../api/generator.js';
import type { JobState } from '../api/jobs.js';
import type { LiveMessage } from '../api/live.js';
import type { LogEntry } from '../api/logs.js';
import type { StatusResponse } from '../api/status.js';
import type { Trend } from '../api/trends.js';
import type { ConnectionState } from '../client/index.js';

export const MAX_LOGS = 200;
const MAX_ACTIVITY = 100;
const MAX_AUDIO_LINES = 20;

/** Jobs the audio panel follows (the bulletin, podcast, interview and songs). */
const isAudioJob = (name: string) => /audio|music/.test(name);

export interface AudioJobView {
  job: string;
  status: string;
  /** "3/12" while rendering, when the job reports it. */
  progress: string | null;
  at: string;
}

export interface DashState {
  connection: ConnectionState;
  /** Where the dashboard is connected ("socket …/newsctl.sock", a URL, "in-process"). */
  target: string;
  status: StatusResponse | null;
  /** Newest first, "[HH:MM:SS] message". */
  activity: string[];
  analyzerAction: string | null;
  trends: Trend[];
  queue: QueueStatus | null;
  generatorAction: string | null;
  audio: AudioJobView[];
  audioLines: string[];
  /** Newest first. */
  logs: LogEntry[];
  /** The product's time zone (site-info), for the times shown. */
  timeZone: string | null;
  /** Messages applied since start (the header shows it; the bench counts it). */
  messages: number;
  /** Last action's answer or error, shown in the footer. */
  flash: { text: string; error: boolean } | null;
}

export function initialState(target: string): DashState {
  return {
    connection: 'connecting',
    target,
    status: null,
    activity: [],
    analyzerAction: null,
    trends: [],
    queue: null,
    generatorAction: null,
    audio: [],
    audioLines: [],
    logs: [],
    timeZone: null,
    messages: 0,
    flash: null,
  };
}

const prepend = <T>(list: T[], item: T, max: number): T[] => [item, ...list.slice(0, max - 1)];

function clock(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '--:--:--' : date.toTimeString().slice(0, 8);
}

function upsertAudio(list: AudioJobView[], view: AudioJobView): AudioJobView[] {
  const others = list.filter((entry) => entry.job !== view.job);
  return [view, ...others].slice(0, 8);
}

/** What a message changes; `refresh` names the data to read again (debounced by the store). */
export function applyMessage(state: DashState, message: LiveMessage): { state: DashState; refresh?: 'trends' | 'all' } {
  const next: DashState = { ...state, messages: state.messages + 1 };
  switch (message.type) {
    case 'status_update': {
      const { type: _type, ...status } = message;
      next.status = status;
      // The status carries the run's activity log; keep it when it is newer than ours.
      if (status.spiderActivityLog.length && status.spiderActivityLog[0] !== next.activity[0]) next.activity = status.spiderActivityLog.slice(0, MAX_ACTIVITY);
      return { state: next };
    }
    case 'spider_activity': {
      const line = message.message.startsWith('[') ? message.message : `[${clock(message.timestamp)}] ${message.message}`;
      if (next.activity[0] !== line) next.activity = prepend(next.activity, line, MAX_ACTIVITY);
      return { state: next };
    }
    case 'trendsAnalyzerAction':
      next.analyzerAction = message.action;
      return { state: next, refresh: /complete|finished|stopped/i.test(message.action) ? 'trends' : undefined };
    case 'home_data_updated':
      return { state: next, refresh: 'trends' };
    case 'generator_action':
      next.generatorAction = message.action;
      return { state: next };
    case 'queue_update': {
      const { type: _type, ...queue } = message;
      next.queue = queue;
      return { state: next };
    }
    case 'job_updated':
      if (!isAudioJob(message.job)) return { state: next };
      next.audio = upsertAudio(next.audio, { job: message.job, status: message.status, progress: null, at: new Date().toISOString() });
      // The messages say what happens to each audio job, not only the bulletin's steps.
      next.audioLines = prepend(next.audioLines, `[${clock(new Date().toISOString())}] ${message.job}: ${message.status}`, MAX_AUDIO_LINES);
      return { state: next };
    case 'job_progress': {
      if (!isAudioJob(message.job)) return { state: next };
      const p = message.progress as { current?: unknown; total?: unknown };
      const progress = typeof p.current === 'number' && typeof p.total === 'number' ? `${p.current}/${p.total}` : null;
      const known = next.audio.find((entry) => entry.job === message.job);
      next.audio = upsertAudio(next.audio, { job: message.job, status: known?.status ?? 'running', progress, at: new Date().toISOString() });
      return { state: next };
    }
    case 'audioGenerationStatus':
      next.audioLines = prepend(next.audioLines, message.message, MAX_AUDIO_LINES);
      return { state: next };
    case 'conversational-audio-progress':
    case 'interview-audio-progress': {
      const job = message.type === 'interview-audio-progress' ? 'interview-audio' : 'podcast-audio';
      next.audio = upsertAudio(next.audio, { job, status: 'running', progress: `${message.current}/${message.total}`, at: new Date().toISOString() });
      return { state: next };
    }
    case 'latest_news_audio':
      next.audioLines = prepend(next.audioLines, `New latest-news bulletin ${message.audioUrl}`, MAX_AUDIO_LINES);
      return { state: next };
    case 'log_entry': {
      const { type: _type, ...entry } = message;
      if (next.logs[0]?.id === entry.id) return { state: next };
      next.logs = prepend(next.logs, entry as LogEntry, MAX_LOGS);
      // What the audio jobs log (a podcast's segments, a song's provider, a failure's reason).
      if (entry.component === 'AUDIO') next.audioLines = prepend(next.audioLines, `[${clock(entry.timestamp)}] ${entry.message}`, MAX_AUDIO_LINES);
      return { state: next };
    }
    case 'live_resync':
      return { state: next, refresh: 'all' };
    default:
      return { state: next };
  }
}

export interface Snapshot {
  status: StatusResponse;
  queue: QueueStatus;
  trends: Trend[];
  logs: LogEntry[];
  jobs: JobState[];
  timeZone: string;
}

/** The state after a full read (start, reconnect, resync). */
export function applySnapshot(state: DashState, snapshot: Partial<Snapshot>): DashState {
  const next = { ...state };
  if (snapshot.status) {
    next.status = snapshot.status;
    next.activity = snapshot.status.spiderActivityLog.slice(0, MAX_ACTIVITY);
    next.analyzerAction = snapshot.status.trendsAnalyzerCurrentAction;
  }
  if (snapshot.timeZone) next.timeZone = snapshot.timeZone;
  if (snapshot.queue) next.queue = snapshot.queue;
  if (snapshot.trends) next.trends = snapshot.trends;
  if (snapshot.logs) {
    next.logs = snapshot.logs.slice(0, MAX_LOGS);
    // The audio messages the panel opens with: what the audio jobs logged lately.
    if (next.audioLines.length === 0) {
      next.audioLines = snapshot.logs
        .filter((entry) => entry.component === 'AUDIO')
        .slice(0, MAX_AUDIO_LINES)
        .map((entry) => `[${clock(entry.timestamp)}] ${entry.message}`);
    }
  }
  if (snapshot.jobs) {
    next.audio = snapshot.jobs
      .filter((job) => isAudioJob(job.name) && job.run)
      .map((job) => ({
        job: job.name,
        status: job.status === 'idle' ? job.run!.status : job.status,
        progress: null,
        at: job.run!.finishedAt ?? job.run!.startedAt ?? job.run!.createdAt,
      }));
  }
  return next;
}

/** Trends of one topic, best first. */
export function trendsOfTopic(trends: Trend[], topic: string): Trend[] {
  return trends.filter((trend) => trend.topic === topic).sort((a, b) => b.relevanceScore - a.relevanceScore);
}
