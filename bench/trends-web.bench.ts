import { runTrendsAnalyzer } from '../src/services/reader/trends/index.js';
import { clusterStories, rankTrends } from '../src/services/reader/trends/engine/index.js';
import { storyInput, windowStories } from '../src/services/reader/trends/stories.js';
import { crawledWeb, trendsWithArticles } from './lib/crawled-web.js';
import { LOCAL_WEB_SITES, localWebArticles, SINGLE_SITE_STORY, WEB_STORIES, type WebStory } from '../test/fixtures/stories/local-web.js';

interface Row {
  id: number;
  canonicalUrl: string;
  title: string;
  lead: string;
  domainName: string;
  topic: string;
  publishedAt: Date | null;
  scrapedAt: Date;
  copyOf: number | null;
}

interface FoundTrend {
  topic: string;
  articleIds: number[];
}

interface Verdict {
  right: number;
  wrongTopic: string[];
  /** Stories in one trend that lacks some of their articles (left alone in another topic). */
  partial: string[];
  split: string[];
  missing: string[];
  singleSource: number;
  singleSiteStoryTrends: number;
  other: number;
}

function judge(trends: FoundTrend[], storyIds: Map<string, Set<number>>, domainOf: Map<number, string>, topicOf: Map<string, string>): Verdict {
  const verdict: Verdict = { right: 0, wrongTopic: [], partial: [], split: [], missing: [], singleSource: 0, singleSiteStoryTrends: 0, other: 0 };
  const claimed = new Set<FoundTrend>();
  for (const story of WEB_STORIES) {
    const ids = storyIds.get(story.key)!;
    const found = trends.filter((trend) => trend.articleIds.some((id) => ids.has(id)));
    found.forEach((trend) => claimed.add(trend));
    if (found.length === 0) verdict.missing.push(story.key);
    else if (found.length > 1) verdict.split.push(`${story.key} (${found.map((t) => t.topic).join(', ')})`);
    else if (found[0]!.topic !== topicOf.get(story.key)) verdict.wrongTopic.push(`${story.key} → ${found[0]!.topic}`);
    else if ([...ids].some((id) => !found[0]!.articleIds.includes(id)))
      verdict.partial.push(`${story.key} (${found[0]!.articleIds.filter((id) => ids.has(id)).length} of ${ids.size})`);
    else verdict.right++;
  }
  const single = storyIds.get(SINGLE_SITE_STORY.key)!;
  for (const trend of trends) {
    if (new Set(trend.articleIds.map((id) => domainOf.get(id))).size < 2) verdict.singleSource++;
    if (trend.articleIds.some((id) => single.has(id))) verdict.singleSiteStoryTrends++;
    if (!claimed.has(trend) && !trend.articleIds.some((id) => single.has(id))) verdict.other++;
  }
  return verdict;
}

/** The analyzer before issue 13, on the same articles: each topic clustered apart, no site rule. */
function perTopicBaseline(rows: Row[]): FoundTrend[] {
  const trends: FoundTrend[] = [];
  const topics = [...new Set(rows.map((row) => row.topic))];
  for (const topic of topics) {
    const ofTopic = rows.filter((row) => row.topic === topic);
    const inputs = ofTopic.map((row) => storyInput({ ...row, ownTopic: null, topicSource: 'offline' }));
    for (const trend of rankTrends(clusterStories(inputs), { limit: 10, minArticles: 2, minSources: 1 })) {
      trends.push({ topic, articleIds: trend.articleIds.map(Number) });
    }
  }
  return trends;
}

