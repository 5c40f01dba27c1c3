// The typed in-process event bus. Services emit; the /ws hub and the terminal dashboard listen.
// Message names and fields are the console's live channel's; two public messages are our own.
import { EventEmitter } from 'node:events';
import { reportProblem } from '../../diagnostics.js';
import type { EventMap, EventType, LiveMessage } from '../../api/live.js';

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
