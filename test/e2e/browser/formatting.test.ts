// The web app's pure rules, without a browser: error messages, query paths, ages, clock times,
// titles, domain order, assistant links, the math question, retry and reconnect timing.
import { describe, expect, it } from 'vitest';
import { ApiError, errorMessageFromText, pathOfQueryKey, serverMessage } from '../../../web/src/api/client.js';
import { retryDelay } from '../../../web/src/api/timings.js';
import { formatArticleAge, formatCrawlAge } from '../../../web/src/lib/ages.js';
import { cutTitle, domainDisplayName, domainHost, safeHref, sortByPriority } from '../../../web/src/lib/articles.js';
import { implicationsLink, questionLink } from '../../../web/src/lib/assistant-links.js';
import { isCorrectAnswer, makeMathQuestion } from '../../../web/src/lib/captcha.js';
import { dateInZone, formatClockTime, formatPlayerTime } from '../../../web/src/lib/clock.js';
import { connectLiveChannel, liveChannelUrl } from '../../../web/src/lib/live-channel.js';

describe('error message of a failed response (spec 000 §8)', () => {
  it('prefers JSON message, then error, then the raw text', () => {
    expect(errorMessageFromText('{"message":"Database down","error":"Unavailable"}', 'Service Unavailable')).toBe('Database down');
    expect(errorMessageFromText('{"error":"Invalid credentials"}', 'Unauthorized')).toBe('Invalid credentials');
    expect(errorMessageFromText('{"detail":"x"}', 'Bad Request')).toBe('{"detail":"x"}');
  });
  it('uses unparseable text as it is, and the status text when the body is empty', () => {
    expect(errorMessageFromText('upstream exploded', 'Bad Gateway')).toBe('upstream exploded');
    expect(errorMessageFromText('', 'Service Unavailable')).toBe('Service Unavailable');
  });
  it('gives toasts only what the server said', () => {
    expect(serverMessage(new ApiError('x', 401, { error: 'Wrong password', message: 'Wrong password!' }))).toBe('Wrong password');
    expect(serverMessage(new ApiError('x', 429, { message: 'Slow down' }))).toBe('Slow down');
    expect(serverMessage(new ApiError('Failed to fetch', 0))).toBeUndefined();
    expect(serverMessage(new Error('x'))).toBeUndefined();
  });
});

describe('query key paths', () => {
  it('joins the key parts with slashes and turns a trailing object into the query string', () => {
    expect(pathOfQueryKey(['/api/home-page-data'])).toBe('/api/home-page-data');
    expect(pathOfQueryKey(['/api', 'articles', 'recent-by-topic'])).toBe('/api/articles/recent-by-topic');
    expect(pathOfQueryKey(['/api/search', { q: 'flu & cold' }])).toBe('/api/search?q=flu+%26+cold');
  });
});

describe('relative ages (decisions.md "Time")', () => {
  const now = Date.parse('2025-03-01T12:00:00Z');
  const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
  it('reads 1 minute under two minutes, minutes under an hour, whole hours after', () => {
    expect(formatArticleAge(ago(0), now)).toBe('1 minute ago');
    expect(formatArticleAge(ago(1.99), now)).toBe('1 minute ago');
    expect(formatArticleAge(ago(2), now)).toBe('2 minutes ago');
    expect(formatArticleAge(ago(59.9), now)).toBe('59 minutes ago');
    expect(formatArticleAge(ago(60), now)).toBe('1 hour ago');
    expect(formatArticleAge(ago(119), now)).toBe('1 hour ago');
    expect(formatArticleAge(ago(120), now)).toBe('2 hours ago');
    expect(formatArticleAge(ago(49 * 60), now)).toBe('49 hours ago');
  });
  it('treats a time slightly in the future as just in', () => {
    expect(formatArticleAge(new Date(now + 30_000).toISOString(), now)).toBe('1 minute ago');
  });
  it('words the crawl age of a search result', () => {
    expect(formatCrawlAge(0)).toBe('Crawled today');
    expect(formatCrawlAge(1)).toBe('Crawled yesterday');
    expect(formatCrawlAge(12)).toBe('Crawled 12 days ago');
  });
});

describe('clock times in the product time zone', () => {
  it('uses the real abbreviation, CST in winter and CDT in summer', () => {
    expect(formatClockTime('2025-01-15T21:05:00Z', 'America/Chicago')).toBe('3:05 PM CST');
    expect(formatClockTime('2025-07-04T17:30:00Z', 'America/Chicago')).toBe('12:30 PM CDT');
    expect(formatClockTime('2025-07-04T05:07:00Z', 'America/Chicago')).toBe('12:07 AM CDT');
  });
  it("says 'Never' without a time", () => {
    expect(formatClockTime(null, 'America/Chicago')).toBe('Never');
    expect(formatClockTime('not a date', 'America/Chicago')).toBe('Never');
  });
  it('dates a download by the day in the product time zone', () => {
    expect(dateInZone(new Date('2025-07-05T03:00:00Z'), 'America/Chicago')).toBe('2025-07-04');
  });
  it('formats player times', () => {
    expect(formatPlayerTime(0)).toBe('0:00');
    expect(formatPlayerTime(65.9)).toBe('1:05');
    expect(formatPlayerTime(3725)).toBe('1:02:05');
    expect(formatPlayerTime(Number.NaN)).toBe('0:00');
  });
});

