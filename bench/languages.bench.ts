// Language identification for the crawler (issue 42, item 2): which package names a crawled
// article's language best and fastest, on the extraction set's real pages labelled by their own
// <html lang> (../shared/data/extraction, NEWSCTL_DATASETS; the 4 undeclared pages left out), each
// given what the crawler has — the title and the extracted text's first 2,000 characters. Baseline in
// the same run: every page taken as English (the crawler before languages). Candidates ship their models inside: tinyld (ISO 639-1 codes) and franc-min
// (ISO 639-3, the 82 languages of 8 M speakers or more).
//
//   npm run bench -- languages
import { francAll } from 'franc-min';
import { detect } from 'tinyld';
import { extractArticle } from '../src/services/reader/extract/index.js';
import { detectLanguage, languageVerdict } from '../src/services/reader/extract/language.js';
import { loadExtractionSet } from './lib/extraction-set.js';

/** franc-min's codes of the languages in the set, as ISO 639-1. */
const FRANC_TO_ISO1: Record<string, string> = {
  eng: 'en',
  deu: 'de',
  spa: 'es',
  fra: 'fr',
  ita: 'it',
  tur: 'tr',
  dan: 'da',
  jpn: 'ja',
  kor: 'ko',
  nob: 'no',
  nno: 'no',
  rus: 'ru',
  swe: 'sv',
  arb: 'ar',
  ces: 'cs',
  hin: 'hi',
  ind: 'id',
  lit: 'lt',
  nld: 'nl',
  pol: 'pl',
  vie: 'vi',
  por: 'pt',
  ukr: 'uk',
};

const declared = (html: string) => /<html[^>]*\blang=["']?([A-Za-z]{2,3})/i.exec(html)?.[1]?.toLowerCase() ?? null;
const norm = (code: string | null) => (code === 'nb' || code === 'nn' ? 'no' : code);

const pages = loadExtractionSet().flatMap((page) => {
  const lang = norm(declared(page.html));
  if (!lang) return [];
  const article = extractArticle(page.html, { url: page.url ?? undefined });
  return [{ lang, text: `${article.title ?? ''}\n${article.text.slice(0, 2000)}`, title: article.title, body: article.text }];
});
const english = pages.filter((p) => p.lang === 'en').length;
console.log(
  `${pages.length} pages with a declared language (${english} English, ${pages.length - english} in ${new Set(pages.map((p) => p.lang)).size - 1} others)`,
);

function score(name: string, guess: (text: string) => string | null): void {
  const started = performance.now();
  let right = 0;
  let englishRight = 0;
  let otherRight = 0;
  const wrong: string[] = [];
  for (const page of pages) {
    const got = norm(guess(page.text));
    if (got === page.lang) {
      right++;
      if (page.lang === 'en') englishRight++;
      else otherRight++;
    } else if (wrong.length < 4) wrong.push(`${page.lang}→${got}`);
  }
  const ms = (performance.now() - started) / pages.length;
  console.log(
    `  ${name.padEnd(34)} ${right}/${pages.length} (${((100 * right) / pages.length).toFixed(1)} %); English ${englishRight}/${english}, others ${otherRight}/${pages.length - english}; ${ms.toFixed(2)} ms a page${wrong.length ? `; e.g. ${wrong.join(', ')}` : ''}`,
  );
}

score('tinyld (normal model)', (text) => detect(text) || null);
score('franc-min', (text) => {
  const [best] = francAll(text, { minLength: 10 });
  return best && best[0] !== 'und' ? (FRANC_TO_ISO1[best[0]] ?? best[0]) : null;
});
// What the crawler did before: every page taken as English.
score('baseline: everything English', () => 'en');
console.log(
  '  (the labels are the pages\' own <html lang>: the 6 English "misses" of both detectors are pages in Swahili, Zulu and Xhosa under a template declaring en)',
);

// The crawler's own rule with the default setting (English kept), from the text alone (no page
// declaration): English pages it would drop, and the others it keeps.
{
  let englishKept = 0;
  let othersSkipped = 0;
  let tooShort = 0;
  for (const page of pages) {
    const guesses = detectLanguage(page.title, page.body);
    if (!guesses) tooShort++;
    const { keep } = languageVerdict(guesses, null, ['en']);
    if (page.lang === 'en' && keep) englishKept++;
    if (page.lang !== 'en' && !keep) othersSkipped++;
  }
  console.log(
    `  the crawler's rule (languages: en), text only: English kept ${englishKept}/${english}, others skipped ${othersSkipped}/${pages.length - english} (${tooShort} texts too short to tell, kept)`,
  );
}
