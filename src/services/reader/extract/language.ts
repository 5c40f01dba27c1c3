// An article's language: what its text reads as (tinyld, whose model ships in the package; chosen
// over franc-min on the extraction set's real pages, bench/languages.bench.ts), the page's own
// declaration (<html lang>, og:locale) only when the text is too short to tell. The text wins: on that
// set every page the detector did not read as English although it declared `en` was in Swahili,
// Zulu or Xhosa under an English template.
import { detect } from 'tinyld';

/** The text read for the guess: the headline and the body's beginning (enough, and bounded). */
const SAMPLE_CHARS = 2_000;
/** Below this, a guess from the text is a coin toss: the page's declaration decides. */
const MIN_SAMPLE_CHARS = 200;

/** ISO 639-1 code of the text's language, or null when there is too little to tell. */
export function detectLanguage(title: string | null, text: string): string | null {
  const sample = `${title ?? ''}\n${text.slice(0, SAMPLE_CHARS)}`.trim();
  if (sample.length < MIN_SAMPLE_CHARS) return null;
  return detect(sample) || null;
}

/** `en-US`, `en_GB`, `EN` → `en`; null for anything else. */
export function languageCode(tag: string | null | undefined): string | null {
  const code = /^([a-z]{2})(?:[-_]|$)/i.exec(tag?.trim() ?? '')?.[1];
  return code ? code.toLowerCase() : null;
}

/** The article's language (the text's, else the page's declaration) and whether the crawler keeps it: one of `chosen`, or unknown. */
export function languageVerdict(detected: string | null, declaredTag: string | null, chosen: readonly string[]): { language: string | null; keep: boolean } {
  const language = detected ?? languageCode(declaredTag);
  return { language, keep: language === null || chosen.includes(language) };
}
