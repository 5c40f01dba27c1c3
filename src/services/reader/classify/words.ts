// Turns a title or body into the words and terms the topic rule and model count. Everything is
// lower-cased and digit runs become "0", so the case and the years of a source (2014 aggregator
// headlines, capitalised 1987 newswire) cannot stand in for the topic.
const APOSTROPHES = /['\u2018\u2019\u02bc`]/g;
// One lower-cased source split contractions ("is n't", "trump 's").
const SPLIT_CONTRACTION = /(\w) +(?=n't\b|'s\b|'re\b|'ll\b|'ve\b|'d\b|'m\b)/g;
const POSSESSIVE = /'s\b/g;
const WORD = /[a-z0-9]+/g;
const HAS_DIGIT = /[0-9]/;
const DIGITS = /[0-9]+/g;
const COMBINING_MARKS = /[\u0300-\u036f]/g;
const NON_ASCII = /[^\u0000-\u007f]/;

/** Lower-cased words of a text: letters and digits, apostrophes dropped, digit runs as "0". */
export function topicWords(text: string): string[] {
  let lower = text.toLowerCase();
  if (NON_ASCII.test(lower)) lower = lower.normalize('NFKD').replace(COMBINING_MARKS, '');
  lower = lower.replace(APOSTROPHES, "'").replace(SPLIT_CONTRACTION, '$1').replace(POSSESSIVE, '').replace(/'/g, '');
  const words = lower.match(WORD) ?? [];
  for (let i = 0; i < words.length; i++) {
    if (HAS_DIGIT.test(words[i]!)) words[i] = words[i]!.replace(DIGITS, '0');
  }
  return words;
}

/** A title as text, or as its words already split (the classifier's signals each read them: split once). */
export type TitleText = string | readonly string[];

export const titleWords = (title: TitleText): readonly string[] => (typeof title === 'string' ? topicWords(title) : title);

/**
 * The word without its plural ending ("planets" → "planet", "batteries" → "battery"), after
 * Harman's S-stemmer: a headline set this small cannot afford to learn each form separately.
 */
export function wordStem(word: string): string {
  if (word.length <= 3 || word.charCodeAt(word.length - 1) !== 115 /* s */) return word;
  if (word.endsWith('ies') && !word.endsWith('eies') && !word.endsWith('aies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('es') && !word.endsWith('aes') && !word.endsWith('ees') && !word.endsWith('oes')) return word.slice(0, -1);
  if (word.endsWith('us') || word.endsWith('ss')) return word;
  return word.slice(0, -1);
}

// Function words say little about a topic and, in pairs, crowd out the content words.
export const FUNCTION_WORDS: ReadonlySet<string> = new Set(
  (
    'a an the of to in on for and or but is are was were be been being with at by from as it its this that these ' +
    'those you your i we our they their he she his her them my me do does did not no so if than then there here ' +
    'what which who whom how why when where will would can could should may might just about into over after ' +
    'before more most has have had am'
  ).split(' '),
);

/** The words the model counts: stems of the words that are not function words. */
export function modelWords(text: TitleText): string[] {
  const words: string[] = [];
  for (const word of titleWords(text)) if (!FUNCTION_WORDS.has(word)) words.push(wordStem(word));
  return words;
}

/** Single words and adjacent word pairs ("natural gas"), the features of the topic model. */
export function topicTerms(words: readonly string[]): string[] {
  const terms: string[] = words.slice();
  for (let i = 1; i < words.length; i++) terms.push(`${words[i - 1]} ${words[i]}`);
  return terms;
}
