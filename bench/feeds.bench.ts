// Feed parsing on the fixture feeds (test/fixtures/news-web: RSS 2.0, RSS 1.0 and Atom written as
// common CMSs write them, 10 to 200 items each): the product's parser (@rowanmanning/feed-parser,
// with our link rules) against the hand-written parser it replaced (bench/lib/hand-feed-parser.ts),
// in the same run — the articles each finds (against the URLs the feed lists) and the time per feed.
import { parseFeed } from '../src/services/reader/spider/net/discovery/feeds.js';
import { feedDocument, type FeedFormat, type ListedArticle } from '../test/fixtures/news-web/documents.js';
import { handParseFeed } from './lib/hand-feed-parser.js';
import { percentile } from './lib/timing.js';

const FORMATS: FeedFormat[] = ['rss2', 'rss1', 'atom'];
const SIZES = [10, 50, 200];
const ROUNDS = 30;

interface Case {
  format: FeedFormat;
  text: string;
  feedUrl: string;
  expected: string[];
}

const cases: Case[] = [];
for (const format of FORMATS) {
  for (const size of SIZES) {
    const origin = `https://${format}-${size}.example`;
    const feedUrl = `${origin}/feed.xml`;
    const articles: ListedArticle[] = Array.from({ length: size }, (_, i) => ({
      url: `${origin}/2026/11/${String((i % 28) + 1).padStart(2, '0')}/story-${i}`,
      title: `Story ${i}: council & harbour <b>news</b>`,
      author: 'A. Writer',
      summary: `What happened in story ${i}, in a sentence or two.`,
      publishedAt: new Date(Date.UTC(2026, 10, 30, 12) - i * 3_600_000),
    }));
    cases.push({ format, text: feedDocument(format, { name: `${format} ${size}`, origin, feedUrl }, articles), feedUrl, expected: articles.map((a) => a.url) });
  }
}

type Parser = (text: string, feedUrl: string) => { articles: { url: string; publishedAt: Date | null }[] } | null;

function measure(name: string, parse: Parser) {
  let found = 0;
  let right = 0;
  let dated = 0;
  let listed = 0;
  const times: number[] = [];
  for (const c of cases) {
    const feed = parse(c.text, c.feedUrl);
    const urls = feed?.articles.map((a) => a.url) ?? [];
    found += urls.length;
    right += urls.filter((url) => c.expected.includes(url)).length;
    dated += feed?.articles.filter((a) => a.publishedAt).length ?? 0;
    listed += c.expected.length;
  }
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    for (const c of cases) parse(c.text, c.feedUrl);
    times.push((performance.now() - start) / cases.length);
  }
  return { name, precision: found ? right / found : 0, recall: right / listed, dated: found ? dated / found : 0, msPerFeed: percentile(times, 0.5) };
}

// Warm both up once before timing.
for (const c of cases) {
  parseFeed(c.text, c.feedUrl);
  handParseFeed(c.text, c.feedUrl);
}
const product = measure('@rowanmanning/feed-parser (shipped)', parseFeed);
const baseline = measure('hand-written (baseline)', handParseFeed);
console.log(`${cases.length} fixture feeds (${FORMATS.join(', ')} × ${SIZES.join('/')} items), median of ${ROUNDS} rounds`);
for (const row of [product, baseline]) {
  console.log(
    `${row.name.padEnd(38)} precision ${(row.precision * 100).toFixed(1)} %  recall ${(row.recall * 100).toFixed(1)} %  dated ${(row.dated * 100).toFixed(0)} %  ${row.msPerFeed.toFixed(3)} ms/feed`,
  );
}
console.log(`time ratio shipped / baseline: ${(product.msPerFeed / baseline.msPerFeed).toFixed(2)}`);
