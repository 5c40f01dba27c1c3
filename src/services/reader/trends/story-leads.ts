// Leads read again for the stories an analysis describes: a window grouped off the daemon's thread
// comes back without its articles' leads (stories.ts, groupWindowPages), and only the few stories
// that become trends need them.
import { articleLeads } from '../../../db/article-topics.js';
import type { Queryable } from '../../../db/client.js';
import type { StoryCluster, StoryInput } from './engine/index.js';

/**
 * Gives the stories' articles that have none their leads, read as the window read them: the first
 * `perStory` articles of each story (the most central), at most `total` in all, in order.
 */
export async function readStoryLeads(
  sql: Queryable,
  stories: readonly StoryCluster[],
  options: { perStory: number; total?: number; leadCharacters: number },
): Promise<void> {
  const missing: StoryInput[] = [];
  let counted = 0;
  const total = options.total ?? Infinity;
  for (const story of stories) {
    for (const article of story.articles.slice(0, options.perStory)) {
      if (counted++ >= total) break;
      if (!article.body) missing.push(article);
    }
  }
  if (missing.length === 0) return;
  const leads = await articleLeads(
    sql,
    missing.map((article) => Number(article.id)),
    options.leadCharacters,
  );
  for (const article of missing) article.body = leads.get(Number(article.id)) ?? '';
}
