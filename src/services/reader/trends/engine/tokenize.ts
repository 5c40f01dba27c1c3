// Headline text → stemmed content terms. Deliberately light: headlines are short, and a stemmer
// that conflates too much ("news" with "new") costs more than the plural it saves.

const STOP_WORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being below
  between both but by can could did do does doing down during each few for from further had has have having
  he her here hers herself him himself his how i if in into is it its itself just me more most my myself no
  nor not now of off on once only or other our ours ourselves out over own same she should so some such than
  that the their theirs them themselves then there these they this those through to too under until up upon
  very was we were what when where which while who whom why will with would you your yours yourself
  yourselves may might must shall cannot can't won't don't isn't aren't wasn't weren't hasn't haven't
  didn't doesn't let's it's that's what's who's here's there's via vs amid among onto per
  say says said saying get gets got one two first new will s t u`
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((w) => [w, w.replace(/'/g, '')]),
);

// Words whose final "s" is not a plural, or which a suffix rule would mangle into another word.
const KEEP_AS_IS = new Set([
  'news',
  'us',
  'bus',
  'gas',
  'yes',
  'this',
  'its',
  'has',
  'was',
  'is',
  'his',
  'series',
  'species',
  'physics',
  'economics',
  'politics',
  'lens',
  'texas',
  'paris',
  'mars',
  'james',
  'chris',
  'isis',
  'ebola',
  'sars',
  'aids',
  'virus',
  'status',
  'bonus',
  'focus',
  'census',
  'campus',
  'crisis',
  'thesis',
  'analysis',
  'diagnosis',
  'during',
  'thing',
  'king',
  'ring',
  'sing',
  'bring',
  'spring',
  'string',
  'wing',
  'sibling',
  'ceiling',
  'morning',
  'evening',
  'nothing',
  'something',
  'anything',
  'everything',
  'beijing',
  'boeing',
  'viking',
  'red',
  'bed',
  'shed',
  'fed',
  'led',
  'wed',
  'bled',
  'fled',
  'hundred',
  'united',
  'limited',
]);

/** Stems one lower-case word: plural, -ing and -ed endings, then a final "e", so that
 * "acquire", "acquires" and "acquired" share "acquir". Numbers pass unchanged. */
export function stem(word: string): string {
  if (word.length <= 3 || KEEP_AS_IS.has(word) || /\d/.test(word)) return word;
  let w = word;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('ing') && w.length > 5) w = undoubleEnd(w.slice(0, -3));
  // "-eed" is rarely a past tense (bleed, speed, proceed).
  else if (w.endsWith('ed') && !w.endsWith('eed') && w.length > 4) w = undoubleEnd(w.slice(0, -2));
  if (w.endsWith('e') && w.length > 3) w = w.slice(0, -1);
  return w;
}

function undoubleEnd(w: string): string {
  // "running" → "runn" → "run"; leave "ll", "ss" and "zz" alone ("selling" → "sell").
  return /([bdfgmnprt])\1$/.test(w) ? w.slice(0, -1) : w;
}

/** Lower-case words of a text, accents folded, dotted acronyms ("U.S.") joined, thousands separators dropped; apostrophes are termOf's. */
export function words(text: string): string[] {
  // The country, before lower-casing makes it the pronoun.
  const country = text.replace(/\bU\.S\.(?:A\.)?|\bUS\b/g, 'USA');
  // Accents are folded only where there is anything but ASCII: most news text has none.
  const plain = /[^\x00-\x7f]|`/.test(country)
    ? country
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    : country;
  const folded = plain
    .toLowerCase()
    .replace(/\b((?:[a-z]\.){2,})/g, (acronym) => acronym.replace(/\./g, ''))
    .replace(/(\d),(\d{3})\b/g, '$1$2');
  const found: string[] = [];
  // match, not matchAll: the tokens alone, without an array of each match's details.
  for (const token of folded.match(/[a-z0-9]+(?:['.-][a-z0-9]+)*/g) ?? []) {
    if (token.includes('-')) {
      const parts = token.split('-');
      // "x-men", "e-cigarette": a one-letter part only means something joined.
      if (parts.some((p) => p.length === 1)) found.push(parts.join(''));
      else found.push(...parts);
    } else {
      found.push(token);
    }
  }
  return found;
}

/** A word's term, or null for a stop word or a lone letter; remembered, since news repeats its words. */
const termOfWord = new Map<string, string | null>();
const REMEMBERED_WORDS = 200_000;

/** The term of one of words()' words, or null for a stop word or a lone letter. */
export function termOf(word: string): string | null {
  let term = termOfWord.get(word);
  if (term === undefined) {
    const bare = /^[a-z]/.test(word) ? word.replace(/'s$/, '').replace(/'/g, '') : word;
    term = (bare.length < 2 && !/\d/.test(bare)) || STOP_WORDS.has(bare) ? null : stem(bare);
    if (termOfWord.size >= REMEMBERED_WORDS) termOfWord.clear();
    termOfWord.set(word, term);
  }
  return term;
}

/** Content terms of a text: stop words and one-letter words removed, the rest stemmed. */
export function terms(text: string): string[] {
  const kept: string[] = [];
  for (const word of words(text)) {
    const term = termOf(word);
    if (term !== null) kept.push(term);
  }
  return kept;
}
