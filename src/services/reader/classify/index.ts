// Topic classification without an AI model: the offline classifier for crawled articles (and the
// fallback when the model fails), and the keyword category rule for
// generated articles that have no trend (the first topic whose keywords the text holds, in priority order).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { modelPath } from '../../../paths.js';
import { compileTopicModel, predictTopic, type TopicModel, type TopicModelFile, type TopicPrediction } from './topic-model.js';
import {
  classifyStoryText,
  decideStoryText,
  explainStoryText,
  READING_LENGTH,
  readArticle,
  type StoryArticleText,
  type StoryDecision,
  type StoryTopic,
} from './story-topic.js';
import type { WordIndex } from './packed-numbers.js';
import { articleLead } from '../../../shared/text/lead.js';

export { TOPICS, isTopic, type Topic } from '../../../shared/topics.js';
export { categorizeByKeywords } from './category-rule.js';
export type { TopicPrediction } from './topic-model.js';
export type { StoryArticleText, StoryDecision, StoryTopic } from './story-topic.js';
/** Of a story's articles (most representative first), those whose headlines and those whose leads its topic reads. */
export { ARTICLES_READ_IN_FULL as STORY_LEADS_READ, HEADLINES_READ as STORY_HEADLINES_READ } from './story-topic.js';

export interface TopicInput {
  title: string;
  body?: string;
}

let model: TopicModel | undefined;
let modelStamp: number | undefined;

// Read on first use, not at import: most commands never classify.
function topicModel(): TopicModel {
  model ??= compileTopicModel(JSON.parse(readFileSync(modelPath('topics'), 'utf8')) as TopicModelFile);
  return model;
}

/** Reads the topic model now (~200 ms), where nothing waits: a daemon before it listens. */
export function loadTopicModel(): void {
  topicModel();
}

/**
 * Which shipped model made a stored reading (the first 32 bits of its file's hash, without
 * compiling the model): a reading another model made is read again.
 */
export function readingModel(): number {
  modelStamp ??= createHash('sha1')
    .update(readFileSync(modelPath('topics')))
    .digest()
    .readInt32LE(0);
  return modelStamp;
}

/** Characters of an article's text its stored reading is made from: the lead the trends analysis reads. */
export const READING_LEAD_CHARACTERS = 1_500;

/** What classifyStory reads of an article, made when it is stored (see readArticle), and the model that read it. */
export function storedReading(article: { title: string; content: string; excerpt: string | null }): { numbers: Float32Array; model: number } {
  const lead = articleLead(article.content, article.excerpt, READING_LEAD_CHARACTERS);
  return { numbers: readStoryArticles([{ title: article.title, body: lead }]), model: readingModel() };
}

/** The topic of one article, with the model's probability for it. */
export function classifyTopic(input: TopicInput): TopicPrediction {
  return predictTopic(topicModel(), input.title, input.body);
}

/** The topics of many articles, in input order. */
export function classifyTopics(inputs: readonly TopicInput[]): TopicPrediction[] {
  const loaded = topicModel();
  return inputs.map((input) => predictTopic(loaded, input.title, input.body));
}

/**
 * The topic of a story from its articles' headlines and leads together, with the evidence for it;
 * `readings` are readStoryArticles()' of its articles where made already, by position.
 */
export function classifyStory(articles: readonly StoryArticleText[], readings?: readonly (Float32Array | undefined)[]): StoryTopic {
  return classifyStoryText(topicModel(), articles, undefined, readings);
}

/** classifyStory's topic alone: from the articles' readings where given (no body needed), else their text. */
export function decideStory(articles: readonly StoryArticleText[], readings?: readonly (Float32Array | undefined)[]): StoryDecision {
  return decideStoryText(topicModel(), articles, readings);
}

/** classifyStory's evidence for a topic decided: the words and sentence of the articles' leads that say most for it. */
export function explainStory(
  articles: readonly StoryArticleText[],
  decision: Pick<StoryDecision, 'topic' | 'runnerUp'>,
  readings?: readonly (Float32Array | undefined)[],
): Pick<StoryTopic, 'words' | 'sentence'> {
  return explainStoryText(topicModel(), articles, decision, readings);
}

export { READING_LENGTH };

/** What classifyStory reads of each article, READING_LENGTH numbers per article, in order. */
export function readStoryArticles(articles: readonly StoryArticleText[]): Float32Array {
  const loaded = topicModel();
  const readings = new Float32Array(articles.length * READING_LENGTH);
  articles.forEach((article, i) => readArticle(loaded, article, readings, i * READING_LENGTH));
  return readings;
}

/**
 * The words the shipped model knows, each with its frequency rank (the word vectors' order, most
 * common first): a dictionary for reading run-together names ("metroledger").
 */
export function knownWordRanks(): Pick<WordIndex, 'get'> {
  return topicModel().embedding?.scores.index ?? new Map();
}
