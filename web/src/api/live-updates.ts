// The one table of what each live message (/ws) does to the cached
// data: `patch` writes what the message carries straight into the cache, `refresh` refetches the
// queries it names. Messages that only drive a screen's own progress display (audio segments,
// interview tokens, generator actions) are handled by that screen's listener as well.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import * as keys from './keys.js';
import { LOGS_LIMIT } from './keys.js';
import type { ConsoleStatus, LiveMessage, LogEntry } from './types.js';

interface LiveUpdate {
  patch?: (queryClient: QueryClient, message: LiveMessage) => void;
  refresh?: (message: LiveMessage) => QueryKey[];
}

/** The message's fields without its `type`. */
function fieldsOf(message: LiveMessage): Record<string, unknown> {
  const { type: _type, ...fields } = message;
  return fields;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * A message that carries a query's whole current state replaces its data. A fetch of that query
 * still in flight started before the message and would answer older data after it (seen under load:
 * the status said "generating" for 30 s after the last article), so it is cancelled first; the
 * cancel reverts synchronously, and the next invalidation fetches afresh.
 */
function replaceData(queryClient: QueryClient, queryKey: QueryKey, data: unknown): void {
  void queryClient.cancelQueries({ queryKey, exact: true });
  queryClient.setQueryData(queryKey, data);
}

/** What each background job (src/services/platform/jobs names) changes, for its job_updated message. */
/**
 * Refreshes a query that a message says has changed. A fetch of it already in flight may have read
 * the data before the change and would answer after the message (seen under load: the spider's
 * "Spider stopped" log line patched in, then dropped by a logs fetch begun when the stop was asked,
 * until the next 30 s poll). Cancelling that fetch would let a burst of messages starve the query,
 * so it is left to finish and one more fetch follows it, however many messages arrive meanwhile.
 */
const refreshesAfterFlight = new WeakMap<QueryClient, Set<string>>();

function refresh(queryClient: QueryClient, queryKey: QueryKey): void {
  if (queryClient.isFetching({ queryKey }) === 0) {
    void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
    return;
  }
  const waiting = refreshesAfterFlight.get(queryClient) ?? new Set<string>();
  refreshesAfterFlight.set(queryClient, waiting);
  const id = JSON.stringify(queryKey);
  if (waiting.has(id)) return;
  waiting.add(id);
  const unsubscribe = queryClient.getQueryCache().subscribe(() => {
    if (queryClient.isFetching({ queryKey }) > 0) return;
    unsubscribe();
    waiting.delete(id);
    void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
  });
}

const JOB_QUERIES: Readonly<Record<string, QueryKey[]>> = {
  spider: [keys.status.all(), keys.spider.all(), keys.domains.all(), keys.logs.all()],
  refetch: [keys.spider.refetch()],
  'trends-analyzer': [keys.status.all(), keys.trends.all(), keys.logs.all()],
  'food-recategorization': [keys.trends.all()],
  generator: [keys.status.all(), keys.generator.all()],
  'latest-news-audio': [keys.audio.all()],
  'podcast-audio': [keys.podcast.all()],
  'interview-audio': [keys.interview.all()],
  'music-track': [keys.music.tracks()],
};

export const LIVE_UPDATES: Readonly<Record<string, LiveUpdate>> = {
  status_update: {
    patch: (queryClient, message) => replaceData(queryClient, keys.status.current(), fieldsOf(message)),
  },
  spider_activity: {
    patch: (queryClient, message) => {
      const line = text(message.message);
      if (!line) return;
      queryClient.setQueryData<ConsoleStatus>(keys.status.current(), (status) =>
        status && status.spiderActivityLog[0] !== line ? { ...status, spiderActivityLog: [line, ...status.spiderActivityLog] } : status,
      );
    },
  },
  trendsAnalyzerAction: {
    patch: (queryClient, message) => {
      const action = text(message.action) ?? text(message.data);
      if (!action) return;
      queryClient.setQueryData<ConsoleStatus>(keys.status.current(), (status) => status && { ...status, trendsAnalyzerCurrentAction: action });
    },
  },
  domains_updated: { refresh: () => [keys.domains.all()] },
  avoid_domains_updated: { refresh: () => [keys.avoidDomains.all(), keys.domains.list()] },
  refetch_status: {
    patch: (queryClient, message) => replaceData(queryClient, keys.spider.refetch(), fieldsOf(message)),
  },
  food_recategorization_status: {
    patch: (queryClient, message) => replaceData(queryClient, keys.trends.foodStatus(), fieldsOf(message)),
  },
  generator_action: { refresh: () => [keys.generator.articles(), keys.trends.statistics()] },
  queue_update: {
    patch: (queryClient, message) => replaceData(queryClient, keys.generator.queue(), fieldsOf(message)),
  },
  log_entry: {
    patch: (queryClient, message) => {
      const entry = fieldsOf(message) as unknown as LogEntry;
      queryClient.setQueryData<LogEntry[]>(keys.logs.list(), (logs) =>
        logs && !logs.some((log) => log.id === entry.id) ? [entry, ...logs].slice(0, LOGS_LIMIT) : logs,
      );
      // A logs fetch in flight may have read them before this entry and would drop it.
      if (queryClient.isFetching({ queryKey: keys.logs.list() }) > 0) refresh(queryClient, keys.logs.list());
    },
  },
  settings_updated: {
    // A setting may move a timed job's next slot (the schedule's minutes, the bulletin's time).
    refresh: (message) => [typeof message.key === 'string' ? keys.settings.one(message.key) : keys.settings.all(), keys.jobs.all()],
  },
  home_data_updated: { refresh: () => [keys.home.all(), keys.trends.all(), keys.domains.stats()] },
  latest_news_audio: { refresh: () => [keys.audio.latest()] },
  // A background job's run changed status (on any daemon): refresh what that job writes.
  job_updated: { refresh: (message) => [...(JOB_QUERIES[String(message.job)] ?? [keys.status.current()]), keys.jobs.all()] },
  // The daemon's channel to the other daemons was down: anything may have been missed.
  live_resync: { refresh: () => [[]] },
  // Progress of work the console started; the tab that started it shows it.
  audioGenerationStatus: {},
  'conversational-audio-progress': {},
  'interview-audio-progress': {},
  interview_token_progress: {},
  interview_token_complete: {},
  interview_refine_token_progress: {},
  interview_refine_token_complete: {},
  // A job's progress: the Music tab shows its tracks' (job_updated refreshes when a run ends).
  job_progress: {},
};

export function applyLiveMessage(queryClient: QueryClient, message: LiveMessage): void {
  const update = LIVE_UPDATES[message.type];
  if (!update) return;
  update.patch?.(queryClient, message);
  for (const queryKey of update.refresh?.(message) ?? []) refresh(queryClient, queryKey);
}
