// A story's title and description, both extractive: the title is one member's real headline and
// the description is made of real sentences of the members' titles and bodies. Nothing is
// rewritten; the only change is a full stop after a headline used as a sentence.
import { terms } from './tokenize.js';
import type { StoryCluster } from './types.js';
import { splitSentences } from '../../../../shared/text/sentences.js';

const TRUNCATED = /(\.\.\.|…)\s*$/;

/**
 * Members read for the title and the description, the most central first (members come in
 * centrality order): a week's biggest stories hold thousands of articles, and reading every lead of
 * one held the daemon's thread for over 300 ms. Headlines are cheap and say most, so many more of
 * them are read than leads.
 */
const HEADLINES_READ = 2_000;
export const LEADS_READ = 200;

/** How much of a body is read: its lead, where the news is. */
const LEAD_CHARACTERS = 1000;
const LEAD_SENTENCES = 3;

interface StoryText {
  /** Term → share of the members whose title or lead uses it. */
  share: Map<string, number>;
  termsOf: (text: string) => Set<string>;
  leadOf: (body: string | undefined) => string[];
}

const readMembers = (story: StoryCluster) => (story.articles.length > HEADLINES_READ ? story.articles.slice(0, HEADLINES_READ) : story.articles);

// Title and summary read the same texts: tokenise each once per story.
const storyTexts = new WeakMap<StoryCluster, StoryText>();

function storyText(story: StoryCluster): StoryText {
  const cached = storyTexts.get(story);
  if (cached) return cached;
  const memo = new Map<string, Set<string>>();
  const termsOf = (text: string) => {
    let found = memo.get(text);
    if (!found) {
      found = new Set(terms(text));
      memo.set(text, found);
    }
    return found;
  };
  const leadOf = (body: string | undefined) => {
    if (!body) return [];
    const sentences = splitSentences(body.slice(0, LEAD_CHARACTERS));
    // The cut may fall inside a sentence: a piece the cut ended is not a sentence of the story.
    if (body.length > LEAD_CHARACTERS) sentences.pop();
    return sentences.slice(0, LEAD_SENTENCES);
  };
  const count = new Map<string, number>();
  const members = readMembers(story);
  for (const [i, article] of members.entries()) {
    const used = new Set(termsOf(article.title));
    if (i < LEADS_READ) for (const sentence of leadOf(article.body)) for (const term of termsOf(sentence)) used.add(term);
    for (const term of used) count.set(term, (count.get(term) ?? 0) + 1);
  }
  const share = new Map<string, number>();
  for (const [term, n] of count) share.set(term, n / members.length);
  const text = { share, termsOf, leadOf };
  storyTexts.set(story, text);
  return text;
}

/** How much of the story's vocabulary a text holds: the mean share of members using each of its terms. */
function coverage(unique: Set<string>, share: Map<string, number>): number {
  if (unique.size === 0) return 0;
  let sum = 0;
  for (const term of unique) sum += share.get(term) ?? 0;
  // Square root: long texts should not win on length alone, nor short ones on a single word.
  return sum / Math.sqrt(unique.size);
}

/** A headline's fitness as a title, apart from how central it is. */
function headlineQuality(title: string): number {
  let quality = 1;
  if (TRUNCATED.test(title)) quality *= 0.75;
  const wordCount = title.split(/\s+/).filter(Boolean).length;
  if (wordCount < 4) quality *= 0.7;
  if (wordCount > 18) quality *= 0.85;
  // Shouting, site names and pipes are the aggregator's noise, not the story.
  if (title === title.toUpperCase() && /[A-Z]{4}/.test(title)) quality *= 0.8;
  if (/\s[|–-]\s[^|–-]+$/.test(title) && wordCount > 6) quality *= 0.9;
  return quality;
}

/** The most representative real headline: central, complete and plainly written. */
export function representativeTitle(story: StoryCluster): string {
  const { share, termsOf } = storyText(story);
  let best = story.articles[0]!.title;
  let bestScore = -Infinity;
  readMembers(story).forEach((article, i) => {
    const title = article.title.trim();
    if (!title) return;
    const centrality = story.centrality[i] ?? 0;
    const score = (0.5 * centrality + 0.5 * Math.min(1, coverage(termsOf(title), share))) * headlineQuality(title);
    // Articles come in centrality order, so a tie keeps the more central one.
    if (score > bestScore) {
      bestScore = score;
      best = title;
    }
  });
  return best;
}

function overlap(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const term of a) if (b.has(term)) shared++;
  return shared / Math.min(a.size, b.size);
}

function asSentence(text: string): string {
  return /[.!?…"'”’)]$/.test(text) ? text : `${text}.`;
}

/**
 * 1–3 real sentences that cover the story: body sentences first (they explain), then other
 * headlines; each must add words the title and the sentences before it do not already say.
 */
export function extractiveSummary(story: StoryCluster, title: string, maxSentences = 3, maxLength = 420): string {
  const { share, termsOf, leadOf } = storyText(story);
  const candidates: Array<{ text: string; score: number }> = [];
  const seen = new Set<string>();
  const consider = (text: string, bonus: number) => {
    const clean = text.trim();
    const key = clean.toLowerCase();
    if (clean.length < 20 || seen.has(key) || TRUNCATED.test(clean)) return;
    seen.add(key);
    candidates.push({ text: clean, score: coverage(termsOf(clean), share) * bonus });
  };
  const members = readMembers(story);
  members.slice(0, LEADS_READ).forEach((article, i) => {
    const centrality = 0.5 + 0.5 * (story.centrality[i] ?? 0);
    // The lead carries the news; later sentences drift.
    for (const sentence of leadOf(article.body)) consider(sentence, 1.2 * centrality);
  });
  members.forEach((article, i) => consider(article.title, 0.8 + 0.2 * (story.centrality[i] ?? 0)));
  candidates.sort((x, y) => y.score - x.score);

  const chosen: string[] = [];
  const said = [termsOf(title)];
  let length = 0;
  for (const { text } of candidates) {
    if (chosen.length >= maxSentences) break;
    if (text === title.trim()) continue;
    const words = termsOf(text);
    if (said.some((before) => overlap(words, before) > 0.6)) continue;
    if (chosen.length > 0 && length + text.length > maxLength) continue;
    chosen.push(asSentence(text));
    said.push(words);
    length += text.length + 1;
  }
  if (chosen.length === 0) {
    // Everything else repeats the title: the best other sentence still says it in other words;
    // a lone headline without a body can only repeat itself.
    const other = candidates.find(({ text }) => text.toLowerCase() !== title.trim().toLowerCase());
    chosen.push(asSentence(other?.text ?? title.trim()));
  }
  return chosen.join(' ');
}
