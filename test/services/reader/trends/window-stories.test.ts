// One analysis window → stories with one topic each (src/services/reader/trends/stories.ts), without a
// database: which stories can be trends, and whose evidence decides their topic.
import { describe, expect, it } from 'vitest';
import type { RecentArticleRow } from '../../../../src/db/article-topics.js';
import {
  addReadings,
  groupWindowPages,
  storyParts,
  windowStories,
  windowStoriesOffThread,
  type TopicStory,
  type WindowStories,
  type WorkerMessage,
} from '../../../../src/services/reader/trends/stories.js';
import { ANALYSIS_LIMITS, siblingModuleFile, startWorker } from '../../../../src/worker-thread.js';
import { explainTopicStory } from '../../../../src/services/reader/trends/story-evidence.js';
import { tellingParagraphs, WEB_STORIES } from '../../../fixtures/stories/local-web.js';
import { TOPIC_DEV_STORIES } from '../../../fixtures/stories/topic-dev-stories.js';
import { countTurns } from '../../../helpers/turns.js';

const now = new Date();

/** The window as the daemon's thread has it when grouped in a worker: the stories' articles without their leads. */
const withoutLeads = (window: WindowStories): WindowStories => ({
  ...window,
  covered: window.covered.map((topicStory) => ({
    ...topicStory,
    story: { ...topicStory.story, articles: topicStory.story.articles.map((article) => ({ ...article, body: '' })) },
  })),
});

function rowsOf(
  key: string,
  sites: string[],
  topic: RecentArticleRow['ownTopic'],
  source: RecentArticleRow['topicSource'],
  firstId: number,
): RecentArticleRow[] {
  const story = WEB_STORIES.find((candidate) => candidate.key === key)!;
  return sites.map((site, i) => ({
    id: firstId + i,
    title: story.titles[i]!,
    lead: tellingParagraphs(story, i).join('\n\n'),
    domainName: site,
    publishedAt: now,
    scrapedAt: now,
    ownTopic: topic,
    topicSource: source,
  }));
}

