import { splitSentences } from '../../../shared/text/sentences.js';
import { spokenFigures } from './spoken-figures.js';
import { escapeRegExp } from '../../../shared/text/regexp.js';

// Scripts as the console edits them: lines "Speaker: text", with [pause], [pause short] and
// [pause long] as the only tags. cleanScript applies the clean-up rules exactly; parseScript turns a
// clean script into what the assembler speaks.

export type PauseLength = 'short' | 'normal' | 'long';

export interface Replacement {
  find: string;
  replace: string;
}

export type ScriptPart = { kind: 'text'; text: string } | { kind: 'pause'; length: PauseLength };

export interface ScriptLine {
  speaker: string;
  parts: ScriptPart[];
}

export const PAUSE_SECONDS: Record<PauseLength, number> = { short: 0.35, normal: 0.75, long: 1.5 };

/** A speaker label: a name of up to 40 characters (letters, digits, spaces, . ' -) then a colon. */
const LABEL = /^([\p{L}][\p{L}\p{N} .'’-]{0,39}?)\s*:\s*/u;
const KEPT_TAG = /\[pause(?: short| long)?\]/gi;

/**
 * A name before a colon is a speaker label when it is a known speaker, or reads like a name: at
 * most four words, each capitalised ("Dr. Morgan", "Host"), so "The 2024 plan: …" stays text.
 */
function labelOf(line: string, speakers: readonly string[]): { speaker: string; rest: string } | null {
  const match = LABEL.exec(line);
  if (!match) return null;
  const name = match[1]!.trim();
  const known = speakers.find((speaker) => speaker.toLowerCase() === name.toLowerCase());
  if (known) return { speaker: known, rest: line.slice(match[0].length) };
  const words = name.split(/\s+/);
  if (words.length > 4 || !words.every((word) => /^\p{Lu}/u.test(word)) || /^(https?|Note|Source|Sources|Title)$/i.test(name)) return null;
  return { speaker: name, rest: line.slice(match[0].length) };
}

/** The replacement table applied to a text, each row case-insensitively, in table order. */
export function applyReplacements(text: string, replacements: readonly Replacement[]): string {
  let result = text;
  for (const { find, replace } of replacements) {
    if (!find.trim()) continue;
    // A function replacement: "$&" or "$1" in the table's text is literal, not a pattern.
    result = result.replace(new RegExp(escapeRegExp(find), 'gi'), () => replace);
  }
  return result;
}

/**
 * Strip ** and *; apply the replacement table ("climate change" → "climate
 * engineering" by default, any case); remove a [pause] directly after a speaker label; keep only
 * the tags [pause], [pause short] and [pause long]; remove the space before those tags. Then every
 * line starts with a speaker label: a line without one continues the previous speaker (or the
 * first speaker, before anyone has spoken), and empty lines go.
 */
export function cleanScript(script: string, replacements: readonly Replacement[], speakers: readonly string[]): string {
  let text = script.replace(/\r\n?/g, '\n').replace(/\*\*/g, '').replace(/\*/g, '');
  text = applyReplacements(text, replacements);
  // Tags are normalised to lower case so "[Pause Long]" counts as the kept tag.
  text = text.replace(/\[\s*pause(\s+(short|long))?\s*\]/gi, (_, __, length?: string) => (length ? `[pause ${length.toLowerCase()}]` : '[pause]'));
  // Every other bracketed tag ([laughs], [music], [Alex speaking]) goes.
  text = text.replace(/\[([^\]\n]{0,80})\]/g, (tag: string) => (/^\[pause( short| long)?\]$/.test(tag) ? tag : ''));
  const lines: string[] = [];
  let current: string | null = null;
  for (const raw of text.split('\n')) {
    let line = raw.replace(/[ \t]+/g, ' ').trim();
    if (!line) continue;
    const label = labelOf(line, speakers);
    let speaker: string;
    if (label) {
      speaker = label.speaker;
      line = label.rest;
    } else {
      speaker = current ?? speakers[0] ?? 'Host';
    }
    // A [pause] right after the label (only the plain tag, as the rule says).
    line = line.replace(/^(\[pause\]\s*)+/, '');
    line = line.replace(/\s+(?=\[pause(?: short| long)?\])/g, '').trim();
    if (!line?.replace(KEPT_TAG, '').trim()) continue;
    current = speaker;
    lines.push(`${speaker}: ${line}`);
  }
  return lines.join('\n');
}

/** A clean script's lines with their speakers and their text and pauses in order. */
export function parseScript(script: string, speakers: readonly string[] = []): ScriptLine[] {
  const lines: ScriptLine[] = [];
  for (const raw of script.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const label = labelOf(line, speakers);
    const speaker = label ? label.speaker : (lines.at(-1)?.speaker ?? speakers[0] ?? '');
    const body = label ? label.rest : line;
    const parts: ScriptPart[] = [];
    let last = 0;
    for (const match of body.matchAll(KEPT_TAG)) {
      const text = body.slice(last, match.index).trim();
      if (text) parts.push({ kind: 'text', text });
      const tag = match[0].toLowerCase();
      parts.push({ kind: 'pause', length: tag.includes('short') ? 'short' : tag.includes('long') ? 'long' : 'normal' });
      last = match.index + match[0].length;
    }
    const rest = body.slice(last).trim();
    if (rest) parts.push({ kind: 'text', text: rest });
    if (parts.some((part) => part.kind === 'text')) lines.push({ speaker, parts });
  }
  return lines;
}

/** Words spoken (tags and labels not counted): what the duration is predicted from. */
export function spokenWords(lines: readonly ScriptLine[]): number {
  let words = 0;
  for (const line of lines) for (const part of line.parts) if (part.kind === 'text') words += speechText(part.text).split(/\s+/).filter(Boolean).length;
  return words;
}

// Asides a reader skims and a voice would read out. A parenthesised acronym is one only right after
// its expansion: "(CAAN)" alone may be the only name a sentence gives.
const EXCHANGES =
  'NYSE|NYSE American|NYSE Arca|NASDAQ|Nasdaq|AMEX|CBOE|OTC|OTCQX|OTCQB|TSX|TSXV|TSX-V|CSE|LSE|AIM|ASX|NZX|HKEX|SEHK|SGX|JSE|NSE|BSE|TYO|TSE|KRX|KOSDAQ|SSE|SZSE|Euronext|XETRA|ETR|FRA|SIX';
const TICKER = `(?:${EXCHANGES})\\s*:\\s*[A-Z0-9]{1,6}(?:[.-][A-Z0-9]{1,4})?`;
const CLUTTER: readonly RegExp[] = [
  // Stock tickers: "(NYSE: GE)", "(TSX: RY; NYSE: RY)".
  new RegExp(`^${TICKER}(?:\\s*[,;]\\s*${TICKER})*$`),
  // Notes about the page around the text: pictures, positions in them, links, downloads.
  /^(?:(?:see |in |main )?(?:pictured|photo|picture|image|video|graphic|chart|map|file(?: photo| picture| image)?)(?: above| below| left| right)?|above|below|inset|(?:far |second from |second |centre |center )?(?:left|right)|(?:top|bottom|centre|center)(?: left| right)?|opens? in (?:a )?new (?:tab|window)|(?:link is )?external(?: link)?|pdf(?:,? \d[\d.]* ?[km]b)?)$/i,
  // Picture credits: "(Photo: Jane Doe/Reuters)", "(Image courtesy of NASA)".
  /^(?:photo|photograph|picture|image|video|illustration|graphic)s?(?: credit)?\s*(?::|by\b|courtesy\b)[^()]{1,80}$/i,
  // Wire-service credits: "(Reuters)", "(AP)".
  /^(?:Reuters|AP|AFP|UPI|dpa|Xinhua|TASS|Bloomberg|PTI|IANS|ANI)$/,
  // A web address: "(https://example.com/report)", "(www.example.org)".
  /^(?:https?:\/\/|www\.)\S+$/i,
];
/** At least two capitals, then capitals, digits, & . - and maybe a plural s: "CAAN", "G7", "R&D", "NGOs". */
const ACRONYM = /^(?=(?:[^A-Z]*[A-Z]){2})[A-Z][A-Z0-9&.-]*[A-Z0-9](?:s)?$/;

/**
 * Whether the words before an acronym spell it out (Schwartz & Hearst's matching: each of its letters
 * found right to left in order, the first at the start of a word), among at most min(n + 5, 2n) words
 * of the same clause: "Canadian Automobile Association of Nowhere (CAAN)".
 */
function followsExpansion(acronym: string, before: string): boolean {
  const letters = acronym
    .replace(/s$/, '')
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase();
  const clause = before.split(/[.!?;:]\s|[()[\]"“”]/).pop() ?? '';
  const words = clause.trim().split(/\s+/).filter(Boolean);
  const long = words
    .slice(-Math.min(letters.length + 5, letters.length * 2))
    .join(' ')
    .toLowerCase();
  if (long.replace(/[^a-z0-9]/g, '') === letters) return false;
  let at = long.length - 1;
  for (let i = letters.length - 1; i >= 0; i--) {
    const letter = letters[i]!;
    while (at >= 0 && (long[at] !== letter || (i === 0 && at > 0 && /[\p{L}\p{N}]/u.test(long[at - 1]!)))) at--;
    if (at < 0) return false;
    at--;
  }
  return true;
}

/**
 * Text as a listener should hear it: the parenthesised asides a reader skims and a voice would read
 * out are dropped — an acronym right after its expansion ("… of Nowhere (CAAN) said" → "… of Nowhere
 * said"), stock tickers, notes about pictures and links, picture and wire credits, web addresses.
 * Other parentheses ("(up 3%)", "(R-Texas)", "(2019)", "(CAAN)" with no expansion before it) stay.
 * Figures are then put as a newsreader says them (./spoken-figures.ts: "$4.5bn", "12%", "in 2026").
 * The script itself keeps them: only what is spoken changes.
 */
export function speechText(text: string): string {
  return spokenFigures(withoutAsides(text));
}

function withoutAsides(text: string): string {
  return text
    .replace(/\s*\(([^()]{1,100})\)/g, (aside: string, inner: string, offset: number) => {
      const content = inner.trim();
      const clutter = CLUTTER.some((pattern) => pattern.test(content)) || (ACRONYM.test(content) && followsExpansion(content, text.slice(0, offset)));
      return clutter ? '' : aside;
    })
    .trim();
}

/** Text cut at sentence ends into pieces of at most `max` characters (provider request limits). */
export function splitForSpeech(text: string, max: number): string[] {
  if (text.length <= max) return [text];
  const sentences = splitSentences(text);
  const pieces: string[] = [];
  let piece = '';
  for (const sentence of sentences) {
    if (piece && piece.length + sentence.length + 1 > max) {
      pieces.push(piece.trim());
      piece = '';
    }
    if (sentence.length > max) {
      for (let i = 0; i < sentence.length; i += max) pieces.push(sentence.slice(i, i + max).trim());
      continue;
    }
    piece += `${sentence} `;
  }
  if (piece.trim()) pieces.push(piece.trim());
  return pieces.filter(Boolean);
}
