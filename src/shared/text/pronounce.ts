// How sung words sound: syllable counts and end rhymes from the CMU pronouncing dictionary (134,000
// English words in ARPAbet; cmu-pronouncing-dictionary, ISC), with a spelling rule for words it
// lacks (names, new coinages). Loaded on first use: only the lyrics writer and the offline melody
// (a note per syllable) need it, and the table is a few megabytes.

type Dictionary = Readonly<Record<string, string>>;

let dictionary: Dictionary | undefined;

/** Loads the dictionary once: the song's writers await this before they count. */
export async function loadPronunciations(): Promise<void> {
  dictionary ??= (await import('cmu-pronouncing-dictionary')).dictionary;
}

const VOWEL_PHONEME = /^[A-Z]+[0-2]$/;

function phonemesOf(word: string): string[] | null {
  if (!dictionary) throw new Error('loadPronunciations() first');
  // Own entries only: a lyric's "__proto__" or "toString" is a word, not the object's property.
  const key = word.toLowerCase();
  return Object.hasOwn(dictionary, key) ? dictionary[key]!.split(' ') : null;
}

/** Vowel groups of the spelling, a final silent e left out: "gazette" 2, "Linden" 2. */
function spelledSyllables(word: string): number {
  const lower = word.toLowerCase().replace(/[^a-z]/g, '');
  if (!lower) return /\d/.test(word) ? spokenNumberSyllables(word) : 0;
  const groups = lower.replace(/(?<=[^aeiouy].*)e$/, '').match(/[aeiouy]+/g)?.length ?? 0;
  return Math.max(1, groups);
}

/** A number as said: about one syllable per digit, "2025" said "twenty twenty-five" (5). */
function spokenNumberSyllables(token: string): number {
  const digits = token.replace(/\D/g, '').length;
  return Math.max(1, Math.round(digits * 1.3));
}

export function wordSyllables(word: string): number {
  const phonemes = phonemesOf(word);
  return phonemes ? phonemes.filter((phoneme) => VOWEL_PHONEME.test(phoneme)).length : spelledSyllables(word);
}

const wordsOf = (line: string) => line.match(/[\p{L}\p{N}'’]+/gu)?.map((word) => word.replace(/’/g, "'")) ?? [];

export function lineSyllables(line: string): number {
  let total = 0;
  for (const word of wordsOf(line)) total += wordSyllables(word);
  return total;
}

/**
 * What a word rhymes on: its sounds from the last stressed vowel to the end ("today" → "EY",
 * "understand" → "AE N D"), stress marks dropped; from the spelling (its last vowel group and what
 * follows) when the dictionary lacks it.
 */
export function rhymeKey(word: string): string {
  const phonemes = phonemesOf(word);
  if (!phonemes) {
    const lower = word.toLowerCase().replace(/[^a-z]/g, '');
    return `~${/[aeiouy]+[^aeiouy]*$/.exec(lower)?.[0] ?? lower}`;
  }
  let at = -1;
  for (let i = phonemes.length - 1; i >= 0 && at < 0; i--) if (/[12]$/.test(phonemes[i]!)) at = i;
  if (at < 0) for (let i = phonemes.length - 1; i >= 0 && at < 0; i--) if (VOWEL_PHONEME.test(phonemes[i]!)) at = i;
  return phonemes
    .slice(Math.max(0, at))
    .map((phoneme) => phoneme.replace(/\d$/, ''))
    .join(' ');
}

export type Rhyme = 'rhyme' | 'near' | null;

/**
 * How two lines' last words rhyme: 'rhyme' (the same sounds from the last stressed vowel on:
 * "flour" / "power"), 'near' (the same stressed vowel, other sounds after it, a slant rhyme songs
 * use all the time: "night" / "time"), or not at all. The same word again is a repeat, not a rhyme.
 */
export function rhymeOf(a: string, b: string): Rhyme {
  const last = (line: string) => wordsOf(line).at(-1)?.toLowerCase() ?? '';
  const [x, y] = [last(a), last(b)];
  if (!x || !y || x === y) return null;
  const [kx, ky] = [rhymeKey(x), rhymeKey(y)];
  if (kx === ky) return 'rhyme';
  const vowel = (key: string) => (key.startsWith('~') ? null : key.split(' ')[0]);
  return vowel(kx) !== null && vowel(kx) === vowel(ky) ? 'near' : null;
}

export const linesRhyme = (a: string, b: string): boolean => rhymeOf(a, b) === 'rhyme';
