// An initialism and the words it stands for, as one story's sources write them ("JPL" / "the Jet
// Propulsion Laboratory", "AI" / "artificial intelligence"): two sentences that name one thing each
// way name the same thing, for the writer's comparisons of what sentences say. Printed text is
// never changed.

const INITIALISM = /\b\p{Lu}{2,5}\b/gu;
/** Small words a name's initialism skips ("Food and Drug Administration", FDA). */
const JOINERS = new Set(['of', 'and', 'for', 'the', 'on', '&']);
/** Words too common to be spelled out by an initialism in lower case ("as in", "added its"). */
const SHORT_WORD = 4;

interface Word {
  text: string;
  capital: boolean;
}

function wordsOf(text: string): Word[] {
  return [...text.matchAll(/[\p{L}&][\p{L}'’-]*/gu)].map((match) => ({ text: match[0], capital: /^\p{Lu}/u.test(match[0]) }));
}

/**
 * The words `initialism` stands for, starting at `words[start]`, or null: each of its letters the
 * first letter of a word in turn, small words skipped between them. Capitalised words (a name), or
 * lower-case words of some length for a two- or three-letter initialism ("artificial intelligence").
 */
function spelledFrom(words: readonly Word[], start: number, initialism: string): string | null {
  const first = words[start]!;
  if (JOINERS.has(first.text.toLowerCase())) return null;
  const lower = !first.capital;
  if (lower && initialism.length > 3) return null;
  let letter = 0;
  let end = start;
  for (; end < words.length && letter < initialism.length; end++) {
    const word = words[end]!;
    // A name in lower case skips only a list's "and" ("measles, mumps and rubella"): "under the
    // skin" is no US.
    if (letter > 0 && (lower ? word.text === 'and' : JOINERS.has(word.text.toLowerCase()))) continue;
    if (word.text.length < 2 || word.text[0]!.toUpperCase() !== initialism[letter]) return null;
    if (lower ? word.capital || word.text.length < SHORT_WORD : !word.capital) return null;
    letter++;
  }
  if (letter < initialism.length || end - start < 2) return null;
  return words
    .slice(start, end)
    .map((word) => word.text)
    .join(' ');
}

/** Each initialism the texts use whose words one of them spells out: initialism → those words. */
export function spelledOutInitialisms(texts: readonly string[]): Map<string, string> {
  const initialisms = new Set(texts.flatMap((text) => [...text.matchAll(INITIALISM)].map((match) => match[0])));
  const found = new Map<string, string>();
  if (initialisms.size === 0) return found;
  for (const text of texts) {
    const words = wordsOf(text);
    for (let start = 0; start < words.length; start++) {
      for (const initialism of initialisms) {
        if (found.has(initialism) || words[start]!.text[0]!.toUpperCase() !== initialism[0]) continue;
        const spelled = spelledFrom(words, start, initialism);
        if (spelled) found.set(initialism, spelled);
      }
    }
  }
  return found;
}

/**
 * `text` naming each such thing both ways, for comparing it with other sentences: an initialism
 * followed by its words, and its words by the initialism.
 */
export function withBothNames(text: string, spelled: ReadonlyMap<string, string>): string {
  let out = text;
  for (const [initialism, words] of spelled) {
    if (out.toLowerCase().includes(words.toLowerCase())) out = `${out} (${initialism})`;
    else if (new RegExp(`\\b${initialism}\\b`, 'u').test(out)) out = `${out} (${words})`;
  }
  return out;
}
