// Progress of "regenerate articles for existing trends": the generator's live
// messages, the newest 50 kept; "[n/total]" gives the progress; a message containing "complete"
// ends the run.

export const REGENERATION_MESSAGES_KEPT = 50;

export interface RegenerationState {
  running: boolean;
  /** Newest first. */
  messages: string[];
  done: number;
  total: number;
}

export const IDLE_REGENERATION: RegenerationState = { running: false, messages: [], done: 0, total: 0 };

export function regenerationStarted(): RegenerationState {
  return { running: true, messages: [], done: 0, total: 0 };
}

/**
 * Whether a message closes the run: it says "complete" itself. A word inside a quoted article
 * title ('[2/5] Rewrote "Bridge repairs complete ahead of schedule"') or part of a longer word
 * ("incomplete", in a failure's reason) is the story's or the error's, not the run's.
 */
export function endsRegeneration(message: string): boolean {
  const own = message.replace(/"[^"]*"|“[^”]*”/g, '');
  return /\bcomplete\b/i.test(own);
}

export function withRegenerationMessage(state: RegenerationState, message: string): RegenerationState {
  const counted = /\[(\d+)\s*\/\s*(\d+)\]/.exec(message);
  return {
    running: state.running && !endsRegeneration(message),
    messages: [message, ...state.messages].slice(0, REGENERATION_MESSAGES_KEPT),
    done: counted ? Number(counted[1]) : state.done,
    total: counted ? Number(counted[2]) : state.total,
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
