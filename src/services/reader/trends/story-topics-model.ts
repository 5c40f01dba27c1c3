// With a model configured, the model files each story several sources cover: one call per story
// with its headlines and ledes (the article classifier's prompts, the story as the article), the
// offline reading of the story as the fallback and as the evidence shown beside the model's answer.
// A topic the administrator set is never asked about.
import type { AppContext } from '../../../context.js';
import { articleLeads, type RecentArticleRow } from '../../../db/article-topics.js';
import type { ChatModel } from '../../../providers/llm/index.js';
import { classifyArticles } from '../article-topics/index.js';
import type { TopicStory, WindowStories } from './stories.js';
import { counted } from '../../../shared/words.js';

/** Articles of a story the prompt shows; more tellings repeat the same headline. */
const ARTICLES_SHOWN = 6;
const LEDE_CHARACTERS = 160;

function firstParagraph(lead: string): string {
  const paragraph = lead.split(/\n\s*\n/).find((part) => part.trim().length > 0) ?? '';
  const flat = paragraph.replace(/\s+/g, ' ').trim();
  return flat.length > LEDE_CHARACTERS ? `${flat.slice(0, LEDE_CHARACTERS - 1).trimEnd()}…` : flat;
}

/** The story as the classifier prompt's article: its first headline, then each site's headline and lede. */
function storyForPrompt(story: TopicStory, byId: ReadonlyMap<number, RecentArticleRow>, leads: ReadonlyMap<number, string>): { title: string; text: string } {
  const members = story.articleIds.slice(0, ARTICLES_SHOWN).map((id) => byId.get(id)!);
  const lines = members.map((article) => `${article.domainName}: ${article.title} — ${firstParagraph(leads.get(article.id) ?? '')}`);
  return { title: members[0]!.title, text: `One story, as ${counted(story.articleIds.length, 'article')} tell it:\n${lines.join('\n')}` };
}

/** Gives the window's stories the model's topics (in place); returns how many the model decided. */
export async function modelStoryTopics(
  ctx: AppContext,
  model: ChatModel,
  window: WindowStories,
  articles: readonly RecentArticleRow[],
  options: { leadCharacters: number; signal?: AbortSignal },
): Promise<number> {
  const asked = window.covered.filter((story) => story.evidence.source !== 'override');
  if (asked.length === 0) return 0;
  const { signal } = options;
  const byId = new Map(articles.map((article) => [article.id, article]));
  // Read again: a window grouped off the daemon's thread keeps no lead (stories.ts).
  const leads = await articleLeads(
    ctx.sql,
    asked.flatMap((story) => story.articleIds.slice(0, ARTICLES_SHOWN)),
    options.leadCharacters,
  );
  const { topics } = await classifyArticles(
    ctx,
    asked.map((story) => storyForPrompt(story, byId, leads)),
    { model, items: 'stories', ...(signal ? { signal } : {}) },
  );
  let decided = 0;
  asked.forEach((story, i) => {
    const answer = topics[i]!;
    if (answer.source !== 'model') return;
    decided++;
    const offline = story.evidence;
    story.evidence =
      answer.topic === story.topic
        ? { ...offline, source: 'model' }
        : { source: 'model', confidence: null, runnerUp: story.topic, runnerUpConfidence: offline.confidence, words: [], sentence: null };
    // The offline words explain the offline topic only: shown beside the model's when it agrees.
    if (answer.topic !== story.topic) story.unexplained = null;
    story.topic = answer.topic;
    for (const id of story.articleIds) window.topicOf.set(id, answer.topic);
  });
  return decided;
}
