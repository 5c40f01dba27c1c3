import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { GeneratedArticle } from '../../../../src/api/generator.js';
import { articleDocx, articleText, exportFileName } from '../../../../src/services/newsroom/generator/export.js';

const article: GeneratedArticle = {
  id: 7,
  title: '**Fed holds rates — again: what it means for 2026’s mortgages, savings & the “soft landing” story overall**',
  content:
    'First paragraph with **a bold phrase** inside.\nA second line of the same paragraph.\n\n**What happens next**\n\nThe last paragraph, with a link https://fed.test/statement in it.',
  excerpt: 'First paragraph.',
  category: 'finance',
  imageUrl: null,
  generatedAt: '2026-01-05T10:00:00.000Z',
  wordCount: 30,
  sourceUrls: ['https://a.test/1', 'b.test/story'],
  sources: [],
  htmlFilePath: null,
  trendId: null,
  trendTitle: null,
  writer: 'model',
  modelName: 'm',
};

function paragraphs(xml: string): string[] {
  return xml.match(/<w:p[ >][\s\S]*?<\/w:p>/g) ?? [];
}

const textOf = (p: string) => (p.match(/<w:t[^>]*>([^<]*)<\/w:t>/g) ?? []).map((t) => t.replace(/<[^>]+>/g, '')).join('');

describe('article exports (spec 001 §9)', () => {
  it('name files Article-{category}-{title: alphanumerics and spaces, 60 characters, underscores}', () => {
    // 60 characters of "Fed holds rates again what it means for 2026s mortgages savings the…"
    expect(exportFileName(article, 'txt')).toBe('Article-finance-Fed_holds_rates_again_what_it_means_for_2026s_mortgages_savi.txt');
    expect(exportFileName(article, 'docx')).toBe('Article-finance-Fed_holds_rates_again_what_it_means_for_2026s_mortgages_savi.docx');
    expect(exportFileName({ ...article, title: '<script>' }, 'txt')).toBe('Article-finance-script.txt');
  });

  it('append "Related Sources" (with schemes) to a text without a Sources section', () => {
    const text = articleText(article);
    expect(text.startsWith('Fed holds rates — again')).toBe(true);
    expect(text).toContain('\nRelated Sources:\nhttps://a.test/1\nhttps://b.test/story\n');
    expect(articleText({ ...article, content: `${article.content}\n\n**Sources**\n- https://a.test/1` })).not.toContain('Related Sources');
  });

  it('write the .txt as plain text: no bold marks, heading hashes or link brackets', () => {
    const text = articleText({
      ...article,
      content:
        '## Why it matters\n\nFirst paragraph with **a bold phrase** and *an aside* inside, 2 * 3 = 6.\n\n**Sources**\n\nThis article was compiled from 2 sources:\n- [The Fed](https://fed.test/statement)\n- https://b.test/story',
    });
    expect(text).toContain('\nWhy it matters\n');
    expect(text).toContain('First paragraph with a bold phrase and an aside inside, 2 * 3 = 6.');
    expect(text).toContain('\nSources\n');
    expect(text).toContain('- The Fed (https://fed.test/statement)\n- https://b.test/story');
    expect(text).not.toMatch(/\*\*|##|\]\(/);
  });

  it('write Word files with a bold 20-point title, a paragraph per blank-line block, bold lines as headings', async () => {
    const xml = strFromU8(unzipSync(new Uint8Array(await articleDocx(article)))['word/document.xml']!);
    const ps = paragraphs(xml);
    expect(textOf(ps[0]!)).toBe(
      'Fed holds rates — again: what it means for 2026’s mortgages, savings & the “soft landing” story overall'.replace('&', '&amp;'),
    );
    expect(ps[0]).toMatch(/<w:b\/>/);
    expect(ps[0]).toMatch(/<w:sz w:val="40"\/>/);
    expect(textOf(ps[1]!)).toBe('First paragraph with a bold phrase inside.A second line of the same paragraph.');
    expect(ps[1]).toMatch(/<w:br\/>/);
    expect(ps[1]).toMatch(/<w:b\/><w:bCs\/>[\s\S]*?a bold phrase|<w:b\/>[\s\S]*?a bold phrase/);
    expect(ps[2]).toContain('<w:pStyle w:val="Heading2"/>');
    expect(textOf(ps[2]!)).toBe('What happens next');
    expect(textOf(ps[3]!)).toContain('https://fed.test/statement');
    expect(textOf(ps[4]!)).toBe('Related Sources');
    expect(ps[4]).toContain('<w:pStyle w:val="Heading2"/>');
    expect(ps.slice(5).map(textOf)).toEqual(['https://a.test/1', 'https://b.test/story']);
  });

  it('leave out the characters XML forbids, so Word can open the file', async () => {
    const docx = await articleDocx({ ...article, title: 'Bad\u0001 title\uffff', content: 'A model wrote \u001b[2Jthis\ufffe and \ud800that.' });
    const xml = strFromU8(unzipSync(new Uint8Array(docx))['word/document.xml']!);
    expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff\ud800-\udfff]/);
    const ps = paragraphs(xml);
    expect(textOf(ps[0]!)).toBe('Bad title');
    expect(textOf(ps[1]!)).toBe('A model wrote [2Jthis and that.');
  });
});
