// Drops blocks that sit inside the article element but are not article text: the repeated headline,
// date and byline lines, "read more" labels, advertisement labels, photo credits and link lists.
// The word lists cover the languages the crawler meets most; each entry is a general phrase, never
// one site's wording.
import { words } from './shingles.js';
import type { TextBlock } from './text-blocks.js';

export interface BlockContext {
  /** Titles the page declares (headline, og:title, <h1>…): a block repeating one is the headline. */
  titles: readonly string[];
  author: string | null;
}

function normalised(text: string): string {
  return words(text).join(' ').toLowerCase();
}

const MONTH_WORDS =
  'jan|january|feb|february|mar|march|apr|april|may|jun|june|jul|july|aug|august|sep|sept|september|oct|october|nov|november|dec|december|' +
  'januar|februar|märz|mai|juni|juli|oktober|dezember|janvier|février|mars|avril|juin|juillet|août|septembre|octobre|novembre|décembre|' +
  'enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|gennaio|febbraio|aprile|maggio|giugno|luglio|' +
  'settembre|ottobre|dicembre|januari|februari|maart|mei|augustus|okt|des|desember|augusti|nisan|ocak|şubat|mart|' +
  'mayıs|haziran|temmuz|ağustos|eylül|ekim|kasım|aralık';
const WEEKDAY_WORDS =
  'mon|monday|tue|tuesday|wed|wednesday|thu|thursday|fri|friday|sat|saturday|sun|sunday|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|' +
  'lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|lunes|martes|miércoles|jueves|viernes|sábado|domingo|lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica';
const DATE_LINE_WORDS =
  'published|updated|update|last|posted|on|at|am|pm|ago|hour|hours|minute|minutes|min|mins|read|reading|time|day|days|week|weeks|gmt|utc|bst|est|edt|cet|cest|jst|myt|ist|' +
  'stand|uhr|aktualisiert|veröffentlicht|um|vom|publié|le|mis|à|jour|publicado|actualizado|el|a|las|de|del|pubblicato|aggiornato|il|alle|ore|' +
  'publicerad|uppdaterad|publisert|oppdatert|kl|klo|gepubliceerd|bijgewerkt|om|den|the|of|and|und|et|y|e|og|och|güncelleme|modifica|ultimo|aggiornamento';
const MONTH_SET = new Set(MONTH_WORDS.split('|'));
const DATE_WORD_SET = new Set([...MONTH_WORDS.split('|'), ...WEEKDAY_WORDS.split('|'), ...DATE_LINE_WORDS.split('|')]);

/** "Published Jun 04, 2026 • Last updated 1 day ago • 2 minute read", "Stand: 28.04.2023 17:23 Uhr". */
export function isDateLine(text: string): boolean {
  const tokens = words(text);
  if (tokens.length === 0 || tokens.length > 16) return false;
  if (/[$€£¥₹]/.test(text)) return false;
  // A lone year ("Founded: 2000") is not a date line; a full date, a time or "… ago" is.
  const hasMonth = tokens.some((token) => MONTH_SET.has(token.toLowerCase())) && tokens.some((token) => /^\d{1,4}$/.test(token));
  const hasDate = hasMonth || /\b\d{1,2}[:h]\d{2}\b|\bago\b|\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b|\b\d{4}-\d{2}-\d{2}\b/i.test(text);
  if (!hasDate) return false;
  const others = tokens.filter((token) => !/^\d+$/.test(token) && !DATE_WORD_SET.has(token.toLowerCase()) && !/^\d+(?:st|nd|rd|th|h|am|pm|min)$/i.test(token));
  return others.length <= 1;
}

const BYLINE_START = /^(?:by|von|por|par|di|av|door|af|od|written by|posted by|text:|texte:|texto:)\s+(\S)/i;

export function isByline(text: string, author: string | null): boolean {
  const tokens = words(text);
  if (tokens.length === 0 || tokens.length > 12) return false;
  // "By Jane Doe" but not "by intro": the name after the word starts with a capital.
  const start = BYLINE_START.exec(text.trim());
  if (start && /\p{Lu}/u.test(start[1]!)) return true;
  if (!author) return false;
  const nameTokens = words(author);
  const name = normalised(author);
  const line = normalised(text);
  if (line === name) return true;
  return nameTokens.length >= 2 && line.startsWith(name) && tokens.length <= nameTokens.length + 4;
}

