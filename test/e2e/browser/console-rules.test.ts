// The console's pure rules, without a browser: query-key areas, server messages for toasts, the
// domain list's order and notes, regeneration progress, log times, import lines, live updates.
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, pathOfQueryKey, responseMessage } from '../../../web/src/api/client.js';
import * as keys from '../../../web/src/api/keys.js';
import { applyLiveMessage, LIVE_UPDATES } from '../../../web/src/api/live-updates.js';
import { countDomains, domainNotes, parsePriority, sortDomainsByPriority } from '../../../web/src/lib/domains.js';
import { importLines } from '../../../web/src/lib/downloads.js';
import { formatTime24 } from '../../../web/src/lib/log-time.js';
import { IDLE_REGENERATION, regenerationStarted, withRegenerationMessage } from '../../../web/src/lib/regeneration.js';
import { emptyRow, problemOf, sameDraft, storedValue, toDraft } from '../../../web/src/lib/setting-values.js';
import { articleBlocks, formatGeneratedAge, withScheme } from '../../../web/src/lib/generated-articles.js';
import type { SettingFieldDescription } from '../../../web/src/api/types.js';

describe('query keys', () => {
  it('start with their area, which is not part of the address', () => {
    expect(pathOfQueryKey(keys.trends.list('all'))).toBe('/api/trends?limit=50');
    expect(pathOfQueryKey(keys.trends.list('health'))).toBe('/api/trends/by-topic/health?limit=50');
    expect(pathOfQueryKey(keys.generator.articles())).toBe('/api/generated-articles?limit=50');
    expect(pathOfQueryKey(keys.logs.list())).toBe('/api/logs?limit=100');
    expect(pathOfQueryKey(keys.settings.one('system-prompt'))).toBe('/api/system-prompt');
    expect(pathOfQueryKey(keys.home.page())).toBe('/api/home-page-data');
    expect(keys.trends.list('usa').slice(0, keys.trends.all().length)).toEqual(keys.trends.all());
  });
});

describe("the server's message for a console toast (spec 001 §8)", () => {
  it('takes message, then error, then the raw text, and nothing when the server said nothing', () => {
    expect(responseMessage(new ApiError('x', 409, { message: 'Already running', error: 'Conflict' }))).toBe('Already running');
    expect(responseMessage(new ApiError('x', 401, { error: 'Not logged in' }))).toBe('Not logged in');
    expect(responseMessage(new ApiError('x', 500, {}))).toBeUndefined();
    expect(responseMessage(new ApiError('Bad Gateway', 502, undefined, 'upstream exploded'))).toBe('upstream exploded');
    expect(responseMessage(new ApiError('Bad Gateway', 502, undefined, ''))).toBeUndefined();
    expect(responseMessage(new ApiError('Failed to fetch', 0))).toBeUndefined();
  });
});

describe('the domain list', () => {
  it('sorts by priority, a missing one counting as 4', () => {
    const sorted = sortDomainsByPriority([
      { url: 'b', priority: null },
      { url: 'a', priority: 2 },
      { url: 'c', priority: 9 },
      { url: 'd', priority: 4 },
    ]);
    expect(sorted.map((d) => d.url)).toEqual(['c', 'b', 'd', 'a']);
  });
  it('notes custom starting URLs, success and the first 50 characters of an error', () => {
    expect(domainNotes({ startingUrl: 'https://x/y', status: 'success', errorMessage: null })).toEqual(['(Custom URL)', '(Success)']);
    const error = 'x'.repeat(60);
    expect(domainNotes({ startingUrl: null, status: 'error', errorMessage: error })).toEqual([`(Error: ${'x'.repeat(50)}…)`]);
    expect(domainNotes({ startingUrl: null, status: 'error', errorMessage: 'short' })).toEqual(['(Error: short)']);
    expect(domainNotes({ startingUrl: null, status: 'error', errorMessage: null })).toEqual([]);
    expect(domainNotes({ startingUrl: null, status: 'success', errorMessage: null, skipped: { language: 12 } })).toEqual([
      '(Success)',
      '(12 skipped: language)',
    ]);
  });
  it('counts by status and parses priorities as whole numbers, ignoring text', () => {
    expect(countDomains([{ status: 'active' }, { status: 'error' }, { status: 'avoided' }, { status: 'success' }])).toEqual({
      total: 4,
      active: 1,
      success: 1,
      errors: 1,
      spidered: 3,
    });
    expect(parsePriority(' 7 ')).toBe(7);
    expect(parsePriority('-3')).toBe(-3);
    expect(parsePriority('8.9')).toBe(8);
    expect(parsePriority('high')).toBeNull();
    expect(parsePriority('')).toBeNull();
  });
});

