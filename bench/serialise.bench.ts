// Answers serialised from their schemas (src/api/response-schemas.ts) against the same answers
// written by JSON.stringify (fastify's default without a response schema), measured in the same
// run: a trends list at its largest page (500 trends, each with its topic evidence) and the
// console's generated articles (50, about 600 words each). Each through a fastify route answering
// app.inject, so the figure is the whole reply, not only the serialiser.
import Fastify from 'fastify';
import type { GeneratedArticle } from '../src/api/generator.js';
import { ANSWER_SCHEMAS, jsonSchemaOf } from '../src/api/response-schemas.js';
import { answerWriter } from '../src/services/reader/snapshot/answers.js';
import type { Trend } from '../src/api/trends.js';
import { TOPICS } from '../src/shared/topics.js';

const ROUNDS = 5;
const REQUESTS = Number(process.env.BENCH_SERIALISE_REQUESTS ?? 400);

const words = 'storm harbor council vote vaccine outbreak battery grid prices market launch court ruling'.split(' ');
const sentence = (i: number, n: number) => Array.from({ length: n }, (_, k) => words[(i * 7 + k * 3) % words.length]).join(' ');

const trends: Trend[] = Array.from({ length: 500 }, (_, i) => ({
  id: i + 1,
  title: `${sentence(i, 9)} ${i}`,
  description: sentence(i + 1, 30),
  relevanceScore: (i % 10) + 0.5,
  articlesAnalyzed: 200 + i,
  batchNumber: 12,
  topic: TOPICS[i % TOPICS.length]!,
  category: TOPICS[i % TOPICS.length]!,
  identifiedAt: new Date(Date.UTC(2026, 10, 29, 8, i % 60)).toISOString(),
  htmlFilePath: i % 3 ? `/usa/story-${i}.html` : null,
  articleCount: 3 + (i % 5),
  pageUrl: `/story/${i + 1}-${words[i % words.length]}`,
  topicEvidence: { source: 'offline', confidence: 0.8, runnerUp: 'usa', runnerUpConfidence: 0.1, words: words.slice(0, 5), sentence: sentence(i, 18) },
}));

const articles: GeneratedArticle[] = Array.from({ length: 50 }, (_, i) => ({
  id: i + 1,
  title: sentence(i, 10),
  content: Array.from({ length: 6 }, (_, p) => sentence(i + p, 100)).join('\n\n'),
  excerpt: sentence(i, 25),
  category: TOPICS[i % TOPICS.length]!,
  imageUrl: `/images/article-${i}.png`,
  generatedAt: new Date(Date.UTC(2026, 10, 29, 8, i)).toISOString(),
  wordCount: 600,
  sourceUrls: Array.from({ length: 6 }, (_, s) => `https://site-${s}.example/${i}`),
  sources: Array.from({ length: 6 }, (_, s) => ({ url: `https://site-${s}.example/${i}`, title: sentence(i + s, 9), domain: `site-${s}.example` })),
  htmlFilePath: `/usa/article-${i}.html`,
  trendId: i + 1,
  trendTitle: sentence(i, 9),
  writer: 'offline',
  modelName: null,
}));

async function appWith(withSchemas: boolean) {
  const app = Fastify({ logger: false });
  app.get('/trends', withSchemas ? { schema: { response: { '2xx': jsonSchemaOf(ANSWER_SCHEMAS.trends) } } } : {}, async () => trends);
  app.get('/articles', withSchemas ? { schema: { response: { '2xx': jsonSchemaOf(ANSWER_SCHEMAS.generatedArticles) } } } : {}, async () => articles);
  await app.ready();
  return app;
}

async function timePerRequest(app: Awaited<ReturnType<typeof appWith>>, url: string): Promise<{ ms: number; bytes: number }> {
  let bytes = 0;
  const start = performance.now();
  for (let i = 0; i < REQUESTS; i++) bytes = (await app.inject({ method: 'GET', url })).rawPayload.length;
  return { ms: (performance.now() - start) / REQUESTS, bytes };
}

