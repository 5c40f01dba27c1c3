import type { Topic } from '../services/classify/topics.js';
import type { Queryable } from './client.js';

export interface TopTrendRow {
  id: number;
  title: string;
  topic: Topic;
  htmlFilePath: string | null;
}

/** The most relevant trends of each topic's latest analysis. */
export async function topTrendsByTopic(sql: Queryable, topics: readonly Topic[], perTopic: number): Promise<TopTrendRow[]> {
  return sql<TopTrendRow[]>`
    select tr.id, tr.title, t.topic, tr.html_file_path
    from unnest(${topics as Topic[]}::text[]) as t(topic)
    cross join lateral (
      select id, title, html_file_path, relevance_score, identified_at from trends
      where topic = t.topic
        and batch_number = (select max(batch_number) from trends where topic = t.topic)
      order by relevance_score desc, identified_at desc, id
      limit ${perTopic}
    ) tr
    order by t.topic, tr.relevance_score desc, tr.identified_at desc, tr.id`;
}
