// Social posts about a story: from a trend (by its title), one of our generated articles (by id) or a
// crawled article (by id; the console's recent stories are crawled articles). With a model: the social system prompt, prompt 1 (and prompt 2 when set,
// a second post) and the social model. Offline: the story's key sentence, a link to its page and
// topic hashtags, within 280 characters.
import type { SocialContentRequest, SocialContentResult } from '../../../api/generator.js';
import type { AppContext } from '../../../context.js';
import { articleWithStoryPage } from '../../../db/articles.js';
import { generatedArticleById, generatedArticleOfTrend } from '../../../db/generated-articles.js';
import { recentTrendTitles, trendByTitle, trendSourceArticles, trendsTitledLike, type TrendForGeneration } from '../../../db/trends.js';
import { Invalid, NotFound, Upstream } from '../../../errors.js';
import { isLlmError } from '../../../providers/llm/index.js';
import { chatModelFor, modelNameFor } from '../../platform/models.js';
import { isTopic, type Topic } from '../../../shared/topics.js';
import { writeOfflineArticle } from '../generator/offline-writer.js';
import { shapeSentence } from '../generator/sentences.js';
import { splitSentences } from '../../../shared/text/sentences.js';
import { toWriterSources } from '../generator/write-article.js';
import { LOG_COMPONENTS, logEvent } from '../../platform/logs/index.js';
import { absoluteUrl, safePagePath, topicLabel } from '../../reader/pages/layout.js';
import { getSetting } from '../../platform/settings/index.js';
import { topicPagePath } from '../../../shared/pages.js';

const POST_LIMIT = 280;

interface Story {
  title: string;
  /** The sentence that says what happened. */
  keySentence: string;
  /** Text for the model's {content}: title, key facts. */
  text: string;
  link: string;
  topic: Topic;
}

function firstGoodSentence(text: string): string | null {
  for (const sentence of splitSentences(text)) {
    const shape = shapeSentence(sentence);
    if (shape && !shape.dangling && !shape.quote) return shape.text;
  }
  return null;
}

const quoted = (titles: string[]) => titles.map((title) => `"${title}"`).join(', ');
const wordsOf = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

/**
 * The trend a caller named: its whole title, or a part of exactly one title. Anything else is a 400
 * that lists what the caller may have meant, so a post never links to a story it is not about.
 */
async function trendNamed(ctx: AppContext, text: string): Promise<TrendForGeneration> {
  const exact = await trendByTitle(ctx.sql, text);
  if (exact) return exact;
  const containing = await trendsTitledLike(ctx.sql, text, 6);
  if (containing.length === 1) return containing[0]!;
  if (containing.length > 1) {
    throw Invalid(`"${text}" is part of several trend titles: ${quoted(containing.slice(0, 5).map((t) => t.title))}; give one of them`);
  }
  const recent = await recentTrendTitles(ctx.sql, 500);
  if (recent.length === 0) throw Invalid(`No trend is titled "${text}": there are no trends yet (run the trends analyzer first)`);
  const asked = wordsOf(text);
  const closest = recent
    .map((title, index) => ({ title, index, shared: [...wordsOf(title)].filter((word) => asked.has(word)).length }))
    .sort((a, b) => b.shared - a.shared || a.index - b.index)
    .slice(0, 3)
    .map((candidate) => candidate.title);
  throw Invalid(`No trend is titled "${text}"; the closest: ${quoted(closest)}`);
}

async function storyOf(ctx: AppContext, request: SocialContentRequest, origin: string): Promise<Story> {
  const requested = isTopic(request.category) ? request.category : null;
  if (request.generatedArticleId !== undefined) {
    const article = await generatedArticleById(ctx.sql, request.generatedArticleId);
    if (!article) throw NotFound(`No generated article with id ${request.generatedArticleId}`);
    const topic = requested ?? article.category ?? 'international';
    const page = safePagePath(article.htmlFilePath);
    const key = article.excerpt || firstGoodSentence(article.content) || article.title;
    return { title: article.title, keySentence: key, text: `${article.title}\n\n${key}`, link: absoluteUrl(origin, page ?? topicPagePath(topic)), topic };
  }
  if (request.articleId !== undefined) {
    const article = await articleWithStoryPage(ctx.sql, request.articleId);
    if (!article) throw NotFound(`No article with id ${request.articleId}`);
    const topic = requested ?? article.topic ?? 'international';
    const page = safePagePath(article.storyPath);
    const key = firstGoodSentence(article.content) ?? firstGoodSentence(article.excerpt ?? '') ?? article.title;
    return { title: article.title, keySentence: key, text: `${article.title}\n\n${key}`, link: page ? absoluteUrl(origin, page) : article.sourceUrl, topic };
  }
  const text = (request.trendText ?? '').trim();
  if (!text) throw Invalid('Send trendText, generatedArticleId or articleId');
  const trend = await trendNamed(ctx, text);
  const topic = requested ?? trend.topic;
  const article = await generatedArticleOfTrend(ctx.sql, trend.id);
  const page = safePagePath(article?.htmlFilePath ?? trend.htmlFilePath);
  let key = article?.excerpt || null;
  if (!key) {
    // No article yet: the lead the offline writer would choose from the sources.
    try {
      const sources = toWriterSources(await trendSourceArticles(ctx.sql, trend.id));
      key = writeOfflineArticle({ title: trend.title, description: trend.description, sources, targetWords: 60 }).excerpt;
    } catch {
      key = firstGoodSentence(trend.description) ?? trend.title;
    }
  }
  return {
    title: trend.title,
    keySentence: key,
    text: [trend.title, key, trend.description].filter(Boolean).join('\n\n'),
    link: absoluteUrl(origin, page ?? topicPagePath(topic)),
    topic,
  };
}

