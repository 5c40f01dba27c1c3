// /{topic}.html: the topic's generated articles (each with its sources), its current trends and its
// newest crawled articles, readable without JavaScript: the "Ask the AI" link hands this address to
// the assistant, and readers and feed readers land here.
import type { AppContext } from '../../../context.js';
import { newestArticlesByTopic } from '../../../db/articles.js';
import { latestGeneratedArticles } from '../../../db/generated-articles.js';
import { topTrendsByTopic } from '../../../db/trends.js';
import type { Topic } from '../../../shared/topics.js';
import { readableHost } from '../domains/host-names.js';
import { toGeneratedArticle } from '../../newsroom/generator/articles.js';
import { html } from './html.js';
import { absoluteUrl, formatTime, link, renderPage, safePagePath, topicLabel } from './layout.js';
import { storyPagePath, PAGES, topicFeedPath, topicPagePath } from '../../../shared/pages.js';

const TOPIC_PAGE_ARTICLES = 30;
const TOPIC_PAGE_TRENDS = 10;
const TOPIC_PAGE_GENERATED = 20;
/** Sources shown under each generated article (the article page lists them all). */
const SOURCES_SHOWN = 6;

/** What a topic page shows, read in one go (the public snapshot keeps it between changes). */
export interface TopicPageData {
  topic: Topic;
  trends: Awaited<ReturnType<typeof topTrendsByTopic>>;
  articles: Awaited<ReturnType<typeof newestArticlesByTopic>>;
  generated: Awaited<ReturnType<typeof latestGeneratedArticles>>;
}

export async function loadTopicPages(ctx: Pick<AppContext, 'sql'>, topics: readonly Topic[]): Promise<Map<Topic, TopicPageData>> {
  const [trends, articles, generated] = await Promise.all([
    topTrendsByTopic(ctx.sql, topics, TOPIC_PAGE_TRENDS),
    newestArticlesByTopic(ctx.sql, topics, TOPIC_PAGE_ARTICLES),
    Promise.all(topics.map((topic) => latestGeneratedArticles(ctx.sql, { limit: TOPIC_PAGE_GENERATED, category: topic }))),
  ]);
  return new Map(
    topics.map((topic, index) => [
      topic,
      { topic, trends: trends.filter((row) => row.topic === topic), articles: articles.filter((row) => row.topic === topic), generated: generated[index]! },
    ]),
  );
}

export function topicPageHtml(ctx: Pick<AppContext, 'config'>, data: TopicPageData, origin: string): string {
  const { topic, trends, articles, generated } = data;
  const label = topicLabel(topic);
  const site = ctx.config.siteName;
  const zone = ctx.config.timeZone;
  const generatedItems = generated.map(toGeneratedArticle).map((article) => {
    const shown = article.sources.slice(0, SOURCES_SHOWN);
    const more = article.sources.length - shown.length;
    return html`<article class="item">
<h3>${link(article.htmlFilePath, article.title)}</h3>
<p class="excerpt">${article.excerpt}</p>
<small>${formatTime(new Date(article.generatedAt), zone)} · Sources: ${shown.map((source, i) => html`${i ? ', ' : ''}${link(source.url, source.domain || source.title)}`)}${more > 0 ? html` and ${more} more` : ''}</small>
</article>
`;
  });
  const trendItems = trends.map((trend) => html`<li>${link(storyPagePath(trend), trend.title)}</li>`);
  const articleItems = articles.map(
    (article) =>
      html`<li>${link(article.sourceUrl, article.title)} <small>— ${readableHost(article.domainName)}, ${formatTime(article.scrapedAt, zone)}${
        article.teaser ? html` · Preview — subscribers only at ${readableHost(article.domainName)}` : ''
      }${
        article.alsoPublishedBy?.length
          ? html` · also published by ${article.alsoPublishedBy.map((copy, i) => html`${i ? ', ' : ''}${link(copy.sourceUrl, readableHost(copy.name))}`)}`
          : ''
      }</small></li>`,
  );
  const body = html`<main>
<h1>${label} news</h1>
${generatedItems.length ? html`<h2>Articles</h2>\n${generatedItems}` : ''}
<h2>Trends</h2>
${trendItems.length ? html`<ul class="items">${trendItems}</ul>` : html`<p>No ${label.toLowerCase()} trends identified yet.</p>`}
<h2>Latest articles</h2>
${articleItems.length ? html`<ul class="items">${articleItems}</ul>` : html`<p>No recent articles found for ${label}.</p>`}
</main>`;
  return renderPage(
    {
      title: `${label} news`,
      description: `The latest ${label.toLowerCase()} trends and articles on ${site}, compiled from many sources.`,
      url: absoluteUrl(origin, topicPagePath(topic)),
      siteName: site,
      type: 'website',
      image: generated[0]?.imageUrl && safePagePath(generated[0].imageUrl) ? absoluteUrl(origin, generated[0].imageUrl) : null,
      feeds: [
        [`${label} — ${site}`, absoluteUrl(origin, topicFeedPath(topic))],
        [`All articles — ${site}`, absoluteUrl(origin, PAGES.allFeed)],
      ],
    },
    body,
  );
}
