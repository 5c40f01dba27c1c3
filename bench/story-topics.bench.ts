// The story topic on webs of stories told by several sites (issue 27): the share of stories and of
// their articles filed under the right topic, on three sets —
//   local-web.ts         the local web the tests crawl (used while developing the classifier);
//   topic-dev-stories.ts stories written to develop the story topic (subjects named with US places);
//   held-out-web.ts      written for evaluation only and frozen before any tuning (hash below).
// Each set's articles go through the analyzer's window (src/services/reader/trends/stories.ts): the engine
// groups them into stories, and each story several sites cover takes one topic. Baselines, on the
// same articles in the same run: each article's own topic (the classifier article by article, what
// the lists showed before), and the previous story rule (the mean of the articles' title-and-lead
// distributions, decided as one article).
import { readFileSync } from 'node:fs';
import type { RecentArticleRow } from '../src/db/article-topics.js';
import { modelPath } from '../src/paths.js';
import { compileTopicModel, decideTopic, topicDistribution, type TopicModelFile } from '../src/services/reader/classify/topic-model.js';
import { classifyTopic } from '../src/services/reader/classify/index.js';
import { windowStories } from '../src/services/reader/trends/stories.js';
import { TOPICS, type Topic } from '../src/shared/topics.js';
import { HELD_OUT_STORIES, heldOutHash } from '../test/fixtures/stories/held-out-web.js';
import { tellingParagraphs, WEB_STORIES } from '../test/fixtures/stories/local-web.js';
import { TOPIC_DEV_STORIES } from '../test/fixtures/stories/topic-dev-stories.js';

interface Telling {
  story: string;
  topic: Topic;
  title: string;
  paragraphs: string[];
}

const webTellings = (stories: typeof WEB_STORIES): Telling[] =>
  stories.flatMap((story) => story.titles.map((title, i) => ({ story: story.key, topic: story.topic, title, paragraphs: tellingParagraphs(story, i) })));

const SETS: { name: string; tellings: Telling[] }[] = [
  { name: 'local-web.ts', tellings: webTellings(WEB_STORIES) },
  {
    name: 'topic-dev-stories.ts',
    tellings: TOPIC_DEV_STORIES.flatMap((story) =>
      story.tellings.map(([title, ...paragraphs]) => ({ story: story.key, topic: story.topic, title, paragraphs })),
    ),
  },
  { name: 'held-out-web.ts', tellings: webTellings(HELD_OUT_STORIES) },
];

const model = compileTopicModel(JSON.parse(readFileSync(modelPath('topics'), 'utf8')) as TopicModelFile);
const now = new Date();

function rowsOf(tellings: Telling[]): RecentArticleRow[] {
  // Each telling on its own site (a story's tellings come from different sites, as on the webs).
  const siteOf = new Map<string, number>();
  return tellings.map((telling, id) => {
    const n = (siteOf.get(telling.story) ?? 0) + 1;
    siteOf.set(telling.story, n);
    const lead = telling.paragraphs.join('\n\n').slice(0, 1_500);
    return {
      id,
      title: telling.title,
      lead,
      domainName: `site-${n}.test`,
      publishedAt: now,
      scrapedAt: now,
      ownTopic: classifyTopic({ title: telling.title, body: lead }).topic,
      topicSource: 'offline',
    };
  });
}

interface Verdict {
  storiesRight: number;
  stories: number;
  articlesRight: number;
  articles: number;
  wrong: string[];
  /** Per story: the topic its articles got (the most common, for the article-by-article baseline). */
  predicted: Map<string, Topic>;
}

