// Why a story has its topic, in its own words: the words and sentence that say most for the topic
// against the runner-up. Found for the stories an analysis stores as trends only, after the
// grouping: they need the stories' leads, which a window grouped off the daemon's thread does not
// keep (stories.ts), and a week's thousands of other stories would be read for nothing.
import { storedReadings } from '../../../db/article-topics.js';
import type { Queryable } from '../../../db/client.js';
import { nextTurn } from '../../../shared/turns.js';
import { explainStory, STORY_HEADLINES_READ, STORY_LEADS_READ } from '../classify/index.js';
import type { TopicStory } from './stories.js';
import { readStoryLeads } from './story-leads.js';

/**
 * Gives each story still unexplained the words and sentence of its evidence (in place), one story
 * a turn, their leads read again where the window kept them cut or none. `readings`: the stored readings apply
 * (the leads are read as they were made from), which spares reading each piece again; else the
 * pieces are read from the leads, to the same numbers.
 */
export async function explainStories(
  sql: Queryable,
  stories: readonly TopicStory[],
  options: { leadCharacters: number; readings: { model: number; length: number } | null },
): Promise<void> {
  const unexplained = stories.filter((story) => story.unexplained);
  if (unexplained.length === 0) return;
  // One read of the leads and one of the readings for all of them, then one story a turn.
  await readStoryLeads(
    sql,
    unexplained.map((story) => story.story),
    { perStory: STORY_LEADS_READ, leadCharacters: options.leadCharacters },
  );
  const ids = unexplained.flatMap((story) => story.story.articles.slice(0, STORY_HEADLINES_READ).map((article) => Number(article.id)));
  const readings = options.readings ? await storedReadings(sql, ids, options.readings) : undefined;
  for (const story of unexplained) {
    explainTopicStory(story, readings);
    await nextTurn();
  }
}

/**
 * Gives the story its evidence's words and sentence (in place), read from its articles' leads,
 * which its first STORY_LEADS_READ articles must hold, and their readings where given (by id).
 */
export function explainTopicStory(story: TopicStory, readings?: ReadonlyMap<number, Float32Array>): void {
  const decision = story.unexplained;
  if (!decision) return;
  const read = story.story.articles.slice(0, STORY_HEADLINES_READ);
  const { words, sentence } = explainStory(
    read.map((article) => ({ title: article.title, body: article.body ?? '' })),
    decision,
    readings ? read.map((article) => readings.get(Number(article.id))) : undefined,
  );
  story.evidence = { ...story.evidence, words, sentence };
  story.unexplained = null;
}
