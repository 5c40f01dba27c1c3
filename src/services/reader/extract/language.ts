// An article's language: what its text reads as (tinyld, whose model ships in the package; chosen
// over franc-min on the extraction set's real pages, bench/languages.bench.ts), the page's own
// declaration (<html lang>, og:locale) only when the text is too short to tell. The text wins: on that
// set every page the detector did not read as English although it declared `en` was in Swahili,
// Zulu or Xhosa under an English template.
import { onFirstUse } from '../../../load-on-use.js';

// Loaded on first use: its model takes 0.4 s to load, and most processes (a CLI command, a daemon
// that serves readers) never detect a language.
const detector = onFirstUse<typeof import('tinyld')>('tinyld');
const detectAll = (text: string) => detector().detectAll(text);

/** The text read for the guess: the headline and the body's beginning (enough, and bounded). */
const SAMPLE_CHARS = 2_000;
/**
 * Below this, a guess from the text is unreliable (a short English story full of German names reads
 * as German): the page's declaration decides.
 */
const MIN_SAMPLE_CHARS = 600;

export interface LanguageGuess {
  language: string;
  /** The detector's share for it, 0–1. */
  share: number;
}

/** The languages the text may be in, likeliest first; null when there is too little to tell. */
export function detectLanguage(title: string | null, text: string): LanguageGuess[] | null {
  const sample = `${title ?? ''}\n${text.slice(0, SAMPLE_CHARS)}`.trim();
  if (sample.length < MIN_SAMPLE_CHARS) return null;
  const guesses = detectAll(sample).map((guess) => ({ language: guess.lang, share: guess.accuracy }));
  return guesses.length ? guesses : null;
}

/** `en-US`, `en_GB`, `EN` → `en`; null for anything else. */
export function languageCode(tag: string | null | undefined): string | null {
  const code = /^([a-z]{2})(?:[-_]|$)/i.exec(tag?.trim() ?? '')?.[1];
  return code ? code.toLowerCase() : null;
}

/**
 * The article's language and whether the crawler keeps it. The text decides when there is enough
 * of it; a chosen language the detector finds at least half as likely as its first guess keeps the
 * page (dropping an article in a chosen language costs more than keeping one in doubt). Too little
 * text: the page's declaration decides; nothing known: kept.
 */
export function languageVerdict(
  guesses: readonly LanguageGuess[] | null,
  declaredTag: string | null,
  chosen: readonly string[],
): { language: string | null; keep: boolean } {
  if (!guesses?.length) {
    const declared = languageCode(declaredTag);
    return { language: declared, keep: declared === null || chosen.includes(declared) };
  }
  const [first] = guesses as [LanguageGuess];
  const kept = guesses.find((guess) => chosen.includes(guess.language) && guess.share >= first.share / 2);
  return kept ? { language: kept.language, keep: true } : { language: first.language, keep: false };
}