describe('home page presentation', () => {
  it('cuts titles to 120 characters', () => {
    const long = 'x'.repeat(130);
    expect(cutTitle(long)).toBe(`${'x'.repeat(120)}…`);
    expect(cutTitle('x'.repeat(120))).toBe('x'.repeat(120));
  });
  it('shows the host name with its first letter capitalised', () => {
    expect(domainDisplayName('reuters.com')).toBe('Reuters.com');
    expect(domainDisplayName('http://127.0.0.2:8080')).toBe('127.0.0.2');
    expect(domainDisplayName('https://news.example.org/world')).toBe('News.example.org');
    // Internationalised names read in Unicode (lib/hosts), a lookalike stays encoded.
    expect(domainDisplayName('xn--bcher-kva.example')).toBe('Bücher.example');
    expect(domainDisplayName('https://xn--e1afmkfd.xn--p1ai')).toBe('Пример.рф');
    expect(domainDisplayName('xn--80ak6aa92e.com')).toBe('Xn--80ak6aa92e.com');
    expect(domainHost('http://xn--bcher-kva.example:8080/news')).toBe('bücher.example');
  });
  it('orders domains by priority, highest first, a missing priority counting as 4', () => {
    const entry = (url: string, priority: number | null) => ({ domain: { url, priority } });
    const sorted = sortByPriority([entry('a', 2), entry('b', null), entry('c', 9), entry('d', 4), entry('e', 5)]);
    expect(sorted.map((e) => e.domain.url)).toEqual(['c', 'e', 'b', 'd', 'a']);
  });
});

describe('links to crawled addresses', () => {
  it('keeps http(s) and same-site paths and drops every other scheme', () => {
    expect(safeHref('https://news.example/a?b=1')).toBe('https://news.example/a?b=1');
    expect(safeHref('/health.html')).toBe('/health.html');
    // The browser reads '/\\host' and '/<tab>/host' as '//host': another site, not a path of this one.
    for (const hostile of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,<b>x</b>',
      'vbscript:x',
      '//evil.example/x',
      '/\\evil.example/x',
      '/\t/evil.example/x',
      'not a url',
      '',
      null,
    ]) {
      expect(safeHref(hostile), String(hostile)).toBeUndefined();
    }
  });
});

describe('assistant links (spec 000 §7)', () => {
  it("puts a question and the topic's page on the assistant's 'received' page", () => {
    const link = new URL(questionLink('https://chatgpt.com/', 'Is it safe?', 'health', 'https://news.example'));
    expect(link.origin + link.pathname).toBe('https://chatgpt.com/received');
    expect(link.searchParams.get('query')).toBe('Is it safe?');
    expect(link.searchParams.get('url')).toBe('https://news.example/health.html');
  });
  it("finds the 'received' page under an assistant that lives in a folder, with or without a final slash", () => {
    for (const base of ['https://tools.example/assistant', 'https://tools.example/assistant/', 'https://tools.example/assistant?lang=en']) {
      const link = new URL(implicationsLink(base, 'About {trend}', 'Rates rise'));
      expect(link.origin + link.pathname, base).toBe('https://tools.example/assistant/received');
      expect(link.searchParams.get('query')).toBe('About Rates rise');
    }
  });
  it('substitutes every {trend} in the implications prompt and sends no url', () => {
    const link = new URL(implicationsLink('https://chatgpt.com/', 'Why {trend}? Because {trend}.', 'Rates rise'));
    expect(link.searchParams.get('query')).toBe('Why Rates rise? Because Rates rise.');
    expect(link.searchParams.has('url')).toBe(false);
  });
});