describe('article regeneration progress', () => {
  it('takes the progress each message carries, keeps the newest 50 messages and ends at the one marked complete', () => {
    let state = regenerationStarted();
    state = withRegenerationMessage(state, { action: '[1/3] Rewriting "Flu season"', progress: { done: 1, total: 3 } });
    expect(state).toMatchObject({ running: true, done: 1, total: 3 });
    for (let i = 0; i < 60; i++) state = withRegenerationMessage(state, { action: `note ${i}` });
    expect(state.messages).toHaveLength(50);
    expect(state.messages[0]).toBe('note 59');
    expect(state).toMatchObject({ running: true, done: 1, total: 3 });
    state = withRegenerationMessage(state, { action: 'Regeneration complete: 3 of 3 articles rewritten', progress: { done: 3, total: 3 }, complete: true });
    expect(state).toMatchObject({ running: false, done: 3, total: 3 });
    expect(IDLE_REGENERATION.running).toBe(false);
  });
  it('is not ended or moved by what the text says: a title with "complete" or "[9/9]" in it is only shown', () => {
    let state = regenerationStarted();
    state = withRegenerationMessage(state, { action: '[0/3] Regenerating the articles of 3 current trends', progress: { done: 0, total: 3 } });
    state = withRegenerationMessage(state, { action: 'Generating article for "Bridge repairs complete [9/9]"' });
    expect(state).toMatchObject({ running: true, done: 0, total: 3 });
  });
});

describe('small rules', () => {
  it('shows log times in 24-hour form in the product time zone', () => {
    expect(formatTime24('2025-01-15T23:05:09Z', 'America/Chicago')).toBe('17:05:09');
    expect(formatTime24('2025-07-15T05:00:00Z', 'America/Chicago')).toBe('00:00:00');
  });
  it('trims import lines and drops blank ones', () => {
    expect(importLines(' a.example,5 \r\n\r\n#AVOID\n  \nb.example')).toEqual(['a.example,5', '#AVOID', 'b.example']);
  });
});