const schemaApp = await appWith(true);
const plainApp = await appWith(false);
console.log(`Answers serialised from their schemas vs JSON.stringify (fastify inject, ${REQUESTS} requests a round, best of ${ROUNDS} rounds, same run)`);
for (const [label, url] of [
  ['GET /api/trends, 500 trends', '/trends'],
  ['GET /api/generated-articles, 50 articles', '/articles'],
] as const) {
  // Warm both up, then alternate rounds so a change in the machine's load falls on both.
  await timePerRequest(schemaApp, url);
  await timePerRequest(plainApp, url);
  let best = { schema: Infinity, plain: Infinity, bytes: 0, plainBytes: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    const withSchema = await timePerRequest(schemaApp, url);
    const plain = await timePerRequest(plainApp, url);
    best = { schema: Math.min(best.schema, withSchema.ms), plain: Math.min(best.plain, plain.ms), bytes: withSchema.bytes, plainBytes: plain.bytes };
  }
  console.log(
    `  ${label.padEnd(42)} schema ${best.schema.toFixed(3)} ms   JSON.stringify ${best.plain.toFixed(3)} ms   ratio ${(best.plain / best.schema).toFixed(2)}×   ` +
      `(${best.bytes.toLocaleString('en-US')} / ${best.plainBytes.toLocaleString('en-US')} bytes)`,
  );
}
await schemaApp.close();
await plainApp.close();

// The public snapshot's largest part, written once per rebuild: 200 domains × 10 articles and every
// topic's lists, through its schema (src/services/reader/snapshot/answers.ts) against JSON.stringify.
const topicLists = <T>(make: (topic: (typeof TOPICS)[number], i: number) => T) =>
  Object.fromEntries(TOPICS.map((topic) => [topic, Array.from({ length: 20 }, (_, i) => make(topic, i))])) as Record<(typeof TOPICS)[number], T[]>;
const publicArticle = (i: number) => ({
  id: i,
  title: sentence(i, 11),
  sourceUrl: `https://site-${i % 200}.example/news/${i}`,
  scrapedAt: new Date(Date.UTC(2026, 10, 29, 0, i % 1440)).toISOString(),
  domainName: `site-${i % 200}.example`,
});
const home = {
  articlesByDomain: Array.from({ length: 200 }, (_, d) => ({
    domain: { id: d + 1, url: `https://site-${d}.example`, priority: d % 4 ? d : null },
    articles: Array.from({ length: 10 }, (_, a) => publicArticle(d * 10 + a)),
  })),
  topTrends: topicLists((topic, i) => ({
    id: i + 1,
    title: sentence(i, 9),
    category: topic,
    htmlFilePath: i % 2 ? `/${topic}/story-${i}.html` : null,
    pageUrl: `/story/${i + 1}-story`,
  })),
  recentArticlesByCategory: topicLists((_topic, i) => publicArticle(i)),
  lastRunTimes: { spiderLastRun: new Date().toISOString(), trendsAnalyzerLastRun: null },
};
const writeHome = answerWriter('bench', ANSWER_SCHEMAS.homePageData);
const timeWrites = (write: (value: unknown) => string) => {
  const start = performance.now();
  let bytes = 0;
  for (let i = 0; i < 50; i++) bytes = write(home).length;
  return { ms: (performance.now() - start) / 50, bytes };
};
timeWrites(writeHome);
timeWrites(JSON.stringify);
let bestHome = { schema: Infinity, plain: Infinity, bytes: 0 };
for (let round = 0; round < ROUNDS; round++) {
  const schema = timeWrites(writeHome);
  const plain = timeWrites(JSON.stringify);
  bestHome = { schema: Math.min(bestHome.schema, schema.ms), plain: Math.min(bestHome.plain, plain.ms), bytes: schema.bytes };
}
console.log(
  `  ${'snapshot home-page-data, 200 × 10 articles'.padEnd(42)} schema ${bestHome.schema.toFixed(3)} ms   JSON.stringify ${bestHome.plain.toFixed(3)} ms   ratio ${(bestHome.plain / bestHome.schema).toFixed(2)}×   (${bestHome.bytes.toLocaleString('en-US')} bytes, written once per rebuild)`,
);
