// The keyword category rule for generated articles, with our own food vocabulary
// (food takes priority 8, after science).
//
// Precisely:
// - Title and body are split into lower-case words by topicWords(); the word counts divide the
//   scores (a title or body without words contributes 0).
// - A topic's score over a text is the sum of the weights of its keyword occurrences. The text is
//   read left to right; at each word the longest of the topic's keywords that starts there (all
//   its words equal, in order) is counted and reading resumes after it, so "natural gas" counts
//   once as itself and not again as "gas". Every occurrence counts: a keyword used twice adds its
//   weight twice, which makes the division by the word count a keyword density.
// - total = title score × 3 ÷ title words + body score ÷ body words. The highest total wins; equal
//   totals go to the lower priority number; when every total is zero the article is international.
import { TOPIC_KEYWORDS, type TopicKeyword } from './topic-keywords.js';
import type { Topic } from '../../../shared/topics.js';
import { titleWords as wordsOfTitle, topicWords, type TitleText } from './words.js';

export const TOPIC_PRIORITY: Readonly<Record<Topic, number>> = Object.freeze({
  health: 1,
  finance: 2,
  usa: 3,
  international: 4,
  tech: 5,
  energy: 6,
  science: 7,
  food: 8,
});

const TITLE_FACTOR = 3;
// Totals are sums of a few quotients; anything closer than this is the same total.
const TIE_TOLERANCE = 1e-9;

const TOPICS_BY_PRIORITY = (Object.keys(TOPIC_PRIORITY) as Topic[]).sort((a, b) => TOPIC_PRIORITY[a] - TOPIC_PRIORITY[b]);

type KeywordIndex = Map<string, TopicKeyword[]>;

let indexes: Map<Topic, KeywordIndex> | undefined;

function keywordIndexes(): Map<Topic, KeywordIndex> {
  if (indexes) return indexes;
  indexes = new Map();
  for (const topic of TOPICS_BY_PRIORITY) {
    const index: KeywordIndex = new Map();
    for (const keyword of TOPIC_KEYWORDS[topic]) {
      const first = keyword.words[0]!;
      const list = index.get(first) ?? [];
      list.push(keyword);
      index.set(first, list);
    }
    for (const list of index.values()) list.sort((a, b) => b.words.length - a.words.length);
    indexes.set(topic, index);
  }
  return indexes;
}

function startsWith(words: readonly string[], at: number, keyword: readonly string[]): boolean {
  if (at + keyword.length > words.length) return false;
  for (let k = 0; k < keyword.length; k++) if (words[at + k] !== keyword[k]) return false;
  return true;
}

/** Sum of the weights of the keyword occurrences in the words (longest match, no overlaps). */
function keywordScore(words: readonly string[], index: KeywordIndex): number {
  let score = 0;
  for (let i = 0; i < words.length; ) {
    const match = index.get(words[i]!)?.find((keyword) => startsWith(words, i, keyword.words));
    if (match) {
      score += match.weight;
      i += match.words.length;
    } else {
      i++;
    }
  }
  return score;
}

/** Each topic's keyword total for a title and body. */
export function keywordTotals(title: TitleText, body: string): Record<Topic, number> {
  const titleWords = wordsOfTitle(title);
  const bodyWords = topicWords(body);
  const totals = {} as Record<Topic, number>;
  for (const [topic, index] of keywordIndexes()) {
    const titlePart = titleWords.length ? (keywordScore(titleWords, index) * TITLE_FACTOR) / titleWords.length : 0;
    const bodyPart = bodyWords.length ? keywordScore(bodyWords, index) / bodyWords.length : 0;
    totals[topic] = titlePart + bodyPart;
  }
  return totals;
}

/** The category of a generated article by the keyword category rule. */
export function categorizeByKeywords(title: string, body: string): Topic {
  const totals = keywordTotals(title, body);
  let best: Topic = 'international';
  let bestTotal = 0;
  for (const topic of TOPICS_BY_PRIORITY) {
    if (totals[topic] > bestTotal + TIE_TOLERANCE) {
      best = topic;
      bestTotal = totals[topic];
    }
  }
  return best;
}
