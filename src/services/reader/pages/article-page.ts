// A generated article's public page, at its trend's htmlFilePath: the text, the feature image,
// where it came from (compiled from N sources, each linked) and Open Graph tags for sharing.
import type { GeneratedArticle } from '../../../api/generator.js';
import type { AppContext } from '../../../context.js';
import { generatedArticleByPath } from '../../../db/generated-articles.js';
import { readableHost } from '../domains/host-names.js';
import { toGeneratedArticle } from '../../newsroom/generator/articles.js';
import { hasSourcesMarker } from '../../newsroom/generator/export.js';
import { html, type Html } from './html.js';
import { absoluteUrl, formatTime, link, renderPage, safePagePath, topicLabel } from './layout.js';
import { PAGES, topicFeedPath } from '../../../shared/pages.js';

const WHOLLY_BOLD = /^\s*\*\*([^*]+)\*\*\s*$/;

/** **bold** as <strong>, bare http(s) addresses as links; everything else escaped. */
function inline(line: string): Html[] {
  return line.split(/(\*\*[^*]+\*\*|https?:\/\/[^\s)<>"]+)/).map((piece) => {
    const bold = /^\*\*([^*]+)\*\*$/.exec(piece);
    if (bold) return html`<strong>${bold[1]}</strong>`;
    if (/^https?:\/\//.test(piece)) return link(piece, piece);
    return html`${piece}`;
  });
}

/** The body without its Sources section (the page lists the sources from the stored list). */
function bodyBlocks(content: string): string[] {
  const blocks = content
    .replace(/\r\n/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean);
  const marker = blocks.findIndex((block) => hasSourcesMarker(block.split('\n')[0]!));
  return marker >= 0 ? blocks.slice(0, marker) : blocks;
}

export function renderArticleBody(content: string): Html[] {
  return bodyBlocks(content).map((block) => {
    const lines = block.split('\n');
    if (lines.length === 1 && WHOLLY_BOLD.test(lines[0]!)) return html`<h2>${WHOLLY_BOLD.exec(lines[0]!)![1]!.trim()}</h2>\n`;
    return html`<p>${lines.map((line, i) => html`${i ? html`<br>` : ''}${inline(line)}`)}</p>\n`;
  });
}

function renderArticlePage(ctx: Pick<AppContext, 'config'>, article: GeneratedArticle, origin: string): string {
  const pagePath = safePagePath(article.htmlFilePath) ?? '/';
  const topic = article.category ?? 'international';
  const sources = article.sources.length ? article.sources : article.sourceUrls.map((url) => ({ url, title: url, domain: '' }));
  const image = safePagePath(article.imageUrl);
  const generatedAt = new Date(article.generatedAt);
  const body = html`<main>
<article>
<p class="meta"><a href="/${topic}.html">${topicLabel(topic)}</a> · ${formatTime(generatedAt, ctx.config.timeZone)}</p>
<h1>${article.title}</h1>
<p class="meta">${article.writer === 'model' ? 'Written by an AI model from' : 'Compiled from'} ${sources.length} ${sources.length === 1 ? 'source' : 'sources'} · ${article.wordCount} words</p>
${image ? html`<img class="feature" src="${image}" alt="" width="1200" height="630">` : ''}
${renderArticleBody(article.content)}
<h2 id="sources">Sources</h2>
<ol class="sources">
${sources.map((source) => html`<li>${link(source.url, source.title || source.url)}${source.domain ? html` <small>${readableHost(source.domain)}</small>` : ''}</li>\n`)}</ol>
</article>
</main>`;
  return renderPage(
    {
      title: article.title,
      description: article.excerpt,
      url: absoluteUrl(origin, pagePath),
      siteName: ctx.config.siteName,
      type: 'article',
      image: image ? absoluteUrl(origin, image) : null,
      publishedTime: article.generatedAt,
      section: topicLabel(topic),
      feeds: [
        [`${topicLabel(topic)} — ${ctx.config.siteName}`, absoluteUrl(origin, topicFeedPath(topic))],
        [`All articles — ${ctx.config.siteName}`, absoluteUrl(origin, PAGES.allFeed)],
      ],
    },
    body,
  );
}

/** The page at `path`, or null when no generated article lives there. */
export async function articlePageAt(ctx: Pick<AppContext, 'config' | 'sql'>, path: string, origin: string): Promise<string | null> {
  const row = await generatedArticleByPath(ctx.sql, path);
  return row ? renderArticlePage(ctx, toGeneratedArticle(row), origin) : null;
}
