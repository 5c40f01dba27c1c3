// A model's article is held to the offline writer's rules before it is stored: it cites only the
// story's own sources (every address it writes is one of theirs), it opens with the story's news
// (its first paragraph shares words with the headline), and it does not say one thing twice (no two
// sentences that are near-copies). The reasons read as instructions, so a retry can be told them.
import { withScheme, type WriterSource } from './offline-writer.js';
import { termOverlap, termSet } from './sentences.js';
import { splitSentences } from '../../../shared/text/sentences.js';

/** Two sentences sharing more of their terms than this say one thing twice. */
const NEAR_COPY = 0.6;
/** The first paragraph shares at least this much of the headline's terms: it tells the news. */
const LEAD_OVERLAP = 0.2;

/** An address compared as people mean it: scheme, `www.`, a trailing slash and a fragment aside. */
function comparable(url: string): string {
  return withScheme(url)
    .replace(/#.*$/, '')
    .replace(/^https?:\/\/(www\.)?/i, '')
    .replace(/\/+$/, '')
    .toLowerCase();
}

/** The addresses a text writes (bare `https://…`, Markdown links), without trailing punctuation. */
export function citedAddresses(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>()[\]"'`]+/gi)].map((match) => match[0].replace(/[.,;:!?*]+$/, ''));
}

function bodyOf(content: string): string {
  return content.split(/\n\s*(?:\*\*)?\s*(?:related\s+)?sources\s*:?\s*(?:\*\*)?\s*:?\s*\n/i)[0] ?? content;
}

/** What is wrong with a model's article, as instructions for a second try; empty when nothing is. */
export function modelArticleProblems(article: { title: string; content: string }, story: { title: string; sources: readonly WriterSource[] }): string[] {
  const problems: string[] = [];
  const allowed = new Set(story.sources.map((source) => comparable(source.url)));
  const foreign = [...new Set(citedAddresses(article.content).filter((url) => !allowed.has(comparable(url))))];
  if (foreign.length > 0) problems.push(`Cite only the sources given; these addresses are not among them: ${foreign.slice(0, 5).join(', ')}`);

  const body = bodyOf(article.content).replace(/\*\*/g, '');
  const paragraphs = body
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block.split(/\s+/).length >= 8);
  const headline = termSet(story.title);
  if (paragraphs[0] && headline.size > 0 && termOverlap(headline, termSet(paragraphs[0])) < LEAD_OVERLAP) {
    problems.push(`Open with the news the headline states ("${story.title}"), not a side detail`);
  }

  const sentences = splitSentences(body)
    .map((sentence) => ({ sentence: sentence.trim(), terms: termSet(sentence) }))
    .filter((s) => s.terms.size >= 4);
  for (let i = 0; i < sentences.length; i++) {
    const twice = sentences.slice(i + 1).find((other) => termOverlap(sentences[i]!.terms, other.terms) > NEAR_COPY);
    if (twice) {
      problems.push(`Say each fact once; this is said twice: "${sentences[i]!.sentence.slice(0, 120)}"`);
      break;
    }
  }
  return problems;
}
