import { parseHTML } from 'linkedom';
import { findArticleContent } from './article-text.js';
import { joinBlocks } from './text-blocks.js';

export function extractArticle(html: string, options: { url?: string } = {}) {
  const { document } = parseHTML(html);
  const content = findArticleContent(document as unknown as Document);
  return { title: content.title, text: joinBlocks(content.blocks) };
}
