// The /ws live channel's messages: one EventMap for the bus, the hub,
// the web hook, the CLI and the dashboard.
import type { QueueStatus } from './generator.js';
import type { JobProgressMessage, JobUpdatedMessage } from './jobs.js';
import type { LogEntry } from './logs.js';
import type { FoodRecategorizationStatus, RefetchStatus, StatusResponse } from './status.js';

export interface EventMap {
  status_update: StatusResponse;
  spider_activity: { message: string; timestamp: string };
  domains_updated: Record<string, never>;
  avoid_domains_updated: Record<string, never>;
  refetch_status: RefetchStatus;
  trendsAnalyzerAction: { action: string };
  /** A line of text, as the console shows it; a regeneration's lines also carry its progress and its end. */
  generator_action: { action: string; progress?: { done: number; total: number }; complete?: boolean };
  /** The generation queue, as GET /api/generator/queue-status answers it. */
  queue_update: QueueStatus;
  audioGenerationStatus: { message: string };
  'conversational-audio-progress': { current: number; total: number };
  'interview-audio-progress': { current: number; total: number };
  interview_token_progress: { tokens: number };
  interview_token_complete: { tokens: number };
  interview_refine_token_progress: { tokens: number };
  interview_refine_token_complete: { tokens: number };
  food_recategorization_status: FoodRecategorizationStatus;
  /** A line of the system log, as GET /api/logs lists it. */
  log_entry: LogEntry;
  settings_updated: { key: string };
  /** Public: a new latest-news bulletin exists. */
  latest_news_audio: { audioUrl: string; generatedAt: string };
  /** Public: crawled articles or trends changed; the home page should refetch. */
  home_data_updated: Record<string, never>;
  /** A background job's run changed status, on any daemon. */
  job_updated: JobUpdatedMessage;
  /** A background job's run reported progress. */
  job_progress: JobProgressMessage;
  /**
   * This daemon's live channel to the other daemons was down and is back: messages may have been
   * missed, so clients refetch what they show.
   */
  live_resync: Record<string, never>;
  /**
   * Public: this daemon lost or regained its database. While it is down the public pages are served
   * from the last snapshot and other calls answer 503; never sent on to other daemons (each has its own connection).
   */
  database_status: { available: boolean; message: string };
  /**
   * This daemon's data (or media) folder fell below the free-space floor, or has room again: while
   * full, writes answer 507 and the console shows the message. Never sent on to other daemons (each
   * has its own folder).
   */
  disk_status: { full: boolean; freeMb: number; folder: string; floorMb: number; message: string | null };
  /**
   * Internal, never sent to /ws clients: credentials that ended (a logout, a password reset, a
   * revoked token, expired sessions). Bridged to every daemon, whose sockets riding them lose their
   * administrator rights at once.
   */
  access_revoked: { sessionIds?: string[]; tokenIds?: number[]; userIds?: number[] };
}

export type EventType = keyof EventMap;

export type LiveMessage = { [K in EventType]: { type: K } & EventMap[K] }[EventType];