describe('live updates table', () => {
  it('patches the status, the logs and the queue with what a message carries, and refreshes what it names', async () => {
    const client = new QueryClient();
    client.setQueryData(keys.status.current(), { spiderActivityLog: ['old'], trendsAnalyzerCurrentAction: null });
    client.setQueryData(keys.logs.list(), [{ id: 1, message: 'first' }]);
    applyLiveMessage(client, { type: 'spider_activity', message: 'NEW: A headline', timestamp: 'x' });
    applyLiveMessage(client, { type: 'spider_activity', message: 'NEW: A headline', timestamp: 'x' });
    applyLiveMessage(client, { type: 'trendsAnalyzerAction', action: 'Grouping' });
    applyLiveMessage(client, { type: 'log_entry', id: 2, message: 'second' });
    applyLiveMessage(client, { type: 'log_entry', id: 2, message: 'second' });
    applyLiveMessage(client, { type: 'queue_update', queueLength: 2, isGenerating: true });
    expect(client.getQueryData(keys.status.current())).toEqual({ spiderActivityLog: ['NEW: A headline', 'old'], trendsAnalyzerCurrentAction: 'Grouping' });
    expect(client.getQueryData(keys.logs.list())).toEqual([
      { id: 2, message: 'second' },
      { id: 1, message: 'first' },
    ]);
    expect(client.getQueryData(keys.generator.queue())).toEqual({ queueLength: 2, isGenerating: true });

    client.setQueryData(keys.domains.list(), []);
    client.setQueryData(keys.settings.one('system-prompt'), { promptText: 'a' });
    applyLiveMessage(client, { type: 'domains_updated' });
    applyLiveMessage(client, { type: 'settings_updated', key: 'system-prompt' });
    expect(client.getQueryState(keys.domains.list())?.isInvalidated).toBe(true);
    expect(client.getQueryState(keys.settings.one('system-prompt'))?.isInvalidated).toBe(true);
    // job_updated refreshes what that job writes; live_resync refreshes everything.
    client.setQueryData(keys.music.tracks(), []);
    client.setQueryData(keys.podcast.lastScript(), {});
    applyLiveMessage(client, { type: 'job_updated', job: 'music-track', runId: 'r', status: 'completed' });
    expect(client.getQueryState(keys.music.tracks())?.isInvalidated).toBe(true);
    expect(client.getQueryState(keys.podcast.lastScript())?.isInvalidated).toBe(false);
    applyLiveMessage(client, { type: 'live_resync' });
    expect(client.getQueryState(keys.podcast.lastScript())?.isInvalidated).toBe(true);
    expect(client.getQueryState(keys.generator.queue())?.isInvalidated).toBe(true);
    // Every live message type of spec 001 §7 has a row.
    for (const type of [
      'conversational-audio-progress',
      'interview-audio-progress',
      'interview_token_progress',
      'interview_refine_token_progress',
      'trendsAnalyzerAction',
      'audioGenerationStatus',
      'generator_action',
      'queue_update',
      'status_update',
      'spider_activity',
      'domains_updated',
      'avoid_domains_updated',
    ]) {
      expect(LIVE_UPDATES[type], type).toBeDefined();
    }
  });

  it('keeps a pushed status over a fetch that started before it and answers after', async () => {
    const client = new QueryClient();
    let answerStale: (status: unknown) => void = () => {};
    const stale = new Promise((resolve) => (answerStale = resolve));
    const fetching = client.fetchQuery({ queryKey: keys.status.current(), queryFn: () => stale }).catch(() => null);
    expect(client.isFetching({ queryKey: keys.status.current() })).toBe(1);
    applyLiveMessage(client, { type: 'status_update', generatorStatus: 'running' });
    // The run's end also invalidates the status; the slow answer then comes with what it read before.
    applyLiveMessage(client, { type: 'job_updated', job: 'generate-article', runId: 'r', status: 'completed' });
    answerStale({ generatorStatus: 'generating' });
    await fetching;
    expect(client.getQueryData(keys.status.current())).toEqual({ generatorStatus: 'running' });
  });

  it('fetches once more after a fetch that read the logs before a live entry, however many messages came meanwhile', async () => {
    const client = new QueryClient();
    const first = { id: 1, message: 'first' };
    const stopped = { id: 2, message: 'Spider stopped: 3 new articles' };
    let stored = [first];
    const answers: (() => void)[] = [];
    const queryFn = () => {
      const read = stored;
      return new Promise<unknown>((resolve) => answers.push(() => resolve(read)));
    };
    client.setQueryData(keys.logs.list(), [first]);
    const observer = new QueryObserver(client, { queryKey: keys.logs.list(), queryFn });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    // The entry is written after that fetch read the table; its message and the run's end arrive.
    stored = [stopped, first];
    applyLiveMessage(client, { type: 'log_entry', ...stopped });
    for (const status of ['stopping', 'stopped']) applyLiveMessage(client, { type: 'job_updated', job: 'spider', runId: 'r', status });
    expect(client.getQueryData(keys.logs.list())).toEqual([stopped, first]);
    answers[0]!();
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[1]!();
    await vi.waitFor(() => expect(client.getQueryData(keys.logs.list())).toEqual([stopped, first]));
    expect(answers).toHaveLength(2);
    unsubscribe();
  });
});

const field = (over: Partial<SettingFieldDescription>): SettingFieldDescription => ({
  name: 'x',
  label: 'X',
  kind: 'text',
  secret: false,
  minimum: null,
  maximum: null,
  maxLength: null,
  placeholder: null,
  ...over,
});

