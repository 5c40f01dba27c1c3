// Writes one topic's trends of a run. A trend whose articles are mostly those of an earlier trend
// (of any topic: a growing story may change topic) is the same story seen again: that trend is updated (it keeps its id, its generated
// article and its first identification time) instead of a duplicate being added.
import type { Sql } from '../../../db/client.js';
import { insertTrend, linkTrendArticles, trendSharingArticles, updateTrend } from '../../../db/trends.js';
import type { Topic } from '../classify/index.js';
import type { TopicTrend } from './analyze-topic.js';
import type { TopicEvidence } from '../../../shared/topic-evidence.js';

export interface StoreTopicTrendsInput {
  topic: Topic;
  batchNumber: number;
  trends: readonly TopicTrend[];
  /** Articles of the topic this run analyzed (the card's "N articles analyzed"). */
  articlesAnalyzed: number;
  source: 'model' | 'offline';
  /** Why the trend's story has the topic (the analyzer's evidence for the story it holds). */
  evidenceOf: (trend: TopicTrend) => TopicEvidence | null;
}

export interface StoredTopicTrends {
  trendIds: number[];
  continued: number;
  /** The trends this analysis found for the first time (the others continue an earlier story). */
  created: { id: number; title: string }[];
}

/** Same story: at least half of the smaller of the two article sets is shared. */
function isSameStory(shared: number, earlierSize: number, newSize: number): boolean {
  return shared > 0 && shared * 2 >= Math.min(earlierSize, newSize);
}

export async function storeTopicTrends(sql: Sql, input: StoreTopicTrendsInput): Promise<StoredTopicTrends> {
  // Database work only inside: no model call ever waits with this transaction open.
  return (await sql.begin(async (tx) => {
    const trendIds: number[] = [];
    let continued = 0;
    const created: { id: number; title: string }[] = [];
    for (const trend of input.trends) {
      const write = {
        title: trend.title,
        description: trend.description,
        topic: input.topic,
        relevanceScore: trend.relevanceScore,
        articlesAnalyzed: input.articlesAnalyzed,
        batchNumber: input.batchNumber,
        storyKey: trend.storyKey,
        source: input.source,
        topicEvidence: input.evidenceOf(trend),
      };
      const earlier = await trendSharingArticles(tx, { articleIds: trend.articleIds, beforeBatch: input.batchNumber });
      let id: number;
      if (earlier && isSameStory(earlier.shared, earlier.size, trend.articleIds.length)) {
        id = earlier.trendId;
        await updateTrend(tx, id, write);
        continued++;
      } else {
        id = await insertTrend(tx, write);
        created.push({ id, title: trend.title });
      }
      await linkTrendArticles(tx, id, trend.articleIds);
      trendIds.push(id);
    }
    return { trendIds, continued, created };
  })) as StoredTopicTrends;
}
