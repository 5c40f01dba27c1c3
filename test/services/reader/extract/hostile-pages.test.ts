// Crawled pages as the open web serves them, generated (issue "Hard days", item 4): a real article
// page cut at any byte (mid-tag, mid-character), declared in the wrong charset, wrapped in deep
// nesting, with junk spliced in. Decoding and extraction never throw, keep no markup or script in
// the text, and give back no more text than the page held. (Whole hostile hosts — 50 MB bodies,
// compression bombs, lying charsets, slow drips — are crawled in test/services/reader/spider/crawl.test.ts.)
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeText } from '../../../../src/net/index.js';
import { extractArticle } from '../../../../src/services/reader/extract/index.js';

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Harbor reopens after storm – Port Linden Ledger</title>
<meta property="og:title" content="Harbor reopens after storm"><link rel="canonical" href="https://ledger.example/harbor-reopens">
<script type="application/ld+json">{"@type":"NewsArticle","headline":"Harbor reopens after storm","datePublished":"2026-11-30T08:00:00Z","author":{"name":"Ana Ruiz"}}</script>
<script>window.tracker = "<p>not text</p>";</script><style>p{color:red}</style></head><body><nav><a href="/">Home</a><a href="/usa">U.S.</a></nav>
<article><h1>Harbor reopens after storm</h1><p class="byline">By Ana Ruiz</p>
${Array.from({ length: 8 }, (_, i) => `<p>Paragraph ${i + 1}: the harbor of Port Linden reopened on Monday, café owners said, after crews cleared 1,200 tonnes of debris — “the worst in decades”, the mayor said.</p>`).join('\n')}
</article><footer>© Ledger · <a href="/privacy">Privacy</a></footer></body></html>`;

const CHARSETS = [
  '',
  'text/html',
  'text/html; charset=utf-8',
  'text/html; charset=windows-1252',
  'text/html; charset=shift_jis',
  'text/html; charset=utf-16le',
  'text/html; charset=x-unknown',
  'application/octet-stream',
];
const JUNK = [
  '\u0000',
  '<',
  '</div>',
  '<![CDATA[',
  '<!--',
  '<script>',
  '<svg><foreignObject><p>',
  '&#xD800;',
  '&amp',
  '\uFFFE',
  '<table><tr><td>',
  '<p id="x" x="',
];

const hostilePage = fc.record({
  cutAt: fc.option(fc.nat(), { freq: 2 }),
  depth: fc.oneof(fc.constant(0), fc.nat({ max: 200 }), fc.constantFrom(5_000, 50_000)),
  junk: fc.array(fc.tuple(fc.nat(), fc.constantFrom(...JUNK)), { maxLength: 6 }),
  contentType: fc.constantFrom(...CHARSETS),
  latin1: fc.boolean(),
});

describe('hostile crawled pages', () => {
  it('decode and extract without throwing, keeping no markup in the text', () => {
    fc.assert(
      fc.property(hostilePage, ({ cutAt, depth, junk, contentType, latin1 }) => {
        let html = PAGE;
        for (const [at, piece] of junk) {
          const i = at % html.length;
          html = html.slice(0, i) + piece + html.slice(i);
        }
        if (depth) html = html.replace('<article>', `${'<div>'.repeat(depth)}<article>`);
        let bytes: Uint8Array = Buffer.from(html, latin1 ? 'latin1' : 'utf8');
        if (cutAt !== null) bytes = bytes.subarray(0, cutAt % (bytes.length + 1));
        const decoded = decodeText(bytes, contentType);
        expect(typeof decoded.text).toBe('string');
        const article = extractArticle(decoded.text, { url: 'https://ledger.example/harbor-reopens' });
        expect(typeof article.text).toBe('string');
        expect(article.text.length).toBeLessThanOrEqual(decoded.text.length);
        expect(article.text).not.toMatch(/<script|window\.tracker|<\/?p>/);
        expect(article.wordCount).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 300, seed: 4_406 },
    );
  });

  it('still finds the article in a page that only declares the wrong charset', () => {
    const article = extractArticle(decodeText(Buffer.from(PAGE, 'utf8'), 'text/html; charset=windows-1252').text);
    expect(article.text).toContain('the harbor of Port Linden reopened on Monday');
  });
});