const started = performance.now();
const crawled = await crawledWeb({ sites: LOCAL_WEB_SITES, articlesPerSite: 2, extraArticles: (site) => localWebArticles(site) });
const { web, runtime: server } = crawled;
try {
  const crawlSeconds = (performance.now() - started) / 1000;
  const rows = await server.ctx.sql<Row[]>`
    select id, canonical_url, title, left(content, 1500) as lead, domain_name, topic, published_at, scraped_at, copy_of from articles order by id`;
  const storyIds = new Map<string, Set<number>>();
  for (const story of [...WEB_STORIES, SINGLE_SITE_STORY] as WebStory[]) {
    const urls = new Set(story.sites.flatMap((site, i) => web.sites[site]!.articles.filter((a) => a.title === story.titles[i]).map((a) => a.url)));
    // A wire copy is listed under its original and never analysed: a story's trend holds the rest.
    storyIds.set(story.key, new Set(rows.filter((row) => urls.has(row.canonicalUrl) && row.copyOf === null).map((row) => row.id)));
  }
  const domainOf = new Map(rows.map((row) => [row.id, row.domainName]));
  const topicOf = new Map(WEB_STORIES.map((story) => [story.key, story.topic as string]));
  const articleTopicRight = (topics: Map<number, string>) => {
    let right = 0;
    let total = 0;
    for (const story of WEB_STORIES) {
      for (const id of storyIds.get(story.key)!) {
        total++;
        if (topics.get(id) === story.topic) right++;
      }
    }
    return `${right}/${total}`;
  };
  const crawledTopics = new Map(rows.map((row) => [row.id, row.topic]));

  const baseline = judge(perTopicBaseline(rows), storyIds, domainOf, topicOf);
  // The same one-pass analysis in memory with the bodies left out: what reading bodies changes.
  const asRecent = (row: Row, lead: string) => ({ ...row, lead, ownTopic: row.topic as never, topicSource: 'offline' as const });
  const titlesOnly = judge(
    windowStories(
      rows.map((row) => asRecent(row, '')),
      { minArticles: 2, minSources: 2 },
    ).covered.map((story) => ({ topic: story.topic, articleIds: story.articleIds })),
    storyIds,
    domainOf,
    topicOf,
  );
  const analysisStart = performance.now();
  await runTrendsAnalyzer(server.ctx, { offline: true });
  const analysisMs = performance.now() - analysisStart;
  const trends: FoundTrend[] = (await trendsWithArticles(server.ctx)).map((trend) => ({ topic: trend.topic, articleIds: trend.articleIds }));
  const ours = judge(trends, storyIds, domainOf, topicOf);
  const afterTopics = new Map((await server.ctx.sql<{ id: number; topic: string }[]>`select id, topic from articles`).map((row) => [row.id, row.topic]));

  const total = WEB_STORIES.length;
  const pct = (n: number) => `${((100 * n) / total).toFixed(0)} %`;
  console.log(
    `Crawled local web: ${LOCAL_WEB_SITES} sites, ${rows.length} articles (${rows.filter((row) => row.copyOf !== null).length} of them wire copies), ${total} stories several sites cover (2–4 sites each) and one story one site covers twice; crawl ${crawlSeconds.toFixed(1)} s, analysis ${analysisMs.toFixed(0)} ms`,
  );
  console.log(`  ${''.padEnd(50)}${'newsctl'.padStart(12)}${'per-topic baseline'.padStart(22)}${'newsctl, titles only'.padStart(22)}`);
  const line = (label: string, a: string, b: string, c = '') => console.log(`  ${label.padEnd(50)}${a.padStart(12)}${b.padStart(22)}${c.padStart(22)}`);
  line(
    'stories → exactly one trend, right topic, all articles',
    `${ours.right}/${total} ${pct(ours.right)}`,
    `${baseline.right}/${total} ${pct(baseline.right)}`,
    `${titlesOnly.right}/${total} ${pct(titlesOnly.right)}`,
  );
  line('stories split over several trends', String(ours.split.length), String(baseline.split.length), String(titlesOnly.split.length));
  line('stories in one trend lacking some of their articles', String(ours.partial.length), String(baseline.partial.length), String(titlesOnly.partial.length));
  line('stories in one trend of another topic', String(ours.wrongTopic.length), String(baseline.wrongTopic.length), String(titlesOnly.wrongTopic.length));
  line('stories with no trend', String(ours.missing.length), String(baseline.missing.length), String(titlesOnly.missing.length));
  line('trends resting on one site', String(ours.singleSource), String(baseline.singleSource), String(titlesOnly.singleSource));
  line(
    'trends of the story one site covers',
    String(ours.singleSiteStoryTrends),
    String(baseline.singleSiteStoryTrends),
    String(titlesOnly.singleSiteStoryTrends),
  );
  line("other trends (the sites' generated filler)", String(ours.other), String(baseline.other), String(titlesOnly.other));
  line('story articles filed under the right topic', articleTopicRight(afterTopics), articleTopicRight(crawledTopics));
  for (const [name, verdict] of [
    ['newsctl', ours],
    ['baseline', baseline],
    ['titles only', titlesOnly],
  ] as const) {
    const notes = [
      ...verdict.split.map((s) => `split ${s}`),
      ...verdict.partial.map((s) => `partial ${s}`),
      ...verdict.wrongTopic.map((s) => `topic ${s}`),
      ...verdict.missing.map((s) => `missing ${s}`),
    ];
    if (notes.length) console.log(`  ${name}: ${notes.join('; ')}`);
  }
  console.log(
    `  target: 100 % of stories one trend of the right topic (${ours.right === total ? 'met' : 'NOT met'}); 0 trends on one site (${ours.singleSource === 0 ? 'met' : 'NOT met'})`,
  );
} finally {
  await crawled.close();
}
