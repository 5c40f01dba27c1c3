import { loadavg } from 'node:os';
import { trendSourceArticles } from '../src/db/trends.js';
import { offlineConversation } from '../src/services/newsroom/audio/conversation.js';
import { offlineSummary } from '../src/services/newsroom/audio/latest-news.js';
import { topStories } from '../src/services/newsroom/audio/stories.js';
import { writeOfflineArticle } from '../src/services/newsroom/generator/offline-writer.js';
import { termSet } from '../src/services/newsroom/generator/sentences.js';
import { toWriterSources } from '../src/services/newsroom/generator/write-article.js';
import { offlineLyrics, parseLyrics } from '../src/services/newsroom/music/index.js';
import { runTrendsAnalyzer } from '../src/services/reader/trends/index.js';
import { splitSentences } from '../src/shared/text/sentences.js';
import type { ExtraArticle } from '../test/fixtures/news-web/site.js';
import { crawledWeb, trendsWithArticles } from './lib/crawled-web.js';
import { faultSummary, lyricFaults } from './lib/lyric-faults.js';
import { evalDir, factsOf, fixtureWebs, voicesWebs, type EvalArticle, type EvalStory, type EvalWeb } from './lib/eval-webs.js';

interface Miss {
  count: number;
  example: string | null;
  all: string[];
}
// BENCH_VOICES_DETAIL=1 prints every miss under its row, not only the first.
const detail = process.env.BENCH_VOICES_DETAIL === '1';
const miss = (): Miss => ({ count: 0, example: null, all: [] });
const note = (m: Miss, example: string) => {
  m.count++;
  m.all.push(example);
  m.example ??= example.length > 240 ? `${example.slice(0, 237)}…` : example;
};

