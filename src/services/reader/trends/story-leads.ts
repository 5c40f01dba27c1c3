// Leads read again for the stories an analysis describes: a window grouped off the daemon's thread
// comes back without its articles' leads (stories.ts, groupWindowPages), a window's article whose
// topic reading is stored comes with its lead cut to what the grouping reads (article-topics.ts),
// and only the few stories that become trends need them whole.
import { articleLeads } from '../../../db/article-topics.js';
import type { Queryable } from '../../../db/client.js';
import type { StoryCluster, StoryInput } from './engine/index.js';

/** Articles whose lead was read here: whole, however short. */
const readWhole = new WeakSet<StoryInput>();

/**
 * Gives the stories' articles their whole leads, read as the window reads them: the first
 * `perStory` articles of each story (the most central), at most `total` in all, in order. An
 * article without one, or with one shorter than that (the window cuts the lead of an article whose
 * topic reading is stored to what the grouping reads), is read again, once.
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
      if (!readWhole.has(article) && (article.body ?? '').length < options.leadCharacters) missing.push(article);
    }
  }
  if (missing.length === 0) return;
  const leads = await articleLeads(
    sql,
    missing.map((article) => Number(article.id)),
    options.leadCharacters,
  );
  for (const article of missing) {
    article.body = leads.get(Number(article.id)) ?? '';
    readWhole.add(article);
  }
}
