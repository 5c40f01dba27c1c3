// News webs for the voices bench in one shape: the evaluation webs other authors wrote
// (../shared/eval/voices-*.json, format in its README; read, never tuned on) and the project's own
// fixture webs (the local web the settings were chosen on, the held-out web frozen before tuning),
// so that every web is served, crawled, analysed and measured the same way.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Topic } from '../../src/shared/topics.js';
import { packagePath } from '../../src/paths.js';
import { HELD_OUT_STORIES } from '../../test/fixtures/stories/held-out-web.js';
import { tellingParagraphs, WEB_STORIES, type WebStory } from '../../test/fixtures/stories/local-web.js';
import { termSet } from '../../src/services/newsroom/generator/sentences.js';

/** A sentence states a fact's text when this share of the text's terms is in it (the newsroom bench's rule). */
const TELLS = 0.6;

export const norm = (text: string) => text.replace(/\s+/g, ' ').trim();

export interface EvalArticle {
  site: number;
  headline: string;
  paragraphs: string[];
  /** Per paragraph, the ids of the facts it states (empty when not annotated). */
  facts: string[][];
  hoursAgo: number;
  /** Another outlet's wire copy, republished word for word: the site it is copied from. */
  syndicatedFrom: number | null;
}

export interface EvalStory {
  id: string;
  topic: Topic;
  /** The facts that are the news (what the headlines say). */
  lead: string[];
  facts: { id: string; text: string }[];
  articles: EvalArticle[];
}

export interface EvalWeb {
  name: string;
  /** Measured only: its figures never choose a setting. */
  measuredOnly: boolean;
  sites: string[];
  stories: EvalStory[];
  singles: { site: number; topic: Topic; headline: string; paragraphs: string[]; hoursAgo: number }[];
}

/** Where the evaluation webs are: NEWSCTL_EVAL_DIR, else ../shared/eval beside the package. */
export function evalDir(): string {
  return process.env.NEWSCTL_EVAL_DIR ?? join(packagePath(), '..', 'shared', 'eval');
}

interface VoicesFile {
  name: string;
  window: [string, string];
  sites: { id: string; name: string }[];
  stories: {
    id: string;
    topic: Topic;
    lead: string;
    facts: { id: string; text: string }[];
    articles: { id: string; site: string; headline: string; published: string; paragraphs: string[]; facts: string[][]; syndicatedFrom: string | null }[];
  }[];
  singles: { id: string; site: string; topic: Topic; headline: string; published: string; paragraphs: string[] }[];
}

/** The site of the article a wire copy republishes (the file gives the article's id), or null. */
function syndicatedSite(articles: readonly { id: string; site: string }[], original: string | null, siteIndex: ReadonlyMap<string, number>): number | null {
  if (original === null) return null;
  const site = articles.find((article) => article.id === original)?.site;
  if (site === undefined) throw new Error(`a wire copy names ${original}, which is not an article of its story`);
  return siteIndex.get(site) ?? null;
}

/** The voices webs found in `dir`, their dates moved so that the window ends just before now. */
export function voicesWebs(dir = evalDir()): EvalWeb[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => /^voices-.*\.json$/.test(file))
    .sort()
    .map((file) => {
      const raw = JSON.parse(readFileSync(join(dir, file), 'utf8')) as VoicesFile;
      const end = Date.parse(raw.window[1]);
      // The window's end ten minutes ago: the whole web is recent news.
      const hoursAgo = (published: string) => Math.max(0.2, (end - Date.parse(published)) / 3_600_000 + 1 / 6);
      const siteIndex = new Map(raw.sites.map((site, i) => [site.id, i]));
      return {
        name: `${raw.name} (${file})`,
        measuredOnly: true,
        sites: raw.sites.map((site) => site.name),
        stories: raw.stories.map((story) => ({
          id: story.id,
          topic: story.topic,
          // The lead is a fact's id, or its text.
          lead: story.facts.some((fact) => fact.id === story.lead)
            ? [story.lead]
            : story.facts.filter((fact) => fact.text === story.lead).map((fact) => fact.id),
          facts: story.facts,
          articles: story.articles.map((article) => ({
            site: siteIndex.get(article.site)!,
            headline: article.headline,
            paragraphs: article.paragraphs,
            facts: article.facts,
            hoursAgo: hoursAgo(article.published),
            // The file names the original article; a copy is compared by the site it is copied from.
            syndicatedFrom: syndicatedSite(story.articles, article.syndicatedFrom, siteIndex),
          })),
        })),
        singles: raw.singles.map((single) => ({
          site: siteIndex.get(single.site)!,
          topic: single.topic,
          headline: single.headline,
          paragraphs: single.paragraphs,
          hoursAgo: hoursAgo(single.published),
        })),
      };
    });
}

/** A fixture web in the same shape: telling i states fact (f + i) % n in paragraph f (local-web.ts). */
function fixtureWeb(name: string, stories: readonly WebStory[], measuredOnly: boolean): EvalWeb {
  const siteCount = Math.max(...stories.flatMap((story) => story.sites)) + 1;
  return {
    name,
    measuredOnly,
    sites: Array.from({ length: siteCount }, (_, i) => `Site ${i + 1}`),
    stories: stories.map((story) => ({
      id: story.key,
      topic: story.topic,
      // The local web's egg story: its headline names two facts.
      lead: story.key === 'eggs' ? ['f0', 'f1'] : ['f0'],
      facts: story.facts.map((wordings, f) => ({ id: `f${f}`, text: wordings[0]! })),
      articles: story.titles.map((headline, i) => {
        const paragraphs = tellingParagraphs(story, i);
        const own = Boolean(story.own?.[i]);
        return {
          site: story.sites[i]!,
          headline,
          paragraphs,
          facts: paragraphs.map((_, f) => (own ? [] : [`f${(f + i) % story.facts.length}`])),
          hoursAgo: 1 + i,
          syndicatedFrom: null,
        };
      }),
    })),
    singles: [],
  };
}

export function fixtureWebs(): EvalWeb[] {
  return [fixtureWeb('local web (settings chosen on it)', WEB_STORIES, false), fixtureWeb('held-out web (frozen before tuning)', HELD_OUT_STORIES, true)];
}

/**
 * The facts of `story` a sentence states, the likeliest first: by provenance (the annotated paragraph
 * it comes from; of a paragraph stating several, those its words are at least half as close to as
 * to the closest), else by its terms.
 */
export function factsOf(sentence: string, story: EvalStory): string[] {
  const wanted = norm(sentence);
  const terms = termSet(sentence);
  const overlap = (text: string) => {
    const t = termSet(text);
    return t.size ? [...t].filter((term) => terms.has(term)).length / t.size : 0;
  };
  for (const article of story.articles) {
    for (const [p, paragraph] of article.paragraphs.entries()) {
      if (!norm(paragraph).includes(wanted) && !norm(paragraph).includes(wanted.replace(/^\S+\s+/, ''))) continue;
      const ids = article.facts[p] ?? [];
      if (ids.length <= 1) return ids;
      // A paragraph stating several facts: those this sentence's words are close to (at least half
      // as close as the closest; a sentence may state two).
      // Best first: a count of facts told twice takes only the first, a lead may be any of them.
      const scored = ids.map((id) => ({ id, score: overlap(story.facts.find((fact) => fact.id === id)?.text ?? '') })).sort((a, b) => b.score - a.score);
      return scored.filter((entry) => entry.score >= scored[0]!.score / 2).map((entry) => entry.id);
    }
  }
  return story.facts.filter((fact) => overlap(fact.text) >= TELLS).map((fact) => fact.id);
}