function judge(tellings: Telling[], topicOf: (id: number) => Topic | undefined): Verdict {
  const keys = [...new Set(tellings.map((telling) => telling.story))];
  const verdict: Verdict = { storiesRight: 0, stories: keys.length, articlesRight: 0, articles: tellings.length, wrong: [], predicted: new Map() };
  for (const key of keys) {
    const ids = tellings.flatMap((telling, id) => (telling.story === key ? [id] : []));
    const gold = tellings[ids[0]!]!.topic;
    const topics = ids.map(topicOf);
    verdict.articlesRight += topics.filter((topic) => topic === gold).length;
    const votes = new Map<Topic, number>();
    for (const topic of topics) if (topic) votes.set(topic, (votes.get(topic) ?? 0) + 1);
    const top = [...votes].sort((a, b) => b[1] - a[1])[0]?.[0];
    verdict.predicted.set(key, top ?? 'international');
    if (topics.every((topic) => topic === gold)) verdict.storiesRight++;
    else verdict.wrong.push(`${key} (${gold}) → ${[...new Set(topics)].join('/')}`);
  }
  return verdict;
}

function confusion(tellings: Telling[], predicted: Map<string, Topic>): string[] {
  const gold = new Map(tellings.map((telling) => [telling.story, telling.topic]));
  const matrix = TOPICS.map(() => TOPICS.map(() => 0));
  for (const [key, topic] of predicted) matrix[TOPICS.indexOf(gold.get(key)!)]![TOPICS.indexOf(topic)]!++;
  const head = `    ${'gold \\ filed'.padEnd(15)}${TOPICS.map((topic) => topic.slice(0, 6).padStart(7)).join('')}`;
  return [head, ...TOPICS.map((topic, t) => `    ${topic.padEnd(15)}${matrix[t]!.map((n) => (n ? String(n) : '.').padStart(7)).join('')}`)];
}

console.log(
  `held-out web: ${HELD_OUT_STORIES.length} stories, ${HELD_OUT_STORIES.reduce((n, story) => n + story.titles.length, 0)} articles, sha256 ${heldOutHash()} (frozen)`,
);
for (const { name, tellings } of SETS) {
  const rows = rowsOf(tellings);
  const started = performance.now();
  const window = windowStories(rows, { minArticles: 2, minSources: 2 });
  const ms = performance.now() - started;
  const ours = judge(tellings, (id) => window.topicOf.get(id));
  const alone = judge(tellings, (id) => rows[id]!.ownTopic ?? undefined);
  // The previous story rule, on the same stories the engine found.
  const previousTopic = new Map<number, Topic>();
  for (const story of window.covered) {
    const mean = new Float64Array(TOPICS.length);
    for (const id of story.articleIds) {
      const distribution = topicDistribution(model, rows[id]!.title, rows[id]!.lead);
      for (let t = 0; t < TOPICS.length; t++) mean[t]! += distribution[t]! / story.articleIds.length;
    }
    for (const id of story.articleIds) previousTopic.set(id, decideTopic(model, mean).topic);
  }
  const previous = judge(tellings, (id) => previousTopic.get(id) ?? rows[id]!.ownTopic ?? undefined);
  const pct = (a: number, b: number) => `${a}/${b} (${((100 * a) / b).toFixed(0)} %)`;
  console.log(`\n${name}: ${ours.stories} stories, ${ours.articles} articles; the window's analysis ${ms.toFixed(0)} ms`);
  console.log(`  ${''.padEnd(40)}${'stories right'.padStart(16)}${'articles right'.padStart(18)}`);
  const line = (label: string, verdict: Verdict) =>
    console.log(`  ${label.padEnd(40)}${pct(verdict.storiesRight, verdict.stories).padStart(16)}${pct(verdict.articlesRight, verdict.articles).padStart(18)}`);
  line('newsctl: the story read as a whole', ours);
  line('baseline: mean of article distributions', previous);
  line('baseline: each article alone', alone);
  if (ours.wrong.length) console.log(`  newsctl wrong: ${ours.wrong.join('; ')}`);
  if (previous.wrong.length) console.log(`  previous rule wrong: ${previous.wrong.join('; ')}`);
  console.log('  confusion (stories, newsctl):');
  for (const row of confusion(tellings, ours.predicted)) console.log(row);
  if (name === 'held-out-web.ts') {
    console.log(
      `  targets: stories 100 % (${ours.storiesRight === ours.stories ? 'met' : 'NOT met'}), articles ≥ 95 % (${ours.articlesRight / ours.articles >= 0.95 ? 'met' : 'NOT met'})`,
    );
  }
}
