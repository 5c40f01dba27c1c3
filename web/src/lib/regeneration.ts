// Progress of "regenerate articles for existing trends": the generator's live messages, the
// newest 50 kept. Each message of the run says how far it is (progress) and whether it is the last
// (complete); the text is only shown.

import type { EventMap } from '../../../src/api/live.js';

const REGENERATION_MESSAGES_KEPT = 50;

export interface RegenerationState {
  running: boolean;
  /** Newest first. */
  messages: string[];
  done: number;
  total: number;
}

/** A generator_action live message (its fields, as the server's live messages declare them). */
export type GeneratorAction = EventMap['generator_action'];

export const IDLE_REGENERATION: RegenerationState = { running: false, messages: [], done: 0, total: 0 };

export function regenerationStarted(): RegenerationState {
  return { running: true, messages: [], done: 0, total: 0 };
}

export function withRegenerationMessage(state: RegenerationState, message: GeneratorAction): RegenerationState {
  return {
    running: state.running && message.complete !== true,
    messages: [message.action, ...state.messages].slice(0, REGENERATION_MESSAGES_KEPT),
    done: message.progress?.done ?? state.done,
    total: message.progress?.total ?? state.total,
  };
}

/** The latest-news audio's staged progress: not tied to the real work. */
export const AUDIO_PROGRESS_STEPS: readonly { percent: number; afterMs: number }[] = [
  { percent: 0, afterMs: 0 },
  { percent: 15, afterMs: 800 },
  { percent: 35, afterMs: 2_500 },
  { percent: 45, afterMs: 5_000 },
  { percent: 90, afterMs: 10_000 },
  { percent: 95, afterMs: 16_000 },
];