/** #Topic plus up to two names from the title ("Port Linden" → #PortLinden). */
function hashtags(title: string, topic: Topic): string[] {
  const tags = [`#${topicLabel(topic).replace(/[^A-Za-z0-9]/g, '')}`];
  const words = title
    .replace(/[^\p{L}\p{N}\s'-]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const names: string[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length >= 2 || (run.length === 1 && run[0]!.length >= 4 && run[0] !== words[0])) names.push(run.join(''));
    run = [];
  };
  for (const word of words) {
    if (/^\p{Lu}[\p{L}\p{N}'-]*$/u.test(word) && !/^(The|A|An|In|On|At|Of|And|For|To|As|After|Before|With|By)$/.test(word)) run.push(word.replace(/['-]/g, ''));
    else flush();
  }
  flush();
  for (const name of names) {
    const tag = `#${name}`;
    if (tags.length < 3 && !tags.some((t) => t.toLowerCase() === tag.toLowerCase())) tags.push(tag);
  }
  return tags;
}

/** Key sentence + link + hashtags, the sentence cut at a word (with "…") so the whole fits 280 characters. */
function offlinePost(story: Pick<Story, 'keySentence' | 'link' | 'title' | 'topic'>): string {
  let tags = hashtags(story.title, story.topic);
  const tail = () => ` ${story.link} ${tags.join(' ')}`;
  while (tags.length > 1 && tail().length > POST_LIMIT / 2) tags = tags.slice(0, -1);
  const room = POST_LIMIT - tail().length;
  let sentence = story.keySentence.replace(/\s+/g, ' ').trim();
  if (sentence.length > room) sentence = `${sentence.slice(0, Math.max(0, room - 1)).replace(/\s+\S*$/, '')}…`;
  return `${sentence}${tail()}`.slice(0, POST_LIMIT);
}

function fill(template: string, values: { content: string; category: string; link: string }): string {
  return template.replaceAll('{content}', values.content).replaceAll('{category}', values.category).replaceAll('{link}', values.link);
}

export async function generateSocialContent(ctx: AppContext, request: SocialContentRequest, origin: string): Promise<SocialContentResult> {
  const story = await storyOf(ctx, request, origin);
  const model = chatModelFor(ctx);
  if (!model) {
    const content = offlinePost(story);
    await logEvent(ctx, LOG_COMPONENTS.generator, 'info', `Social post written offline for "${story.title}" (${content.length} characters)`);
    return { content, writer: 'offline' };
  }
  const [system, prompt1, prompt2, modelName] = await Promise.all([
    getSetting<{ promptText: string }>(ctx, 'social-system-prompt'),
    getSetting<{ promptText: string }>(ctx, 'social-prompt-1'),
    getSetting<{ promptText: string }>(ctx, 'social-prompt-2'),
    modelNameFor(ctx, 'social-model-name'),
  ]);
  const values = { content: `${story.text}\n\nLink: ${story.link}`, category: topicLabel(story.topic), link: story.link };
  const posts: string[] = [];
  try {
    for (const prompt of [prompt1.promptText, prompt2.promptText]) {
      if (!prompt.trim()) continue;
      const result = await model.complete({
        feature: 'social',
        model: modelName,
        messages: [
          ...(system.promptText.trim() ? [{ role: 'system' as const, content: fill(system.promptText, values) }] : []),
          { role: 'user' as const, content: fill(prompt, values) },
        ],
      });
      posts.push(result.text.trim());
    }
  } catch (error) {
    const reason = isLlmError(error) ? error.message : (error as Error).message;
    await logEvent(ctx, LOG_COMPONENTS.generator, 'error', `Social post for "${story.title}" failed: ${reason}`);
    throw Upstream(`Social content generation failed: ${reason}`);
  }
  const content = posts.join('\n\n');
  await logEvent(ctx, LOG_COMPONENTS.generator, 'info', `Social post written by ${modelName} for "${story.title}"`);
  return { content, writer: 'model' };
}
