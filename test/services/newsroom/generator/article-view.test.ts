// A generated article as the API shows it (spec 001 §3, §5, §9; decisions.md "Wave 2 → Generator"):
// its trend's topic when it has one stored, the §9 keyword rule only for an article without one;
// the title without its ** markers; source addresses with a scheme.
import { describe, expect, it } from 'vitest';
import type { GeneratedArticleRow } from '../../../../src/db/generated-articles.js';
import { toGeneratedArticle } from '../../../../src/services/newsroom/generator/articles.js';

const HEALTH_TEXT = 'Hospitals report a rise in flu cases as doctors urge vaccination; the vaccine is free at clinics, health officials said.';

function row(overrides: Partial<GeneratedArticleRow>): GeneratedArticleRow {
  return {
    id: 1,
    trendId: 3,
    trendTitle: 'Flu season',
    title: '**Flu cases rise as hospitals fill**',
    content: HEALTH_TEXT,
    excerpt: HEALTH_TEXT,
    category: 'usa',
    imageUrl: null,
    sourceUrls: ['https://a.test/1', 'b.test/2'],
    sources: [{ url: 'c.test/3', title: 'C', domain: 'c.test' }],
    wordCount: 20,
    htmlFilePath: '/usa/flu-3.html',
    modelName: null,
    writer: 'offline',
    generatedAt: new Date('2026-01-05T10:00:00Z'),
    updatedAt: new Date('2026-01-05T10:00:00Z'),
    ...overrides,
  };
}

describe('a generated article as the API shows it', () => {
  it('keeps its trend’s topic even when its words point elsewhere', () => {
    expect(toGeneratedArticle(row({})).category).toBe('usa');
  });

  it('places an article with no stored topic by the §9 keyword rule', () => {
    expect(toGeneratedArticle(row({ category: null, trendId: null })).category).toBe('health');
  });

  it('strips ** from the title and gives every source address a scheme', () => {
    const article = toGeneratedArticle(row({}));
    expect(article.title).toBe('Flu cases rise as hospitals fill');
    expect(article.sourceUrls).toEqual(['https://a.test/1', 'https://b.test/2']);
    expect(article.sources[0]!.url).toBe('https://c.test/3');
    expect(article.generatedAt).toBe('2026-01-05T10:00:00.000Z');
  });
});
