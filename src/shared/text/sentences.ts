// The one sentence splitter: crawled text, summaries, stories' leads, the writers' sources, audio
// scripts and social posts all cut sentences here, without breaking at abbreviations ("The U.S.
// Commerce Department", "on Jan. 15"), initials, decimals or inside a quotation. Plain text in,
// no dependency: the server, the web app and the terminal may all use it.

const ABBREVIATIONS = new Set(
  `mr mrs ms dr prof sen rep gov gen lt col maj capt sgt st jr sr inc corp co ltd llc no vs etc e.g i.e al fig approx
  dept est jan feb mar apr jun jul aug sep sept oct nov dec mon tue wed thu fri sat sun u.s u.k u.n a.m p.m ph.d rev mt ft
  ave blvd`
    .split(/\s+/)
    .filter(Boolean),
);

const OPEN_QUOTES = /["“”]/g;

function endsWithAbbreviation(text: string): boolean {
  const match = /(?:^|[\s(“"'])([A-Za-z][A-Za-z.]*)\.$/.exec(text);
  if (!match) return false;
  const word = match[1]!.toLowerCase();
  // A lone capital is an initial ("J. Smith"); dotted letters are an acronym ("U.S.").
  return ABBREVIATIONS.has(word) || /^[a-z]$/.test(word) || /^([a-z]\.)+[a-z]$/.test(word);
}

/** Abbreviations a sentence may end on: "at 6 a.m.", "Halden Corp.", "and so on, etc.". */
const MAY_END = /(?:^|[\s(])(?:a\.m|p\.m|etc|inc|corp|co|ltd|llc|jr|sr)\.$/i;
/** What follows a time without ending its sentence: "6 a.m. Tuesday", "9 p.m. Eastern", "6 a.m. EST", "3 a.m. Moscow time". */
const AFTER_A_TIME =
  /^(?:(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|Eastern|Pacific|Central|Mountain|Atlantic|[A-Z]{2,4}T|GMT|UTC|\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)?\s+time)\b/u;

/**
 * Whether a sentence ends on its abbreviation: before a quotation opening ("at 6 a.m. “Important
 * information…”"), or a time before a sentence's first word ("at 6 a.m. The company said…").
 */
function endsHere(candidate: string, next: string): boolean {
  if (!MAY_END.test(candidate)) return false;
  if (/^["“]\p{Lu}/u.test(next)) return true;
  return /[ap]\.m\.$/i.test(candidate) && /^\p{Lu}\p{Ll}/u.test(next) && !AFTER_A_TIME.test(next);
}

export function quoteCount(text: string): number {
  return (text.match(OPEN_QUOTES) ?? []).length;
}

/** Quotes someone: a quoted span of five words or more (a scare-quoted “bad idea” is not a quotation). */
export function quotesSpeech(text: string): boolean {
  for (const match of text.matchAll(/["“]([^"“”]+)["”]/g)) if (wordCount(match[1]!) >= 5) return true;
  return false;
}

/** Splits one paragraph into sentences. */
function splitParagraph(paragraph: string): string[] {
  const text = paragraph.replace(/\s+/g, ' ').trim();
  if (!text) return [];
  const pieces: string[] = [];
  // A boundary: terminal punctuation, optional closing quotes/brackets, space, then a capital, digit or opening quote.
  const boundary = /[.!?…]+["'”’)\]]*\s+(?=["'“‘([]?[A-Z0-9])/g;
  let start = 0;
  for (let match = boundary.exec(text); match; match = boundary.exec(text)) {
    const end = match.index + match[0].trimEnd().length;
    const candidate = text.slice(start, end);
    if (/\.$/.test(candidate) && endsWithAbbreviation(candidate) && !endsHere(candidate, text.slice(match.index + match[0].length))) continue;
    pieces.push(candidate.trim());
    start = match.index + match[0].length;
  }
  if (start < text.length) pieces.push(text.slice(start).trim());
  // A quotation of several sentences stays one unit: join pieces until the quotes balance.
  const sentences: string[] = [];
  let pending = '';
  for (const piece of pieces) {
    pending = pending ? `${pending} ${piece}` : piece;
    if (quoteCount(pending) % 2 === 0 || pending.length > 900) {
      sentences.push(pending);
      pending = '';
    }
  }
  if (pending) sentences.push(pending);
  return sentences;
}

/** Sentences in reading order; blank lines and line breaks separate paragraphs. */
export function splitSentences(text: string): string[] {
  return text.split(/\n\s*\n|\r?\n/).flatMap(splitParagraph);
}

export function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}
