// Teasers: a page that shows only the start of its article is told by what the publisher declares,
// a paywall's markup or prompt beside a short body, or by a body much shorter than the word count it
// declares; a whole article is no teaser, whatever its template or declarations (a metered wall
// serves the whole text).
import { describe, expect, it } from 'vitest';
import { extractArticle } from '../../../../src/services/reader/extract/index.js';

const sentence = (i: number) =>
  `Council member ${i} said the new ferry timetable would add two crossings on weekday mornings and one more on Saturday evenings from spring.`;
const paragraphs = (count: number, from = 0) => Array.from({ length: count }, (_, i) => `<p>${sentence(from + i)}</p>`).join('\n');

function page(options: { head?: string; body: string; after?: string }): string {
  return `<!DOCTYPE html><html lang="en"><head><title>Ferry timetable grows | Ostby Post</title>
<meta property="og:title" content="Ferry timetable grows">${options.head ?? ''}</head>
<body><header><nav><a href="/">Home</a> <a href="/news">News</a></nav></header>
<main><article><h1>Ferry timetable grows</h1><div class="article-body">${options.body}</div></article></main>
${options.after ?? ''}<footer>© Ostby Post</footer></body></html>`;
}
const jsonLd = (value: object) => `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', ...value })}</script>`;

describe('teasers', () => {
  it('are told by a short body the publisher declares closed; a closed page serving its whole text is stored whole', () => {
    const head = jsonLd({
      '@type': 'NewsArticle',
      headline: 'Ferry timetable grows',
      isAccessibleForFree: 'False',
      hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: '.locked-content' },
    });
    const teaser = extractArticle(page({ head, body: paragraphs(2) }), { url: 'https://ostby.example/ferry' });
    expect(teaser.teaser).toBe('declared');
    expect(teaser.text).toContain(sentence(1));
    const metered = extractArticle(page({ head, body: `${paragraphs(2)}<div class="locked-content">${paragraphs(12, 10)}</div>` }));
    expect(metered.teaser).toBeNull();
    expect(metered.text).toContain(sentence(21));
  });

  it('never take a closed article’s JSON-LD body as its text', () => {
    const hidden = Array.from({ length: 10 }, (_, i) => sentence(i)).join(' ');
    const html = `<!DOCTYPE html><html><head><title>Locked</title>${jsonLd({ '@type': 'NewsArticle', headline: 'Locked', isAccessibleForFree: false, articleBody: hidden })}</head><body><div class="paywall"></div></body></html>`;
    const article = extractArticle(html);
    expect(article.text).toBe('');
    expect(article.teaser).toBe('declared');
  });

  it('are told by a paywall’s markup or a subscribe prompt beside a short body', () => {
    expect(extractArticle(page({ body: paragraphs(3), after: '<div class="tp-modal paywall-offer">Offer</div>' })).teaser).toBe('paywall');
    expect(extractArticle(page({ body: paragraphs(3), after: '<aside><p>Subscribe now to continue reading this article.</p></aside>' })).teaser).toBe(
      'paywall',
    );
    expect(extractArticle(page({ body: paragraphs(3), after: '<p>This article is only available to subscribers.</p>' })).teaser).toBe('paywall');
  });

  it('are told by a body under half the words the page declares', () => {
    const html = page({ head: jsonLd({ '@type': 'NewsArticle', headline: 'Ferry timetable grows', wordCount: 900 }), body: paragraphs(6) });
    expect(extractArticle(html).teaser).toBe('shorter-than-declared');
    const whole = page({ head: jsonLd({ '@type': 'NewsArticle', headline: 'Ferry timetable grows', wordCount: 140 }), body: paragraphs(6) });
    expect(extractArticle(whole).teaser).toBeNull();
  });

  it('leave a whole article alone, paywall markup in its template or not', () => {
    expect(extractArticle(page({ body: paragraphs(14), after: '<div class="paywall-container" hidden></div>' })).teaser).toBeNull();
    expect(extractArticle(page({ body: paragraphs(3) })).teaser).toBeNull();
    // "Subscribe to our newsletter" is no wall.
    expect(extractArticle(page({ body: paragraphs(3), after: '<p>Subscribe to our newsletter for the morning headlines.</p>' })).teaser).toBeNull();
  });
});
