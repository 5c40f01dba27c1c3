// Writing with the configured model: the "with sources" configuration when the sources carry text,
// the "without sources" one when they hold little more than headlines. %ArticleText% takes the
// sources (or the trend), {wordCount} the target; the reply's first bold line is the title.
import type { ArticleSource } from '../../../db/generated-articles.js';
import type { ChatModel } from '../../../providers/llm/index.js';
import { displayHost, withScheme, type WriterSource } from './offline-writer.js';
import { proseSiteName } from '../../reader/domains/site-name.js';
import { wordCount } from '../../../shared/text/sentences.js';

export interface GenerationConfig {
  systemPrompt: string;
  userPrompt: string;
  modelName: string;
}

export interface ModelWriterInput {
  title: string;
  description: string;
  topic: string;
  sources: readonly WriterSource[];
  targetWords: number;
  withSources: GenerationConfig;
  noSources: GenerationConfig;
  /** Used when the configuration names no model. */
  defaultModel: string;
  signal?: AbortSignal;
  /** What was wrong with a first answer (model-checks.ts): the second try is told. */
  problems?: readonly string[];
}

export interface ModelArticle {
  title: string;
  content: string;
  excerpt: string;
  wordCount: number;
  sources: ArticleSource[];
  modelName: string;
  /** Which configuration was used. */
  configuration: 'with-sources' | 'no-sources';
  /** The messages sent (kept for the log and tests). */
  prompt: { system: string; user: string };
}

/** Sources with less text than this in total go to the "without sources" configuration. */
const MIN_SOURCE_WORDS = 120;
/** The prompt's share of each source, so ten long articles still fit a model's context. */
const SOURCE_CHARACTERS = 6_000;

function fillPlaceholders(template: string, values: Record<string, string>): string {
  return template.replace(/%ArticleText%|\{wordCount\}|%WordCount%|\{topic\}|\{title\}/g, (token) => {
    switch (token) {
      case '%ArticleText%':
        return values.articleText ?? token;
      case '{wordCount}':
      case '%WordCount%':
        return values.wordCount ?? token;
      case '{topic}':
        return values.topic ?? token;
      default:
        return values.title ?? token;
    }
  });
}

/** The publisher as prose may name it; an address is not a name, and the model is told so. */
function publisher(source: WriterSource): string {
  return proseSiteName(source.domain, source.siteName) ?? 'an unnamed site (do not name it)';
}

function prosePublisher(source: WriterSource): string {
  const name = proseSiteName(source.domain, source.siteName);
  return name ? ` (${name})` : '';
}

function sourcesText(input: ModelWriterInput): string {
  const header = [`Trend: ${input.title}`, `Topic: ${input.topic}`, input.description ? `Summary: ${input.description}` : ''].filter(Boolean);
  const blocks = input.sources.map((source, i) => {
    const text = source.text.length > SOURCE_CHARACTERS ? `${source.text.slice(0, SOURCE_CHARACTERS)}…` : source.text;
    return [`Source ${i + 1}: ${source.title}`, `Publisher: ${publisher(source)}`, `URL: ${withScheme(source.url)}`, '', text.trim()].join('\n');
  });
  return [header.join('\n'), ...blocks].join('\n\n---\n\n');
}

function trendText(input: ModelWriterInput): string {
  const headlines = input.sources.map((source) => `- ${source.title}${prosePublisher(source)}`);
  return [`Trend: ${input.title}`, `Topic: ${input.topic}`, input.description ? `Summary: ${input.description}` : '', '', 'Headlines:', ...headlines]
    .filter((line, i) => line !== '' || i === 3)
    .join('\n');
}

/** Splits a reply into its title (a first line in **…**, "# …" or "Title: …") and the rest. */
function parseModelArticle(reply: string, fallbackTitle: string): { title: string; content: string } {
  const lines = reply.replace(/\r\n/g, '\n').trim().split('\n');
  const first = lines[0]?.trim() ?? '';
  const heading = /^\*\*(.+?)\*\*$/.exec(first) ?? /^#{1,3}\s+(.+)$/.exec(first) ?? /^title:\s*(.+)$/i.exec(first);
  if (heading) {
    const title = heading[1]!.replace(/\*\*/g, '').trim();
    return { title: title || fallbackTitle, content: lines.slice(1).join('\n').trim() };
  }
  return { title: fallbackTitle, content: reply.trim() };
}

function firstParagraph(content: string): string {
  const paragraph = content.split(/\n\s*\n/).find((block) => !/^\s*\*\*[^*]+\*\*\s*$/.test(block) && wordCount(block) >= 8) ?? '';
  const plain = paragraph.replace(/\*\*/g, '').replace(/\s+/g, ' ').trim();
  return plain.length > 300 ? `${plain.slice(0, 297).replace(/\s+\S*$/, '')}…` : plain;
}

export async function writeWithModel(model: ChatModel, input: ModelWriterInput): Promise<ModelArticle> {
  const sourceWords = input.sources.reduce((sum, source) => sum + wordCount(source.text), 0);
  const configuration = sourceWords >= MIN_SOURCE_WORDS ? 'with-sources' : 'no-sources';
  const config = configuration === 'with-sources' ? input.withSources : input.noSources;
  const values = {
    articleText: configuration === 'with-sources' ? sourcesText(input) : trendText(input),
    wordCount: String(input.targetWords),
    topic: input.topic,
    title: input.title,
  };
  const system = fillPlaceholders(config.systemPrompt, values);
  const revision = input.problems?.length
    ? `\n\nYour previous answer could not be published:\n${input.problems.map((problem) => `- ${problem}`).join('\n')}\nWrite the article again.`
    : '';
  const user = `${fillPlaceholders(config.userPrompt, values)}${revision}`;
  const modelName = config.modelName.trim() || input.defaultModel;
  const result = await model.complete({
    feature: 'article-generator',
    model: modelName,
    messages: [...(system.trim() ? [{ role: 'system' as const, content: system }] : []), { role: 'user' as const, content: user }],
    // Room for the target length with margin (a token is about three quarters of a word).
    maxTokens: Math.min(16_000, Math.ceil(input.targetWords * 2.5) + 400),
    signal: input.signal,
  });
  const { title, content } = parseModelArticle(result.text, input.title);
  if (wordCount(content) < 20) throw new Error(`the model answered with no usable article (${wordCount(content)} words)`);
  const sources = input.sources.map((source) => ({ url: withScheme(source.url), title: source.title.trim(), domain: displayHost(source.domain) }));
  const bodyOnly = content.split(/\n\s*(?:\*\*)?\s*(?:related\s+)?sources\s*:?\s*(?:\*\*)?\s*:?\s*\n/i)[0] ?? content;
  return {
    title,
    content,
    excerpt: firstParagraph(content),
    wordCount: wordCount(bodyOnly.replace(/\*\*/g, '')),
    sources,
    modelName: result.model,
    configuration,
    prompt: { system, user },
  };
}
