// Article extraction on the labelled development set (shared/data/extraction): text quality by the
// README's word-4-gram score, metadata accuracy, and speed. Baselines measured in the same run:
// Readability on linkedom (`textContent`, as in the README) for quality, Readability on jsdom (the
// issue's baseline) for speed.
import { Readability } from '@mozilla/readability';
import { JSDOM, VirtualConsole } from 'jsdom';
import { parseHTML } from 'linkedom';
import { extractArticle } from '../src/services/reader/extract/index.js';
import { loadExtractionSet, type ExtractionPage } from './lib/extraction-set.js';
import { sameCalendarDay, sameLabel } from './lib/metadata-score.js';
import { scoreCorpus, scorePage, type PageScore } from './lib/shingle-score.js';

interface PageResult {
  text: string;
  title: string | null;
  author: string | null;
  publishedAt: string | null;
}

function ours(page: ExtractionPage): PageResult {
  return extractArticle(page.html, page.url ? { url: page.url } : {});
}

function metaContent(document: Document, selector: string): string | null {
  return document.querySelector(selector)?.getAttribute('content')?.trim() || null;
}

/** The README's baseline: Readability's textContent and title; author and date from it or the usual <meta> tags. */
function readabilityOnLinkedom(page: ExtractionPage): PageResult {
  try {
    const { document } = parseHTML(page.html);
    const doc = document as unknown as Document;
    const metaAuthor = metaContent(doc, 'meta[name="author"]') ?? metaContent(doc, 'meta[property="article:author"]');
    const metaDate =
      metaContent(doc, 'meta[property="article:published_time"]') ??
      metaContent(doc, 'meta[itemprop="datePublished"]') ??
      metaContent(doc, 'meta[name="date"]');
    const article = new Readability(doc).parse();
    return {
      text: (article?.textContent ?? '').trim(),
      title: article?.title ?? null,
      author: article?.byline ?? metaAuthor,
      publishedAt: article?.publishedTime ?? metaDate,
    };
  } catch {
    // One page makes Readability throw on linkedom; it scores as an empty prediction.
    return { text: '', title: null, author: null, publishedAt: null };
  }
}

function readabilityOnJsdom(page: ExtractionPage): void {
  try {
    const dom = new JSDOM(page.html, { url: page.url ?? undefined, virtualConsole: new VirtualConsole() });
    new Readability(dom.window.document).parse();
    dom.window.close();
  } catch {
    // Errors count as work done; only the time matters here.
  }
}

interface Summary {
  text: PageScore[];
  title: number;
  titleNormalised: number;
  author: number;
  date: number;
}

function summarise(pages: readonly ExtractionPage[], results: readonly PageResult[]): Summary {
  const summary: Summary = { text: [], title: 0, titleNormalised: 0, author: 0, date: 0 };
  pages.forEach((page, i) => {
    const result = results[i]!;
    summary.text.push(scorePage(result.text, page.body));
    if (page.title && result.title === page.title) summary.title++;
    if (page.title && sameLabel(result.title, page.title)) summary.titleNormalised++;
    if (page.author && sameLabel(result.author, page.author)) summary.author++;
    if (page.publishedAt && sameCalendarDay(result.publishedAt, page.publishedAt)) summary.date++;
  });
  return summary;
}

/**
 * Pages per second of each runner over the same pages. The runners take turns page by page, so a
 * neighbour's load on the shared machine slows all of them alike and the ratio stays fair.
 */
function pagesPerSecond(pages: readonly ExtractionPage[], runners: readonly ((page: ExtractionPage) => unknown)[]): number[] {
  for (const page of pages.slice(0, 10)) for (const run of runners) run(page);
  const spent = runners.map(() => 0);
  for (const page of pages) {
    runners.forEach((run, i) => {
      const started = performance.now();
      run(page);
      spent[i]! += performance.now() - started;
    });
  }
  return spent.map((ms) => (pages.length / ms) * 1000);
}

const pct = (value: number) => value.toFixed(3);
const share = (count: number, total: number) => `${count}/${total} (${total ? (count / total).toFixed(3) : '-'})`;

const pages = loadExtractionSet();
if (pages.length === 0) {
  console.log('extraction data set not found (set NEWSCTL_DATASETS)');
  process.exit(1);
}
const oursResults = pages.map(ours);
const baselineResults = pages.map(readabilityOnLinkedom);

console.log(`Article extraction: ${pages.length} pages (word 4-gram F1 / precision / recall / exact token match)`);
console.log('set      pages  extractor                  F1     P      R      exact');
for (const source of ['all', 'fundus', 'wcxb'] as const) {
  const chosen = pages.map((page, i) => ({ page, i })).filter(({ page }) => source === 'all' || page.source === source);
  const set = chosen.map(({ page }) => page);
  for (const [label, results] of [
    ['ours', oursResults],
    ['Readability/linkedom', baselineResults],
  ] as const) {
    const corpus = scoreCorpus(
      summarise(
        set,
        chosen.map(({ i }) => results[i]!),
      ).text,
    );
    console.log(
      `${source.padEnd(8)} ${String(set.length).padStart(5)}  ${label.padEnd(24)} ${pct(corpus.f1)}  ${pct(corpus.precision)}  ${pct(corpus.recall)}  ${pct(corpus.exactMatch)}`,
    );
  }
}

console.log('\nMetadata accuracy (title exact and normalised, author normalised, publishedAt on the gold calendar day)');
console.log('set      extractor                  title              title (norm.)      author             date');
for (const source of ['all', 'fundus', 'wcxb'] as const) {
  const chosen = pages.map((page, i) => ({ page, i })).filter(({ page }) => source === 'all' || page.source === source);
  const set = chosen.map(({ page }) => page);
  const withTitle = set.filter((page) => page.title).length;
  const withAuthor = set.filter((page) => page.author).length;
  const withDate = set.filter((page) => page.publishedAt).length;
  for (const [label, results] of [
    ['ours', oursResults],
    ['Readability/linkedom', baselineResults],
  ] as const) {
    const summary = summarise(
      set,
      chosen.map(({ i }) => results[i]!),
    );
    console.log(
      `${source.padEnd(8)} ${label.padEnd(24)}   ${share(summary.title, withTitle).padEnd(18)} ${share(summary.titleNormalised, withTitle).padEnd(18)} ${share(summary.author, withAuthor).padEnd(18)} ${share(summary.date, withDate)}`,
    );
  }
}

const [oursSpeed, jsdomSpeed, linkedomSpeed] = pagesPerSecond(pages, [ours, readabilityOnJsdom, readabilityOnLinkedom]) as [number, number, number];
console.log(`\nSpeed over the same ${pages.length} pages, one core (runs interleaved page by page)`);
console.log(`ours (linkedom + Readability + metadata): ${oursSpeed.toFixed(1)} pages/s (${(oursSpeed * 60).toFixed(0)} pages/min)`);
console.log(`baseline Readability on jsdom:             ${jsdomSpeed.toFixed(1)} pages/s (${(jsdomSpeed * 60).toFixed(0)} pages/min)`);
console.log(`ratio ours / baseline:                     ${(oursSpeed / jsdomSpeed).toFixed(2)}x`);
console.log(`for reference, Readability on linkedom:    ${linkedomSpeed.toFixed(1)} pages/s`);
