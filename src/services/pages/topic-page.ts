// /{topic}.html: a plain page of the topic's current trends and newest articles. The "Ask the AI"
// link hands its address to the assistant, so it must be readable without JavaScript.
import type { AppContext } from '../../context.js';
import { newestArticlesByTopic } from '../../db/articles.js';
import { topTrendsByTopic } from '../../db/trends.js';
import { TOPICS, type Topic } from '../classify/topics.js';
import { html, safeHref, type Html } from './html.js';

export const TOPIC_PAGE_ARTICLES = 30;
export const TOPIC_PAGE_TRENDS = 10;

const TOPIC_LABELS: Record<Topic, string> = {
  health: 'Health',
  food: 'Food',
  finance: 'Finance',
  usa: 'USA',
  international: 'International',
  tech: 'Tech',
  energy: 'Energy',
  science: 'Science',
};

export function topicLabel(topic: Topic): string {
  return TOPIC_LABELS[topic];
}

function formatTime(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(date);
}

function link(url: string, text: string): Html {
  const href = safeHref(url);
  return href ? html`<a href="${href}" rel="noopener noreferrer">${text}</a>` : html`${text}`;
}

export async function renderTopicPage(ctx: Pick<AppContext, 'sql' | 'config'>, topic: Topic): Promise<string> {
  const [trends, articles] = await Promise.all([
    topTrendsByTopic(ctx.sql, [topic], TOPIC_PAGE_TRENDS),
    newestArticlesByTopic(ctx.sql, [topic], TOPIC_PAGE_ARTICLES),
  ]);
  const label = topicLabel(topic);
  const site = ctx.config.siteName;
  const trendItems = trends.map((trend) => html`<li>${trend.htmlFilePath ? link(trend.htmlFilePath, trend.title) : trend.title}</li>`);
  const articleItems = articles.map(
    (article) =>
      html`<li>${link(article.sourceUrl, article.title)} <small>— ${article.domainName}, ${formatTime(article.scrapedAt, ctx.config.timeZone)}</small></li>`,
  );
  const otherTopics = TOPICS.filter((t) => t !== topic).map((t) => html` <a href="/${t}.html">${topicLabel(t)}</a>`);
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${label} news — ${site}</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; color: #111; background: #fff; }
  a { color: #0645ad; } small { color: #555; } nav { margin-bottom: 1.5rem; }
  @media (prefers-color-scheme: dark) { body { color: #eee; background: #111; } a { color: #8ab4f8; } small { color: #aaa; } }
</style>
</head>
<body>
<nav><a href="/">${site}</a> · Topics:${otherTopics}</nav>
<h1>${label} news</h1>
<h2>Trends</h2>
${trendItems.length ? html`<ul>${trendItems}</ul>` : html`<p>No ${label.toLowerCase()} trends identified yet.</p>`}
<h2>Latest articles</h2>
${articleItems.length ? html`<ul>${articleItems}</ul>` : html`<p>No recent articles found for ${label}.</p>`}
</body>
</html>
`.value;
}