describe('math question of the login page', () => {
  it('uses two numbers from 1 to 20 and +, - or ×', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const q = makeMathQuestion();
      expect(q.a).toBeGreaterThanOrEqual(1);
      expect(q.a).toBeLessThanOrEqual(20);
      expect(q.b).toBeGreaterThanOrEqual(1);
      expect(q.b).toBeLessThanOrEqual(20);
      seen.add(q.operator);
      const expected = q.operator === '+' ? q.a + q.b : q.operator === '-' ? q.a - q.b : q.a * q.b;
      expect(q.answer).toBe(expected);
    }
    expect([...seen].sort()).toEqual(['+', '-', '×']);
  });
  it('puts the larger number first in a subtraction, so no answer needs a minus sign', () => {
    // 3, then 17, then '-': asked as 17 − 3.
    const draws = [0.1, 0.8, 0.5];
    const q = makeMathQuestion(() => draws.shift()!);
    expect(q).toEqual({ a: 17, b: 3, operator: '-', answer: 14 });
    for (let i = 0; i < 500; i++) expect(makeMathQuestion().answer).toBeGreaterThanOrEqual(0);
  });
  it('accepts only the exact integer result', () => {
    const q = { a: 3, b: 9, operator: '-' as const, answer: -6 };
    expect(isCorrectAnswer(q, ' -6 ')).toBe(true);
    expect(isCorrectAnswer(q, '−6')).toBe(true);
    expect(isCorrectAnswer(q, '6')).toBe(false);
    expect(isCorrectAnswer(q, '-6.0')).toBe(false);
    expect(isCorrectAnswer(q, '')).toBe(false);
  });
});

describe('retry delay of the recent articles', () => {
  it('starts at 1 s, doubles, and stops growing at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

describe('live channel reconnection (spec 000 §4)', () => {
  class FakeSocket {
    readyState = 0;
    sent: string[] = [];
    onopen: (() => void) | null = null;
    onclose: (() => void) | null = null;
    onerror: ((event: unknown) => void) | null = null;
    onmessage: ((event: { data: string }) => void) | null = null;
    send(text: string) {
      this.sent.push(text);
    }
    close() {
      this.readyState = 3;
    }
    open() {
      this.readyState = 1;
      this.onopen?.();
    }
    drop() {
      this.readyState = 3;
      this.onclose?.();
    }
  }

  function harness() {
    const sockets: FakeSocket[] = [];
    const timers: { run: () => void; ms: number; cancelled: boolean }[] = [];
    const messages: unknown[] = [];
    const states: boolean[] = [];
    const channel = connectLiveChannel({
      url: 'ws://news.example/ws',
      onMessage: (m) => messages.push(m),
      onConnectedChange: (c) => states.push(c),
      createSocket: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket as unknown as WebSocket;
      },
      schedule: (run, ms) => {
        const timer = { run, ms, cancelled: false };
        timers.push(timer);
        return timer;
      },
      cancel: (timer) => {
        (timer as { cancelled: boolean }).cancelled = true;
      },
    });
    const fireNext = () => {
      const timer = timers.find((t) => !t.cancelled && t.ms >= 0);
      if (!timer) throw new Error('no timer');
      timers.splice(timers.indexOf(timer), 1);
      timer.run();
    };
    return { channel, sockets, timers, messages, states, fireNext };
  }

  it('uses wss on https pages', () => {
    expect(liveChannelUrl({ protocol: 'https:', host: 'news.example' })).toBe('wss://news.example/ws');
    expect(liveChannelUrl({ protocol: 'http:', host: '127.0.0.1:3000' })).toBe('ws://127.0.0.1:3000/ws');
  });

  it('waits 1, 2, 4, 8 and 16 s between attempts, then gives up after 5', () => {
    const h = harness();
    const delays: number[] = [];
    for (let i = 0; i < 6; i++) {
      h.sockets.at(-1)!.drop();
      const pending = h.timers.filter((t) => !t.cancelled);
      if (pending.length === 0) break;
      delays.push(pending[0]!.ms);
      h.fireNext();
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(h.sockets).toHaveLength(6);
  });

  it('starts counting again after a successful connection', () => {
    const h = harness();
    h.sockets[0]!.drop();
    h.fireNext();
    h.sockets[1]!.drop();
    expect(h.timers.at(-1)!.ms).toBe(2000);
    h.fireNext();
    h.sockets[2]!.open();
    h.sockets[2]!.drop();
    expect(h.timers.at(-1)!.ms).toBe(1000);
    expect(h.states).toEqual([false, false, true, false]);
  });

  it('parses JSON messages and only logs unreadable ones', () => {
    const h = harness();
    h.sockets[0]!.open();
    const logged: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => logged.push(args);
    try {
      h.sockets[0]!.onmessage?.({ data: '{"type":"home_data_updated"}' });
      h.sockets[0]!.onmessage?.({ data: 'not json' });
    } finally {
      console.error = original;
    }
    expect(h.messages).toEqual([{ type: 'home_data_updated' }]);
    expect(logged).toHaveLength(1);
    expect(h.channel.send({ type: 'ping' })).toBe(true);
    expect(h.sockets[0]!.sent).toEqual(['{"type":"ping"}']);
  });

  it('stops retrying after a deliberate disconnect', () => {
    const h = harness();
    h.sockets[0]!.drop();
    expect(h.timers.filter((t) => !t.cancelled)).toHaveLength(1);
    h.channel.disconnect();
    expect(h.timers.filter((t) => !t.cancelled)).toHaveLength(0);
    expect(h.channel.send({ type: 'ping' })).toBe(false);
  });
});
