// /story/{id}-{slug}: one story's full coverage. Every site that reported it, once, with its
// articles (headline, time, lede, a link out); a timeline of who reported when; what one source
// says that the others do not; and our own article when there is one. Server-rendered like the topic
// pages, for readers, crawlers and link previews (Open Graph, JSON-LD ItemList of NewsArticle).
import type { AppContext } from '../../../context.js';
import { generatedArticleOfTrend, type GeneratedArticleRow } from '../../../db/generated-articles.js';
import { trendForGeneration, trendSourceArticles, type TrendForGeneration, type TrendSourceArticle } from '../../../db/trends.js';
import { shapeSentence, termOverlap, termSet } from '../../newsroom/generator/sentences.js';
import { splitSentences } from '../../../shared/text/sentences.js';
import { sourceName } from '../../newsroom/generator/offline-writer.js';
import { counted } from '../../../shared/words.js';
import { latestAudioAsset } from '../../../db/audio.js';
import { audioUrl } from '../../newsroom/audio/files.js';
import { chaptersFor, cuesOf } from '../../newsroom/audio/transcript.js';
import { html, Html } from './html.js';
import { readableHost } from '../domains/host-names.js';
import { absoluteUrl, formatTime, link, renderPage, safePagePath, topicLabel } from './layout.js';
import { storyPagePath, topicFeedPath } from '../../../shared/pages.js';

/** Text read per source article: enough for its lede and its own facts. */
const TEXT_PER_ARTICLE = 20_000;
/** Sentences of an article weighed for a fact only it tells (the sources' own order of importance). */
const FACT_CANDIDATES = 12;
/** A sentence sharing at most this share of its terms with every other site's sentence is its own. */
const OWN_FACT_OVERLAP = 0.34;

