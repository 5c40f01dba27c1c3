// Atom feeds (RFC 4287) of generated articles: /feeds/{topic}.xml and /feeds/all.xml. Each entry
// links to the article's page and carries its excerpt and its text as escaped HTML.
import type { AppContext } from '../../../context.js';
import { latestGeneratedArticles } from '../../../db/generated-articles.js';
import type { Topic } from '../../../shared/topics.js';
import { readableHost } from '../domains/host-names.js';
import { toGeneratedArticle } from '../../newsroom/generator/articles.js';
import { renderArticleBody } from './article-page.js';
import { escapeHtml, html } from './html.js';
import { absoluteUrl, link, safePagePath, topicLabel } from './layout.js';
import { storyPagePath, PAGES, topicFeedPath, topicPagePath } from '../../../shared/pages.js';

const FEED_ENTRIES = 50;

/** XML text: the HTML escapes are valid XML escapes too; control characters XML forbids are dropped. */
export function xml(text: string): string {
  return escapeHtml(text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, ''));
}

export async function renderFeed(ctx: Pick<AppContext, 'sql' | 'config'>, topic: Topic | null, origin: string): Promise<string> {
  const rows = await latestGeneratedArticles(ctx.sql, { limit: FEED_ENTRIES, category: topic });
  const articles = rows.map(toGeneratedArticle);
  const site = ctx.config.siteName;
  const selfUrl = absoluteUrl(origin, topic ? topicFeedPath(topic) : PAGES.allFeed);
  const pageUrl = absoluteUrl(origin, topic ? topicPagePath(topic) : PAGES.home);
  const title = topic ? `${topicLabel(topic)} — ${site}` : `All articles — ${site}`;
  // An empty feed is as old as… nothing: the Unix epoch keeps it stable between requests.
  const updated = rows.reduce((latest, row) => Math.max(latest, new Date(row.updatedAt).getTime()), 0);
  const entries = articles.map((article, i) => {
    const page = safePagePath(article.htmlFilePath);
    const url = page ? absoluteUrl(origin, page) : `${pageUrl}#article-${article.id}`;
    const image = safePagePath(article.imageUrl);
    const sources = html`<p>Sources: ${article.sources.map((source, n) => html`${n ? ', ' : ''}${link(source.url, source.title || readableHost(source.domain))}`)}</p>`;
    const content = html`${image ? html`<p><img src="${absoluteUrl(origin, image)}" alt=""></p>` : ''}${renderArticleBody(article.content)}${sources}`.value;
    return `  <entry>
    <id>${xml(url)}</id>
    <title type="text">${xml(article.title)}</title>
    <link rel="alternate" type="text/html" href="${xml(url)}"/>${
      rows[i]!.trendId && rows[i]!.trendTitle
        ? `\n    <link rel="related" type="text/html" title="Every source of this story" href="${xml(absoluteUrl(origin, storyPagePath({ id: rows[i]!.trendId!, title: rows[i]!.trendTitle! })))}"/>`
        : ''
    }
    <published>${article.generatedAt}</published>
    <updated>${new Date(rows[i]!.updatedAt).toISOString()}</updated>
    <author><name>${xml(site)}</name></author>
    ${article.category ? `<category term="${xml(article.category)}" label="${xml(topicLabel(article.category))}"/>` : ''}
    <summary type="text">${xml(article.excerpt)}</summary>
    <content type="html">${xml(content)}</content>
  </entry>`;
  });
  return atomFeed({
    selfUrl,
    pageUrl,
    title,
    subtitle: topic
      ? `Generated ${topicLabel(topic).toLowerCase()} articles, each compiled from several sources`
      : 'Generated articles, each compiled from several sources',
    updated,
    author: site,
    entries,
  });
}

/** An Atom document around its entries (each already written as XML). */
export function atomFeed(feed: {
  selfUrl: string;
  pageUrl: string;
  title: string;
  subtitle: string;
  updated: number;
  author: string;
  entries: string[];
}): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <id>${xml(feed.selfUrl)}</id>
  <title type="text">${xml(feed.title)}</title>
  <subtitle type="text">${xml(feed.subtitle)}</subtitle>
  <updated>${new Date(feed.updated).toISOString()}</updated>
  <link rel="self" type="application/atom+xml" href="${xml(feed.selfUrl)}"/>
  <link rel="alternate" type="text/html" href="${xml(feed.pageUrl)}"/>
  <author><name>${xml(feed.author)}</name></author>
  <generator>newsctl</generator>
${feed.entries.join('\n')}
</feed>
`;
}
