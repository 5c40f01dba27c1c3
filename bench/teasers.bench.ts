// Teasers (src/services/reader/extract/teaser.ts): how often a real page is called a teaser, on the
// extraction set's 296 pages (../shared/data/extraction) — each with its gold body, so a page whose
// gold body is long and is called a teaser is a false alarm — how many declare themselves closed yet
// serve their whole text (a metered wall), and how many walls are found when the same pages are cut
// to their first two paragraphs behind each kind of wall.
//
//   npm run bench -- teasers
import { extractArticle } from '../src/services/reader/extract/index.js';
import { countWords } from '../src/services/reader/extract/word-count.js';
import { loadExtractionSet } from './lib/extraction-set.js';

const pages = loadExtractionSet();
const started = performance.now();
const results = pages.map((page) => {
  const article = extractArticle(page.html, { url: page.url ?? undefined });
  return { id: page.id, teaser: article.teaser, words: article.wordCount, goldWords: countWords(page.body) };
});
const perPage = (performance.now() - started) / pages.length;
const flagged = results.filter((r) => r.teaser);
const longGold = flagged.filter((r) => r.goldWords >= 300);
console.log(`teasers: ${pages.length} real pages, extracted in ${perPage.toFixed(1)} ms a page (teaser reading included)`);
console.log(
  `  called teasers: ${flagged.length} (${[...new Set(flagged.map((r) => r.teaser))].map((reason) => `${reason} ${flagged.filter((r) => r.teaser === reason).length}`).join(', ') || 'none'})`,
);
console.log(`  of them with a gold body of 300 words or more (false alarms): ${longGold.length}`);
const declaredWhole = pages.filter((page) => /"isAccessibleForFree"\s*:\s*"?false/i.test(page.html)).length;
console.log(
  `  pages declaring isAccessibleForFree false: ${declaredWhole}; called teasers among them: ${flagged.filter((r) => r.teaser === 'declared').length}`,
);
for (const r of flagged) console.log(`    ${r.id}: ${r.teaser}, ${r.words} words extracted, gold ${r.goldWords}`);

// The same articles behind walls: the first two gold paragraphs shown, the rest closed.
const walls: Record<string, (shown: string, closed: string) => string> = {
  'JSON-LD isAccessibleForFree: false': (shown) =>
    `<script type="application/ld+json">${JSON.stringify({ '@type': 'NewsArticle', isAccessibleForFree: false, hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: '.closed' } })}</script></head><body><article>${shown}<div class="closed"></div></article>`,
  'paywall markup': (shown) => `</head><body><article>${shown}</article><div class="piano-offer paywall">Become a member</div>`,
  'subscribe prompt': (shown) => `</head><body><article>${shown}<p>To continue reading, subscribe or log in.</p></article>`,
  'declared word count': (shown, closed) =>
    `<script type="application/ld+json">${JSON.stringify({ '@type': 'NewsArticle', wordCount: countWords(shown) + countWords(closed) })}</script></head><body><article>${shown}</article>`,
};
const longPages = pages.filter((page) => countWords(page.body) >= 300 && page.body.split(/\n\s*\n/).length >= 5);
console.log(`\nwalls put in front of ${longPages.length} long articles (first two paragraphs shown):`);
for (const [name, wall] of Object.entries(walls)) {
  let found = 0;
  let leaked = 0;
  for (const page of longPages) {
    const blocks = page.body.split(/\n\s*\n/).map((p) => `<p>${p.replace(/[<&]/g, (c) => (c === '<' ? '&lt;' : '&amp;'))}</p>`);
    const html = `<!DOCTYPE html><html><head><title>${page.title ?? 'Article'}</title>${wall(blocks.slice(0, 2).join(''), blocks.slice(2).join(''))}</body></html>`;
    const article = extractArticle(html);
    if (article.teaser) found++;
    if (
      article.wordCount >
      countWords(
        page.body
          .split(/\n\s*\n/)
          .slice(0, 2)
          .join(' '),
      ) *
        1.2
    )
      leaked++;
  }
  console.log(`  ${name.padEnd(40)} found ${found}/${longPages.length}; text beyond the shown part kept on ${leaked}`);
}