describe('windowStories', () => {
  it('takes the topic from the offline classifier over the articles together, whatever topic they were stored under', () => {
    const rows = rowsOf('battery', ['a.test', 'b.test', 'c.test'], 'usa', 'offline', 1);
    const { covered, alone, topicOf } = windowStories(rows, { minArticles: 2, minSources: 2 });
    expect(covered).toHaveLength(1);
    expect(covered[0]!.topic).toBe('energy');
    expect(alone).toEqual([]);
    expect([...topicOf.values()]).toEqual(['energy', 'energy', 'energy']);
  });

  // A subject told with US places in every article (written for this test), and a story whose
  // subject is where it happened.
  const tellings = (texts: [title: string, ...paragraphs: string[]][], topic: RecentArticleRow['ownTopic'], firstId: number): RecentArticleRow[] =>
    texts.map(([title, ...paragraphs], i) => ({
      id: firstId + i,
      title,
      lead: paragraphs.join('\n\n'),
      domainName: `site-${i}.test`,
      publishedAt: now,
      scrapedAt: now,
      ownTopic: topic,
      topicSource: 'offline',
    }));
  const colonTest = tellings(
    [
      [
        'Blood test for colon cancer approved in the United States',
        'The Food and Drug Administration in Washington approved a blood test that screens adults for colorectal cancer.',
        'In a study at hospitals in Illinois and Ohio, the test found 83 percent of cancers in patients who later had a colonoscopy.',
        'Doctors said patients who refuse a colonoscopy could be screened with a simple blood draw during a checkup.',
      ],
      [
        'US regulators clear a simple blood test to screen for colorectal cancer',
        'Federal regulators in the United States cleared the first blood test for colorectal cancer screening.',
        'Oncologists in Chicago said the test detects tumour DNA in the blood, but misses most precancerous polyps.',
        'The American Cancer Society recommends screening from age 45 and says a colonoscopy is still the best test.',
      ],
      [
        'New colon cancer screening blood test wins FDA approval',
        'A blood test that finds colon cancer from tumour DNA won approval from the FDA on Monday.',
        'Gastroenterologists in New York warned that a positive result must still be followed by a colonoscopy.',
      ],
    ],
    'usa',
    1,
  );
  // The development fixture's genuine usa story (a subject-free disaster in named US states).
  const tornado = tellings(TOPIC_DEV_STORIES.find((story) => story.key === 'oklahoma-tornadoes')!.tellings, 'usa', 10);

  it('files a story whose every article names US places under its subject, and reads it from the whole story', () => {
    const [story] = windowStories(colonTest, { minArticles: 2, minSources: 2 }).covered;
    expect(story!.topic).toBe('health');
    expect(story!.evidence.source).toBe('offline');
  });

  it('keeps a story whose subject is where it happened under its place', () => {
    expect(windowStories(tornado, { minArticles: 2, minSources: 2 }).covered[0]!.topic).toBe('usa');
  });

  it("explains the topic with the story's own words and sentence, and names the runner-up", () => {
    const [story] = windowStories(colonTest, { minArticles: 2, minSources: 2 }).covered;
    // The grouping decides; the words and sentence are found for the stories stored, from their leads.
    expect(story!.evidence.words).toEqual([]);
    explainTopicStory(story!);
    expect(story!.unexplained).toBeNull();
    const text = colonTest.map((row) => `${row.title} ${row.lead}`).join(' ');
    const { evidence } = story!;
    expect(evidence.words.length).toBeGreaterThanOrEqual(3);
    for (const word of evidence.words) expect(text.toLowerCase()).toContain(word);
    expect(text).toContain(evidence.sentence!);
    expect(evidence.runnerUp).not.toBe('health');
    expect(evidence.confidence!).toBeGreaterThan(evidence.runnerUpConfidence!);
  });

  it('keeps the topic the administrator set on any of its articles, even as the story grows', () => {
    // One article of the story was overridden in an earlier analysis; the others are new.
    const [story] = windowStories(colonTest, { minArticles: 2, minSources: 2, overrides: [[2, 'science']] }).covered;
    expect(story!.topic).toBe('science');
    expect(story!.evidence.source).toBe('override');
    expect(story!.evidence.runnerUp).not.toBeNull();
  });

  it('leaves a story of one site alone: its articles keep their own topics', () => {
    const rows = rowsOf('measles', ['www.one.test', 'one.test'], 'usa', 'offline', 1);
    const { covered, alone, topicOf } = windowStories(rows, { minArticles: 2, minSources: 2 });
    expect(covered).toEqual([]);
    expect(alone.sort()).toEqual([1, 2]);
    expect([...topicOf.values()]).toEqual(['usa', 'usa']);
    // They are one story: only the site rule keeps it from being a trend.
    expect(windowStories(rows, { minArticles: 2, minSources: 1 }).covered).toHaveLength(1);
  });

  describe('in a worker thread', () => {
    // Every story of the local web, as its sites filed them.
    const everything = WEB_STORIES.flatMap((story, n) =>
      rowsOf(
        story.key,
        story.titles.map((_, i) => `site-${i}.test`),
        'usa',
        'offline',
        100 * (n + 1),
      ),
    );

    it("finds the same stories and topics as in the caller's thread, while the caller's event loop keeps turning", async () => {
      const counting = countTurns();
      const offThread = await windowStoriesOffThread(everything, { minArticles: 2, minSources: 2, offThreadFrom: 0 });
      const turns = counting.stop();
      // Sent back by structured clone: the same values, Map included.
      expect(offThread).toEqual(withoutLeads(windowStories(everything, { minArticles: 2, minSources: 2 })));
      expect(offThread.covered.length).toBeGreaterThan(5);
      expect(offThread.topicOf).toBeInstanceOf(Map);
      // The worker's start alone takes many turns of the loop; in this thread there would be none.
      expect(turns).toBeGreaterThan(10);
    });

    it('sends its stories as the caller handles them, two parts ahead, not all at once', async () => {
      // The caller decodes every message that has arrived before it handles one: a week's parts at
      // once held its event loop 240 ms. Many small stories make many parts (1,000 articles each).
      const copies = 120;
      const large = Array.from({ length: copies }, (_, copy) =>
        everything.map((row) => ({ ...row, id: row.id + copy * 10_000, publishedAt: new Date(now.getTime() - copy * 4 * 86_400_000) })),
      ).flat();
      const parts = storyParts(windowStories(large, { minArticles: 2, minSources: 2 }).covered).length;
      expect(parts).toBeGreaterThanOrEqual(4);
      const worker = startWorker(siblingModuleFile('stories-worker', new URL('../../../../src/services/reader/trends/stories.ts', import.meta.url).href), {
        resourceLimits: ANALYSIS_LIMITS,
      });
      try {
        const received: WorkerMessage[] = [];
        let arrived = () => {};
        worker.on('message', (message: WorkerMessage) => {
          received.push(message);
          arrived();
        });
        const until = async (count: number) => {
          while (received.length < count) await new Promise<void>((resolve) => (arrived = resolve));
        };
        worker.postMessage({ rows: large });
        worker.postMessage({ options: { minArticles: 2, minSources: 2 } });
        await until(2);
        // Nothing more comes until asked, however long the caller takes.
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(received).toHaveLength(2);
        for (let asked = 1; received.every((message) => !('ok' in message)); asked++) {
          worker.postMessage({ next: true });
          await until(Math.min(2 + asked, parts + 1));
          expect(received.length).toBeLessThanOrEqual(2 + asked);
        }
        expect(received).toHaveLength(parts + 1);
        expect(received.at(-1)).toMatchObject({ ok: true });
      } finally {
        await worker.terminate();
      }
    });

    it('reads the topics of a large window with and without a reader worker, to the same answers as in the thread', async () => {
      // The local web's stories again and again, four days apart (never one story): rows sent in
      // many parts, each read by the reader while the window is grouped.
      const copies = 25;
      const large = Array.from({ length: copies }, (_, copy) =>
        everything.map((row) => ({ ...row, id: row.id + copy * 10_000, publishedAt: new Date(now.getTime() - copy * 4 * 86_400_000) })),
      ).flat();
      const inThread = withoutLeads(windowStories(large, { minArticles: 2, minSources: 2 }));
      expect(inThread.covered.length).toBeGreaterThanOrEqual(200);
      expect(await windowStoriesOffThread(large, { minArticles: 2, minSources: 2, offThreadFrom: 0, reader: true })).toEqual(inThread);
      expect(await windowStoriesOffThread(large, { minArticles: 2, minSources: 2, offThreadFrom: 0, reader: false })).toEqual(inThread);
    });

    it('reads only the articles that came without a stored reading, to the same answers', async () => {
      const first = windowStories(everything, { minArticles: 2, minSources: 2 });
      expect([...first.newReadings.ids]).toEqual(everything.map((row) => row.id));
      const made = addReadings(new Map(), first.newReadings);
      // Every other article as if stored with its reading.
      const half = everything.map((row, i) => (i % 2 ? { ...row, reading: made.get(row.id)! } : row));
      for (const reader of [true, false]) {
        const again = await windowStoriesOffThread(half, { minArticles: 2, minSources: 2, offThreadFrom: 0, reader });
        expect(again.covered).toEqual(withoutLeads(first).covered);
        expect([...again.newReadings.ids]).toEqual(everything.filter((_, i) => i % 2 === 0).map((row) => row.id));
        expect(addReadings(new Map(), again.newReadings)).toEqual(new Map([...made].filter(([id]) => again.newReadings.ids.includes(id))));
      }
    });

    it('takes the window page by page, starts the reader once enough articles came unread, and keeps no lead', async () => {
      const first = windowStories(everything, { minArticles: 2, minSources: 2 });
      const made = addReadings(new Map(), first.newReadings);
      // The first third stored with their readings, the rest without: the reader starts mid-way.
      const stored = Math.floor(everything.length / 3);
      const rows = everything.map((row, i) => (i < stored ? { ...row, reading: made.get(row.id)! } : row));
      async function* pages() {
        for (let at = 0; at < rows.length; at += 5) yield rows.slice(at, at + 5);
      }
      const asked: number[][] = [];
      const read: number[] = [];
      const grouped = await groupWindowPages(pages(), {
        minArticles: 2,
        minSources: 2,
        offThreadFrom: 30,
        readerFrom: 10,
        overridesOf: async (ids) => {
          asked.push(ids);
          return [];
        },
        onRead: (count) => read.push(count),
      });
      expect(grouped.window.covered).toEqual(withoutLeads(first).covered);
      expect(rows.length).toBeGreaterThan(stored + 10);
      expect([...grouped.window.newReadings.ids]).toEqual(rows.slice(stored).map((row) => row.id));
      expect(addReadings(new Map(), grouped.window.newReadings)).toEqual(new Map([...made].filter(([id]) => id >= rows[stored]!.id)));
      expect(asked).toEqual([rows.map((row) => row.id)]);
      expect(read).toEqual([rows.length]);
      expect(grouped.articles.map((article) => article.id)).toEqual(rows.map((row) => row.id));
      expect(grouped.articles.every((article) => article.lead === '' && !article.reading)).toBe(true);
      // Below the threshold the window is grouped here, with its leads, and the administrator's topics apply.
      const small = await groupWindowPages(pages(), {
        minArticles: 2,
        minSources: 2,
        offThreadFrom: rows.length + 1,
        overridesOf: async () => first.covered[0]!.articleIds.map((id) => [id, 'science'] as [number, 'science']),
      });
      expect(small.window.covered[0]!.topic).toBe('science');
      expect(small.articles).toEqual(rows);
    });

    it("stays in the caller's thread below the threshold", async () => {
      let turned = false;
      setImmediate(() => (turned = true));
      const result = windowStoriesOffThread(everything, { minArticles: 2, minSources: 2, offThreadFrom: everything.length + 1 });
      // Nothing could run between the call and its answer: it was computed synchronously.
      expect(turned).toBe(false);
      expect((await result).covered.length).toBeGreaterThan(5);
    });

    it('ends the worker and rejects when the run is stopped', async () => {
      const controller = new AbortController();
      const pending = windowStoriesOffThread(everything, { minArticles: 2, minSources: 2, offThreadFrom: 0 }, controller.signal);
      controller.abort(new Error('stopped'));
      await expect(pending).rejects.toThrow('stopped');
    });
  });

  it('sends the stories back in parts of about a thousand articles, a larger story over several, in order', () => {
    const sizes = [600, 300, 200, 2_500, 10];
    const covered = sizes.map(
      (size, n) =>
        ({
          story: {
            storyId: `story-${n}`,
            articles: Array.from({ length: size }, (_, i) => ({ id: String(n * 10_000 + i), title: 't' })),
            centrality: [],
            keyTerms: [],
          },
        }) as unknown as TopicStory,
    );
    const messages = storyParts(covered);
    const countOf = (message: (typeof messages)[number]) =>
      'stories' in message ? message.stories.reduce((sum, story) => sum + story.story.articleIds.length, 0) : 'moreIds' in message ? message.moreIds.length : 0;
    // 600 + 300; 200; the large story's first 1,000, then its next 1,000 and its last 500; the small one.
    expect(messages.map(countOf)).toEqual([900, 200, 1_000, 1_000, 500, 10]);
    expect(messages.map((message) => ('stories' in message ? 'stories' : 'more'))).toEqual(['stories', 'stories', 'stories', 'more', 'more', 'stories']);
    // Put back together, every story has its members in order.
    const rebuilt: { id: string; ids: string[] }[] = [];
    for (const message of messages) {
      if ('stories' in message) for (const story of message.stories) rebuilt.push({ id: story.story.storyId, ids: [...story.story.articleIds] });
      else if ('moreIds' in message) rebuilt[rebuilt.length - 1]!.ids.push(...message.moreIds);
    }
    expect(rebuilt.map((story) => story.id)).toEqual(sizes.map((_, n) => `story-${n}`));
    expect(rebuilt.map((story) => story.ids)).toEqual(covered.map((story) => story.story.articles.map((article) => article.id)));
  });
});
