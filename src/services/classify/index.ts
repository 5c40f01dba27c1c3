// Topic classification without an AI model: the offline classifier for crawled articles (and the
// fallback when the model fails), and the keyword category rule for
// generated articles that have no trend (the first topic whose keywords the text holds, in priority order).
import { readFileSync } from 'node:fs';
import { packagePath } from '../../paths.js';
import {
  compileTopicModel,
  decideTopic,
  predictTopic,
  topicDistribution,
  type TopicModel,
  type TopicModelFile,
  type TopicPrediction,
} from './topic-model.js';
import { TOPICS, type Topic } from '../../shared/topics.js';

export { TOPICS, isTopic, type Topic } from '../../shared/topics.js';
export { categorizeByKeywords, TOPIC_PRIORITY } from './category-rule.js';
export type { TopicPrediction } from './topic-model.js';

export interface TopicInput {
  title: string;
  body?: string;
}

let model: TopicModel | undefined;

// Read on first use, not at import: most commands never classify.
function topicModel(): TopicModel {
  model ??= compileTopicModel(
    JSON.parse(readFileSync(packagePath('src/services/classify/topics-model.json'), 'utf8')) as TopicModelFile,
  );
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

/** The classifier's probability of each topic (TOPICS order) for one article. */
export function topicProbabilities(input: TopicInput): Float64Array {
  return topicDistribution(topicModel(), input.title, input.body);
}

/**
 * The topic of a story from its articles' evidence together: the mean of their topic
 * distributions (an article the model classified brings its answer as certainty), decided as the
 * classifier decides one article (subject before place included). One article's odd wording
 * cannot split the story, and many weak hints of one subject add up.
 */
export function storyTopic(distributions: readonly ArrayLike<number>[]): TopicPrediction {
  const mean = new Float64Array(TOPICS.length);
  for (const distribution of distributions) for (let t = 0; t < TOPICS.length; t++) mean[t]! += distribution[t]! / distributions.length;
  return decideTopic(topicModel(), mean);
}

/** Certainty of one topic, as a distribution (an article whose topic the model gave). */
export function certainTopic(topic: Topic): Float64Array {
  return Float64Array.from(TOPICS, (candidate) => (candidate === topic ? 1 : 0));
}
