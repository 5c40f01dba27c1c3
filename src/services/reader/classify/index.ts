// Topic classification without an AI model: the offline classifier for crawled articles (and the
// fallback when the model fails), and the keyword category rule for
// generated articles that have no trend (the first topic whose keywords the text holds, in priority order).
import { readFileSync } from 'node:fs';
import { modelPath } from '../../../paths.js';
import { compileTopicModel, predictTopic, type TopicModel, type TopicModelFile, type TopicPrediction } from './topic-model.js';
import { classifyStoryText, READING_LENGTH, readArticle, type StoryArticleText, type StoryTopic } from './story-topic.js';
import type { WordIndex } from './packed-numbers.js';

export { TOPICS, isTopic, type Topic } from '../../../shared/topics.js';
export { categorizeByKeywords } from './category-rule.js';
export type { TopicPrediction } from './topic-model.js';
export type { StoryArticleText, StoryTopic } from './story-topic.js';

export interface TopicInput {
  title: string;
  body?: string;
}

let model: TopicModel | undefined;

// Read on first use, not at import: most commands never classify.
function topicModel(): TopicModel {
  model ??= compileTopicModel(JSON.parse(readFileSync(modelPath('topics'), 'utf8')) as TopicModelFile);
  return model;
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
export function classifyStory(articles: readonly StoryArticleText[], readings?: readonly (Float64Array | undefined)[]): StoryTopic {
  return classifyStoryText(topicModel(), articles, undefined, readings);
}

export { READING_LENGTH };

/** What classifyStory reads of each article, READING_LENGTH numbers per article, in order. */
export function readStoryArticles(articles: readonly StoryArticleText[]): Float64Array {
  const loaded = topicModel();
  const readings = new Float64Array(articles.length * READING_LENGTH);
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