describe('setting values in the editor', () => {
  it('turns numbers, switches and secrets into what the editor shows, and back', () => {
    const count = field({ name: 'targetWordCount', label: 'Target word count', kind: 'integer', minimum: 1, maximum: 20_000 });
    expect(toDraft(count, 600)).toBe('600');
    expect(problemOf(count, '')).toBe('Enter a whole number from 1 to 20000');
    expect(problemOf(count, '2.5')).toBe('Enter a whole number from 1 to 20000');
    expect(problemOf(count, '850')).toBeNull();
    const key = field({ name: 'apiKey', secret: true });
    expect(toDraft(key, '********6789')).toBe('');
    const daily = field({ name: 'dailyEnabled', kind: 'boolean' });
    expect(toDraft(daily, true)).toBe(true);
    expect(storedValue([count, daily], { targetWordCount: '', dailyEnabled: false }, { other: 1 })).toEqual({
      other: 1,
      targetWordCount: 0,
      dailyEnabled: false,
    });
    expect(problemOf(field({ maxLength: 3 }), 'abcd')).toBe('At most 3 characters');
  });

  it('edits table settings row by row within their bounds', () => {
    const speakers = field({
      name: 'speakers',
      label: 'Speakers',
      kind: 'table',
      minimum: 1,
      maximum: 2,
      columns: [
        field({ name: 'name', label: 'Name' }),
        field({ name: 'voice', label: 'Voice', kind: 'select', options: ['Achird', 'Aoede'] }),
        field({ name: 'pitch', label: 'Pitch', kind: 'integer', minimum: 0, maximum: 99 }),
      ],
    });
    const rows = toDraft(speakers, [{ name: 'Alex', voice: 'Achird', pitch: 40 }]);
    expect(rows).toEqual([{ name: 'Alex', voice: 'Achird', pitch: '40' }]);
    expect(emptyRow(speakers)).toEqual({ name: '', voice: 'Achird', pitch: '' });
    expect(problemOf(speakers, [])).toBe('Keep at least 1 row');
    expect(problemOf(speakers, [...(rows as never[]), emptyRow(speakers), emptyRow(speakers)])).toBe('At most 2 rows');
    expect(problemOf(speakers, [{ name: 'Alex', voice: 'Aoede', pitch: '120' }])).toBe('Row 1, Pitch: Enter a whole number from 0 to 99');
    expect(storedValue([speakers], { speakers: [{ name: 'Jo', voice: 'Aoede', pitch: '7' }] }, {})).toEqual({
      speakers: [{ name: 'Jo', voice: 'Aoede', pitch: 7 }],
    });
    expect(sameDraft(rows, [{ name: 'Alex', voice: 'Achird', pitch: '40' }])).toBe(true);
  });
});

describe('generated articles', () => {
  it('says how long ago an article was written', () => {
    const now = Date.parse('2025-03-01T12:00:00Z');
    expect(formatGeneratedAge('2025-03-01T11:59:30Z', now)).toBe('Generated just now');
    expect(formatGeneratedAge('2025-03-01T11:59:00Z', now)).toBe('Generated 1 minute ago');
    expect(formatGeneratedAge('2025-03-01T11:15:00Z', now)).toBe('Generated 45 minutes ago');
    expect(formatGeneratedAge('2025-03-01T09:00:00Z', now)).toBe('Generated 3 hours ago');
  });
  it('gives addresses without a scheme https://, and reads headings, lists, bold and links', () => {
    expect(withScheme('example.com/a')).toBe('https://example.com/a');
    expect(withScheme('http://example.com')).toBe('http://example.com');
    expect(
      articleBlocks(
        '**Storm floods the harbor**\n\nThe **county** said so.\n\n**Sources**\n\nCompiled from 2 sources:\n- One (a.example): https://a.example/1\n- Two: b.example/2',
      ),
    ).toEqual([
      { kind: 'heading', text: 'Storm floods the harbor' },
      {
        kind: 'paragraph',
        segments: [
          { text: 'The ', bold: false },
          { text: 'county', bold: true },
          { text: ' said so.', bold: false },
        ],
      },
      { kind: 'heading', text: 'Sources' },
      { kind: 'paragraph', segments: [{ text: 'Compiled from 2 sources:', bold: false }] },
      {
        kind: 'list',
        items: [
          [
            { text: 'One (a.example): ', bold: false },
            { text: 'https://a.example/1', bold: false, url: 'https://a.example/1' },
          ],
          [{ text: 'Two: b.example/2', bold: false }],
        ],
      },
    ]);
  });
});
