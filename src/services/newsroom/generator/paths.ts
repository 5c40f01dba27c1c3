// Public addresses of generated articles: /{topic}/{slug}-{trend id}.html, chosen at the first
// generation and kept through rewrites, so links, feeds and shares stay valid.
import type { Topic } from '../../../shared/topics.js';

function slugify(text: string, maxLength = 60): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= maxLength) return slug || 'article';
  const cut = slug.slice(0, maxLength);
  return (cut.includes('-') ? cut.slice(0, cut.lastIndexOf('-')) : cut) || 'article';
}

export function articlePagePath(topic: Topic, title: string, trendId: number): string {
  return `/${topic}/${slugify(title)}-${trendId}.html`;
}

/** Whether a request path can be an article page (cheap check before the database lookup). */
export function isArticlePagePath(path: string): boolean {
  return /^\/[a-z]+\/[a-z0-9-]{1,80}\.html$/.test(path);
}