/** The trend id a story address names (`123`, `123-any-words`), or null. */
export function storyIdOf(reference: string): number | null {
  const match = /^(\d{1,10})(?:-[a-z0-9-]*)?$/.exec(reference);
  if (!match) return null;
  const id = Number(match[1]);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

interface SiteCoverage {
  name: string;
  articles: TrendSourceArticle[];
  /** A sentence this site's articles tell that no other site's do. */
  ownFact: string | null;
}

const timeOf = (article: TrendSourceArticle) => article.publishedAt ?? article.scrapedAt;

/** The story's sites, first reporter first, each named as it names itself (else by its host). */
function sitesOf(articles: readonly TrendSourceArticle[]): SiteCoverage[] {
  const bySite = new Map<string, TrendSourceArticle[]>();
  for (const article of [...articles].sort((a, b) => timeOf(a).getTime() - timeOf(b).getTime())) {
    const key = sourceName(article.domainName);
    bySite.set(key, [...(bySite.get(key) ?? []), article]);
  }
  return [...bySite].map(([host, siteArticles]) => {
    const names = new Map<string, number>();
    for (const article of siteArticles) if (article.siteName) names.set(article.siteName, (names.get(article.siteName) ?? 0) + 1);
    const name = [...names].sort((a, b) => b[1] - a[1])[0]?.[0] ?? host;
    return { name, articles: siteArticles, ownFact: null };
  });
}

function factSentences(article: TrendSourceArticle): string[] {
  const sentences: string[] = [];
  for (const raw of splitSentences(article.content || article.excerpt || '')) {
    const shape = shapeSentence(raw);
    if (shape && !shape.dangling) sentences.push(shape.text);
    if (sentences.length >= FACT_CANDIDATES) break;
  }
  return sentences;
}

/**
 * For each site, the first of its sentences that shares little with any other site's: a figure, a
 * name or a detail only it reports. A sentence must name something (a number or a proper name) to
 * count; a site all of whose facts others also tell has none.
 */
function markOwnFacts(sites: SiteCoverage[]): void {
  if (sites.length < 2) return;
  const sentences = sites.map((site) => site.articles.flatMap(factSentences).map((text) => ({ text, terms: termSet(text) })));
  sites.forEach((site, index) => {
    const others = sentences.filter((_, other) => other !== index).flat();
    const own = sentences[index]!.find(
      (sentence) =>
        /\d|\s[A-Z][a-z]/.test(sentence.text) &&
        sentence.terms.size >= 4 &&
        others.every((other) => termOverlap(sentence.terms, other.terms) <= OWN_FACT_OVERLAP),
    );
    site.ownFact = own?.text ?? null;
  });
}

/** The article's first paragraph as the site wrote it, or its first sentence that stands alone. */
function lede(article: TrendSourceArticle): string {
  if (article.excerpt?.trim()) return article.excerpt.trim();
  return factSentences(article)[0] ?? '';
}

export interface StoryPageData {
  trend: TrendForGeneration;
  articles: TrendSourceArticle[];
  generated: GeneratedArticleRow | null;
  /** The latest bulletin, when it tells this story: where, and from when. */
  spoken: { audioUrl: string; startTime: number; generatedAt: Date } | null;
}

/** The newest bulletin's chapter for this story, if it has one. */
async function spokenIn(ctx: Pick<AppContext, 'sql'>, trend: { id: number; title: string }): Promise<StoryPageData['spoken']> {
  const asset = await latestAudioAsset(ctx.sql, 'latest-news');
  const cues = asset ? cuesOf(asset.meta) : null;
  const stories = (asset?.meta as { chapterStories?: { title: string; lead?: string; url?: string }[] } | undefined)?.chapterStories;
  if (!asset || !cues || !Array.isArray(stories)) return null;
  const prefix = `${storyPagePath({ id: trend.id, title: '' })}-`;
  const chapter = chaptersFor(cues, stories, '').find(
    (candidate) => candidate.url?.startsWith(prefix) || candidate.url === storyPagePath({ id: trend.id, title: '' }),
  );
  return chapter ? { audioUrl: audioUrl(asset.fileName, asset.generatedAt), startTime: chapter.startTime, generatedAt: asset.generatedAt } : null;
}

export async function loadStory(ctx: Pick<AppContext, 'sql'>, id: number): Promise<StoryPageData | null> {
  const trend = await trendForGeneration(ctx.sql, id);
  if (!trend) return null;
  const [articles, generated, spoken] = await Promise.all([
    trendSourceArticles(ctx.sql, id, TEXT_PER_ARTICLE),
    generatedArticleOfTrend(ctx.sql, id),
    spokenIn(ctx, trend),
  ]);
  return { trend, articles, generated, spoken };
}

/** JSON for a <script> data block: `<` escaped, so no text in it can close the element. */
function jsonBlock(value: unknown): Html {
  return new Html(JSON.stringify(value).replace(/</g, '\\u003c'));
}

export function storyPageHtml(ctx: Pick<AppContext, 'config'>, data: StoryPageData, origin: string): string {
  const { trend, articles, generated } = data;
  const zone = ctx.config.timeZone;
  const site = ctx.config.siteName;
  const sites = sitesOf(articles);
  markOwnFacts(sites);
  const url = absoluteUrl(origin, storyPagePath(trend));
  const label = topicLabel(trend.topic);
  const timeline = [...articles].sort((a, b) => timeOf(a).getTime() - timeOf(b).getTime());
  const nameOf = new Map(sites.flatMap((coverage) => coverage.articles.map((article) => [article.id, coverage.name] as const)));
  const ownFacts = sites.filter((coverage) => coverage.ownFact);
  const articlePage = safePagePath(generated?.htmlFilePath);
  const image = generated?.imageUrl && safePagePath(generated.imageUrl) ? absoluteUrl(origin, generated.imageUrl) : null;
  // Wire copies are not sources of their own: each is listed under its original and counted apart.
  const republishers = new Set(articles.flatMap((article) => (article.republishedBy ?? []).map((copy) => readableHost(copy.name))));
  const summary = `${counted(articles.length, 'article')} from ${counted(sites.length, 'site')}${
    republishers.size ? `, republished by ${counted(republishers.size, 'other site')}` : ''
  }`;

  const body = html`<main>
<p class="meta"><a href="/${trend.topic}.html">${label}</a> · ${summary}</p>
<h1>${trend.title}</h1>
${trend.description ? html`<p>${trend.description}</p>` : ''}
${
  generated
    ? html`<section aria-labelledby="ours">
<h2 id="ours">Our article</h2>
${image ? html`<img class="feature" src="${generated.imageUrl}" alt="">` : ''}
<h3>${link(articlePage, generated.title)}</h3>
<p class="excerpt">${generated.excerpt}</p>
</section>`
    : ''
}
${
  data.spoken
    ? html`<section aria-labelledby="listen">
<h2 id="listen">Listen</h2>
<p>Told in the latest news bulletin of ${formatTime(data.spoken.generatedAt, zone)}, from ${Math.floor(data.spoken.startTime / 60)}:${String(Math.floor(data.spoken.startTime % 60)).padStart(2, '0')}.</p>
<audio controls preload="none" src="${data.spoken.audioUrl.split('?')[0]}#t=${data.spoken.startTime.toFixed(1)}"></audio>
</section>`
    : ''
}
<section aria-labelledby="timeline">
<h2 id="timeline">Timeline</h2>
<ol class="items">${timeline.map(
    (article) =>
      html`<li><time datetime="${timeOf(article).toISOString()}">${formatTime(timeOf(article), zone)}</time> — ${nameOf.get(article.id) ?? ''}: ${link(article.sourceUrl, article.title)}</li>`,
  )}</ol>
</section>
${
  ownFacts.length
    ? html`<section aria-labelledby="own-facts">
<h2 id="own-facts">Only one source says</h2>
<ul class="items">${ownFacts.map((coverage) => html`<li>${coverage.ownFact} <small>— ${coverage.name}</small></li>`)}</ul>
</section>`
    : ''
}
<section aria-labelledby="coverage">
<h2 id="coverage">Every source</h2>
${sites.map(
  (coverage) => html`<article class="item">
<h3>${coverage.name}</h3>
<ul class="items">${coverage.articles.map(
    (article) => html`<li>${link(article.sourceUrl, article.title)} <small>— ${formatTime(timeOf(article), zone)}</small>
${lede(article) ? html`<p class="excerpt">${lede(article)}</p>` : ''}${
  article.republishedBy?.length
    ? html`<p><small>Also published by ${article.republishedBy.map((copy, i) => html`${i ? ', ' : ''}${link(copy.sourceUrl, readableHost(copy.name))}`)}</small></p>`
    : ''
}</li>`,
  )}</ul>
</article>
`,
)}
</section>
<script type="application/ld+json">${jsonBlock({
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: trend.title,
    url,
    numberOfItems: articles.length,
    itemListElement: timeline.map((article, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      item: {
        '@type': 'NewsArticle',
        headline: article.title,
        url: article.sourceUrl,
        datePublished: timeOf(article).toISOString(),
        publisher: { '@type': 'Organization', name: nameOf.get(article.id) ?? sourceName(article.domainName) },
      },
    })),
  })}</script>
</main>`;
  return renderPage(
    {
      title: trend.title,
      description: trend.description || `${trend.title}: ${summary}, on ${site}.`,
      url,
      siteName: site,
      type: 'article',
      image,
      section: label,
      feeds: [[`${label} — ${site}`, absoluteUrl(origin, topicFeedPath(trend.topic))]],
    },
    body,
  );
}