const READ_MORE = new RegExp(
  '^(?:' +
    [
      'read more',
      'read also',
      'also read',
      'read next',
      'see also',
      'related',
      'more(?=\\s*:)',
      'recommended',
      'watch',
      'listen',
      'lesen sie auch',
      'lesen sie mehr',
      'mehr zum thema',
      'mehr themen',
      'lest auch',
      'auch interessant',
      'weiterlesen',
      'zum artikel',
      'das könnte sie auch interessieren',
      'lire aussi',
      'à lire aussi',
      'voir aussi',
      'lire la suite',
      'leer más',
      'lee también',
      'noticia relacionada',
      'para saber más',
      'te puede interesar',
      'leggi anche',
      'les også',
      'läs också',
      'läs mer',
      'læs også',
      'lees ook',
      'czytaj więcej',
      'czytaj też',
      'taip pat skaitykite',
      'ayrıca okuyun',
      'читайте также',
    ].join('|') +
    ')\\b',
  'i',
);

/** "READ MORE: …", "Lesen Sie auch", "Noticia relacionada": a teaser label, alone or with its link. */
export function isReadMore(block: Pick<TextBlock, 'text' | 'linkChars'>): boolean {
  const text = block.text.trim();
  if (!READ_MORE.test(text)) return false;
  const tokens = words(text);
  // "More than 40 people…" is a sentence: a label is short, ends in a colon or a link, or is one.
  if (tokens.length <= 4) return true;
  return /^[^\s]+(?:\s[^\s]+){0,4}\s*[:|»›>]/.test(text) || block.linkChars >= text.length * 0.5;
}

const AD_LABEL =
  /^(?:advertisement|advertising|ad|ads|sponsored|anzeige|werbung|publicidad|publicité|pubblicità|reklam|reklame|reklama|реклама|mainos|annons|annonse|story continues below(?: this)? advertisement|article continues below(?: this ad)?|continue reading below|scroll to continue(?: with content)?|content continues below)[:.]?$/i;

export function isAdLabel(text: string): boolean {
  return AD_LABEL.test(text.trim());
}

const CREDIT =
  /(?:\((?:photo|picture|image|foto|bild|credit)s?:[^)]*\)\s*$|^(?:photo|picture|image|foto|fotos|bild|credit|crédit|kuva)s?(?: by)?\s*[:©]|\b(?:getty images|afp via getty|shutterstock|istock|reuters|associated press|dpa|imago)\s*$|^©)/i;

/** Photo credits and captions carrying one: "Foto: dpa", "(Picture: PA)", "… Getty Images". */
export function isCredit(text: string): boolean {
  const tokens = words(text);
  return tokens.length > 0 && tokens.length <= 40 && CREDIT.test(text.trim());
}

export type BlockRule = 'headline' | 'dateline' | 'byline' | 'readmore' | 'ad' | 'credit' | 'trailinglinks';
export const ALL_RULES: readonly BlockRule[] = ['headline', 'dateline', 'byline', 'readmore', 'ad', 'credit', 'trailinglinks'];

export function filterBlocks(blocks: readonly TextBlock[], context: BlockContext, rules: ReadonlySet<BlockRule> = new Set(ALL_RULES)): TextBlock[] {
  const titles = new Set(context.titles.map(normalised).filter((title) => title.length > 0));
  const edge = (index: number) => index < 8 || index >= blocks.length - 6;
  const kept = blocks.filter((block, index) => {
    const text = block.text;
    if (rules.has('headline') && index < 6 && titles.has(normalised(text))) return false;
    if (rules.has('dateline') && edge(index) && isDateLine(text)) return false;
    if (rules.has('byline') && edge(index) && isByline(text, context.author)) return false;
    if (rules.has('readmore') && isReadMore(block)) return false;
    if (rules.has('ad') && isAdLabel(text)) return false;
    if (rules.has('credit') && isCredit(text)) return false;
    return true;
  });
  if (rules.has('trailinglinks')) {
    // Teaser lists close many articles: trailing blocks that are all link.
    while (kept.length > 1) {
      const last = kept[kept.length - 1]!;
      if (last.linkChars < last.text.length * 0.8 || words(last.text).length > 30) break;
      kept.pop();
    }
  }
  return kept;
}