async function measureWeb(web: EvalWeb): Promise<string[]> {
  const out: string[] = [];
  const extra = (site: number): ExtraArticle[] => [
    ...web.stories.flatMap((story) =>
      story.articles.filter((a) => a.site === site).map((a) => ({ title: a.headline, paragraphs: a.paragraphs, hoursAgo: a.hoursAgo, section: story.topic })),
    ),
    ...web.singles.filter((s) => s.site === site).map((s) => ({ title: s.headline, paragraphs: s.paragraphs, hoursAgo: s.hoursAgo, section: s.topic })),
  ];
  const started = performance.now();
  const crawled = await crawledWeb({ sites: web.sites.length, articlesPerSite: 0, extraArticles: extra });
  const { web: news, runtime } = crawled;
  const { ctx } = runtime;
  try {
    await runTrendsAnalyzer(ctx, { offline: true });
    const seconds = (performance.now() - started) / 1000;

    // Which stored article is which: by the served article's URL.
    const rows = await ctx.sql<{ id: number; canonicalUrl: string; topic: string | null; copyOf: number | null }[]>`
      select id, canonical_url, topic, copy_of from articles`;
    const idOfUrl = new Map(rows.map((row) => [row.canonicalUrl, row.id]));
    const topicOf = new Map(rows.map((row) => [row.id, row.topic]));
    const copyOf = new Map(rows.map((row) => [row.id, row.copyOf]));
    const idOf = (a: EvalArticle) => {
      const url = news.sites[a.site]!.articles.find((served) => served.title === a.headline)?.url;
      return url ? idOfUrl.get(url) : undefined;
    };
    const idsOf = (story: EvalStory) => story.articles.map(idOf).filter((id): id is number => id !== undefined);
    // A story's trend holds the articles its outlets wrote; a wire copy is listed under its original.
    const ownIdsOf = (story: EvalStory) => idsOf(story).filter((id) => copyOf.get(id) == null);
    // A wire copy and its original are listed once: one of the two stands (copy_of null) and the
    // other is filed under it. Which one stands is the first stored, unless a page names its
    // original (decisions.md, "Wire copies"): a crawl meeting the republisher's page first lists the
    // text under it, with the agency as "also published by". Both counts are printed.
    let copiesOnce = 0;
    let copiesUnderOriginal = 0;
    let copiesTotal = 0;
    const copyMissed = miss();
    for (const story of web.stories) {
      for (const article of story.articles) {
        if (article.syndicatedFrom === null) continue;
        copiesTotal++;
        const id = idOf(article);
        const original = story.articles.find((other) => other.site === article.syndicatedFrom && other !== article);
        const originalId = original ? idOf(original) : undefined;
        const filed = (of: number | undefined) => (of === undefined ? 'not crawled' : `${of}: copy_of ${copyOf.get(of) ?? 'none'}`);
        const underOriginal = id !== undefined && originalId !== undefined && copyOf.get(id) === originalId && copyOf.get(originalId) == null;
        const underCopy = id !== undefined && originalId !== undefined && copyOf.get(originalId) === id && copyOf.get(id) == null;
        if (underOriginal || underCopy) copiesOnce++;
        if (underOriginal) copiesUnderOriginal++;
        else note(copyMissed, `${story.id}: "${article.headline}" (copy ${filed(id)}; its original ${filed(originalId)})`);
      }
    }
    const trends = await trendsWithArticles(ctx);

    // Where each of a story's articles went: the trend holding it (its size and title), or none.
    const whereArticlesWent = (story: EvalStory, own: number[]) =>
      story.articles
        .map((article) => {
          const id = idOf(article);
          if (id === undefined || !own.includes(id)) return '';
          const trend = trends.find((t) => t.articleIds.includes(id));
          return `\n      [site ${article.site}] "${article.headline}" → ${trend ? `trend ${trend.id} (${trend.articleIds.length} articles): "${trend.title}"` : 'no trend'}`;
        })
        .join('');
    let found = 0;
    let topicsRight = 0;
    let articlesRight = 0;
    let articlesTotal = 0;
    let leads = 0;
    let written = 0;
    const notFound = miss();
    const wrongTopic = miss();
    const wrongArticleTopic = miss();
    const wrongLead = miss();
    const twice = miss();
    let twiceBySources = 0;
    for (const story of web.stories) {
      const ids = idsOf(story);
      for (const id of ids) {
        articlesTotal++;
        if (topicOf.get(id) === story.topic) articlesRight++;
        else note(wrongArticleTopic, `${story.id} (${story.topic}) article ${id} → ${topicOf.get(id)}`);
      }
      const own = ownIdsOf(story);
      const holding = trends.filter((trend) => trend.articleIds.some((id) => own.includes(id)));
      if (holding.length !== 1 || own.some((id) => !holding[0]!.articleIds.includes(id))) {
        note(
          notFound,
          `${story.id}: ${holding.length === 0 ? 'no trend' : holding.length > 1 ? `split over ${holding.length} trends` : `${holding[0]!.articleIds.filter((id) => own.includes(id)).length} of ${own.length} articles in its trend`} (${ids.length} of ${story.articles.length} crawled, ${ids.length - own.length} filed as copies)${detail ? whereArticlesWent(story, own) : ''}`,
        );
        if (holding.length === 0) continue;
      } else found++;
      const trend = holding.sort((a, b) => b.articleIds.filter((id) => own.includes(id)).length - a.articleIds.filter((id) => own.includes(id)).length)[0]!;
      if (trend.topic === story.topic) topicsRight++;
      else note(wrongTopic, `${story.id} (${story.topic}) → ${trend.topic}: "${trend.title}"`);

      // The article the generator writes offline from the trend's sources.
      const sources = toWriterSources(await trendSourceArticles(ctx.sql, trend.id));
      let article: ReturnType<typeof writeOfflineArticle>;
      try {
        article = writeOfflineArticle({ title: trend.title, description: trend.description, sources, targetWords: 600 });
      } catch {
        continue;
      }
      written++;
      const first = article.body[0]!.sourceText;
      if (factsOf(first, story).some((id) => story.lead.includes(id))) leads++;
      else note(wrongLead, `${story.id}: "${first}"`);
      const told = new Map<string, { text: string; source: number }[]>();
      for (const sentence of article.body) {
        const [id] = factsOf(sentence.sourceText, story);
        if (id) told.set(id, [...(told.get(id) ?? []), { text: sentence.sourceText, source: sentence.sourceIndex }]);
      }
      for (const [id, said] of told) {
        if (said.length < 2) continue;
        note(twice, `${story.id} ${id}: ${said.map((s) => `"${s.text}"`).join(' / ')}`);
        // The issue's sense: a fact two sources tell, each in its words (not one source's sentence
        // and the next, which its paragraph's annotation gives the same fact).
        if (new Set(said.map((s) => s.source)).size > 1) twiceBySources++;
      }
    }

    // The day's audio, from the product's own top stories.
    const stories = await topStories(ctx, 8);
    const podcast = offlineConversation(stories, ['Alex', 'Jordan'], 'Morning Ledger');
    const bulletin = offlineSummary(stories).join('\n');
    const sourceTexts = web.stories.flatMap((story) => [...story.articles.flatMap((a) => [a.headline, ...a.paragraphs])]);
    const storyTerms = new Set(sourceTexts.flatMap((text) => [...termSet(text)]));
    const spoken = (line: string) =>
      line
        .replace(/^[^:\n]{1,40}:\s*/, '')
        .replace(/\[[^\]]*\]/g, ' ')
        .trim();
    const storyOfLine = (line: string) => web.stories.find((story) => splitSentences(spoken(line)).some((s) => factsOf(s, story).length > 0));
    const lines = podcast.split('\n').filter(Boolean);
    const filler = miss();
    for (let i = 2; i < lines.length - 2; i++) {
      const said = spoken(lines[i]!);
      if (!said || [...termSet(said)].some((term) => storyTerms.has(term)) || storyOfLine(lines[i + 1]!)) continue;
      note(filler, `${said} → ${spoken(lines[i + 1]!)}`);
    }
    // The first fact the podcast states of each story it tells.
    let podcastLeads = 0;
    let podcastStories = 0;
    const podcastWrongLead = miss();
    const seen = new Set<string>();
    for (const line of lines)
      for (const sentence of splitSentences(spoken(line))) {
        for (const story of web.stories) {
          if (seen.has(story.id)) continue;
          const ids = factsOf(sentence, story);
          if (!ids.length) continue;
          seen.add(story.id);
          podcastStories++;
          if (ids.some((id) => story.lead.includes(id))) podcastLeads++;
          else note(podcastWrongLead, `${story.id}: "${sentence}"`);
        }
      }
    const song = await offlineLyrics(stories);
    const sung = [
      ...web.stories.map((story) => ({ id: story.id, texts: story.articles.flatMap((a) => [a.headline, ...a.paragraphs]) })),
      ...web.singles.map((single, i) => ({ id: `single ${i}`, texts: [single.headline, ...single.paragraphs] })),
    ];
    const faults = lyricFaults(song, sung);
    const lyricSummary = faultSummary(faults, parseLyrics(song).length);

    const n = web.stories.length;
    const filedAsCopies = rows.filter((stored) => stored.copyOf !== null).length;
    out.push(
      `${web.name}: ${web.sites.length} sites, ${rows.length} articles crawled (${filedAsCopies} filed as copies), ${trends.length} trends; crawl and analysis ${seconds.toFixed(1)} s`,
    );
    const row = (label: string, value: string, m?: Miss) => {
      out.push(`  ${label.padEnd(44)}${value.padEnd(24)}${m?.example ? `e.g. ${m.example}` : ''}`);
      if (detail && m) for (const example of m.all.slice(1)) out.push(`    ${example}`);
    };
    row('stories found (one trend, all articles)', `${found}/${n}`, notFound);
    row('story topics', `${topicsRight}/${n}`, wrongTopic);
    if (copiesTotal) row('wire copies listed once', `${copiesOnce}/${copiesTotal} (${copiesUnderOriginal} under the outlet that wrote it) `, copyMissed);
    row('article topics', `${articlesRight}/${articlesTotal} (${((100 * articlesRight) / Math.max(1, articlesTotal)).toFixed(0)} %)`, wrongArticleTopic);
    row('generated articles: leads telling the news', `${leads}/${written}`, wrongLead);
    row('generated articles: facts told twice', `${twice.count} (${twiceBySources} by two sources)`, twice);
    row('podcast: filler lines', String(filler.count), filler);
    row('podcast: first fact of a story is its news', `${podcastLeads}/${podcastStories}`, podcastWrongLead);
    row('bulletin', `${bulletin.split('\n').length} lines`);
    row('lyric faults', lyricSummary.figure, {
      count: faults.length,
      example: lyricSummary.example,
      all: faults.map((fault) => `${fault.kind}: ${fault.line}`),
    });
    if (lyricSummary.kinds) row('  by kind', lyricSummary.kinds);
    if (detail) for (const line of song.split('\n')) out.push(`      | ${line}`);
  } finally {
    await crawled.close();
  }
  return out;
}

const voices = voicesWebs();
console.log(
  `machine load average: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
if (voices.length === 0) console.log(`No evaluation webs at ${evalDir()} (set NEWSCTL_EVAL_DIR): the fixture webs only.`);
for (const web of [...fixtureWebs(), ...voices]) {
  for (const line of await measureWeb(web)) console.log(line);
}
console.log('Targets on each voices web: stories 12/12, story topics 12/12, article topics ≥ 95 %, leads 12/12, facts told twice 0, filler 0, lyric lines 0.');
console.log('The voices webs are measured only: no setting was chosen on them.');
