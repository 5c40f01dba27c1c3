// The typed in-process event bus. Services emit; the /ws hub and the terminal dashboard listen.
// Message names and fields are the console's live channel's; two public messages are our own.
import { EventEmitter } from 'node:events';
import type { JobProgressMessage, JobUpdatedMessage } from '../api/jobs.js';
import type { FoodRecategorizationStatus, RefetchStatus, StatusResponse } from '../api/status.js';
import { reportProblem } from '../diagnostics.js';

export interface LogEntryEvent {
  id: number;
  timestamp: string;
  component: string;
  level: string;
  message: string;
}

export interface EventMap {
  status_update: StatusResponse;
  spider_activity: { message: string; timestamp: string };
  domains_updated: Record<string, never>;
  avoid_domains_updated: Record<string, never>;
  refetch_status: RefetchStatus;
  trendsAnalyzerAction: { action: string };
  /** A line of text, as the console shows it; a regeneration's lines also carry its progress and its end. */
  generator_action: { action: string; progress?: { done: number; total: number }; complete?: boolean };
  queue_update: Record<string, unknown>;
  audioGenerationStatus: { message: string };
  'conversational-audio-progress': { current: number; total: number };
  'interview-audio-progress': { current: number; total: number };
  interview_token_progress: { tokens: number };
  interview_token_complete: { tokens: number };
  interview_refine_token_progress: { tokens: number };
  interview_refine_token_complete: { tokens: number };
  food_recategorization_status: FoodRecategorizationStatus;
  log_entry: LogEntryEvent;
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
   * Internal, never sent to /ws clients: credentials that ended (a logout, a password reset, a
   * revoked token, expired sessions). Bridged to every daemon, whose sockets riding them lose their
   * administrator rights at once.
   */
  access_revoked: { sessionIds?: string[]; tokenIds?: number[]; userIds?: number[] };
}

export type EventType = keyof EventMap;
export type LiveMessage = { [K in EventType]: { type: K } & EventMap[K] }[EventType];

/** Messages an anonymous /ws client may receive; everything else goes to admin sessions only. */
export const PUBLIC_EVENT_TYPES: ReadonlySet<EventType> = new Set<EventType>(['latest_news_audio', 'home_data_updated', 'database_status']);

/** Messages between the daemon's own parts (and daemons): never sent to any /ws client. */
export const INTERNAL_EVENT_TYPES: ReadonlySet<EventType> = new Set<EventType>(['access_revoked']);

export interface EventBus {
  /** Delivers to this process's listeners and, when bridged, to the other daemons'. */
  emit<K extends EventType>(type: K, payload: EventMap[K]): void;
  /** Delivers to this process's listeners only (a message another daemon sent). */
  deliver<K extends EventType>(type: K, payload: EventMap[K]): void;
  /** Sends every emitted message on to `outbound` too (the LISTEN/NOTIFY bridge); returns the detach function. */
  bridge(outbound: (message: LiveMessage) => void): () => void;
  on<K extends EventType>(type: K, listener: (payload: EventMap[K]) => void): () => void;
  /** Every message, in the wire shape `{type, ...fields}`. */
  onAny(listener: (message: LiveMessage) => void): () => void;
}

// A listener that throws must never break the service that emitted.
function guarded<T>(listener: (value: T) => void): (value: T) => void {
  return (value) => {
    try {
      listener(value);
    } catch (error) {
      reportProblem('event listener failed', error);
    }
  };
}

export function createEventBus(): EventBus {
  const emitter = new EventEmitter();
  // The hub, the dashboard and tests may all listen; the default limit of 10 is only a leak hint.
  emitter.setMaxListeners(0);
  let outbound: ((message: LiveMessage) => void) | null = null;
  const deliver = <K extends EventType>(type: K, payload: EventMap[K]) => {
    emitter.emit(type, payload);
    emitter.emit('*', { type, ...payload } as LiveMessage);
  };
  return {
    emit(type, payload) {
      deliver(type, payload);
      if (outbound) {
        try {
          outbound({ type, ...payload } as LiveMessage);
        } catch (error) {
          reportProblem('live message bridge failed', error);
        }
      }
    },
    deliver,
    bridge(send) {
      outbound = send;
      return () => {
        if (outbound === send) outbound = null;
      };
    },
    on(type, listener) {
      const wrapped = guarded(listener as (payload: unknown) => void);
      emitter.on(type, wrapped);
      return () => emitter.off(type, wrapped);
    },
    onAny(listener) {
      const wrapped = guarded(listener);
      emitter.on('*', wrapped);
      return () => emitter.off('*', wrapped);
    },
  };
}
