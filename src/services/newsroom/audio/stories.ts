// Today's top stories as the audio features tell them: the best current trends (at most two per
// topic, so one busy topic does not fill the bulletin), each with its key sentences taken from its
// own sources by the generator's extractive writer — the lead (what happened), a sentence naming
// who said or did it, and one that says why it matters — and the sites that reported it. Without
// trends, the newest articles of each topic stand in as one-source stories.
import type { AppContext } from '../../../context.js';
import { articleAsSource } from '../../../db/articles.js';
import { currentTrends, trendSourceArticles, type TrendSourceArticle } from '../../../db/trends.js';
import type { Topic } from '../../../shared/topics.js';
import { displayHost, InsufficientSourceText, writeOfflineArticle } from '../generator/offline-writer.js';
import { proseSiteName } from '../../reader/domains/site-name.js';
import { isAnAside } from '../generator/asides.js';
import { shapeSentence, termSet } from '../generator/sentences.js';
import { splitSentences } from '../../../shared/text/sentences.js';
import { pointedAt, SAID_BEFORE, withoutDescriptions } from '../generator/grammar.js';
import { peopleIn } from '../generator/person-names.js';
import { laterMentionsBySurname, peopleIntroducer } from '../generator/people.js';
import { recentArticlesByTopic } from '../../reader/home/index.js';
import { storyPagePath } from '../../../shared/pages.js';

export interface Story {
  title: string;
  topic: Topic;
  /** What happened: the lead sentence. */
  lead: string;
  /** Further facts in the sources' order (each a source sentence), not a scene or the story's history. */
  facts: string[];
  /** A fact that names who said or did something, if the sources have one. */
  who: string | null;
  /** Why it matters: a sentence of the sources stating a consequence, else nothing (never filler). */
  why: string | null;
  /** The names of the sites that reported it, as people say them (sites without one are left out). */
  sites: string[];
  /** How many distinct sites reported it, named or not. */
  siteCount: number;
  /** The trend it tells, when it came from one (its page is /story/{id}-…). */
  trendId?: number;
  /** The trend's own description (the analyzer's or the model's summary). */
  description: string;
  /** Every headline and sentence of its sources: what a sung line may not begin and stop short of. */
  sourceSentences?: string[];
}

export const TOPIC_PHRASES: Record<Topic, string> = {
  health: 'health',
  food: 'food',
  finance: 'business and finance',
  usa: 'U.S. news',
  international: 'international news',
  tech: 'technology',
  energy: 'energy',
  science: 'science',
};

const WHO =
  /\b(said|says|told|announced|according to|stated|confirmed|warned|argued|added|explained|spokes(man|woman|person)|minister|president|director|officials?|CEO|chief|researchers?|scientists?|mayor|governor)\b/i;
/** Someone speaking: preferred to a sentence that only names a role ("Regional officials plan…"). */
const SPOKE = /\b(said|says|told|announced|according to|stated|confirmed|warned|argued|added|explained)\b/i;
/** A sentence up to its first comma or semicolon: what its subject does, before any aside or second sentence. */
const firstClause = (sentence: string) => sentence.split(/[,;]\s/)[0]!;

/**
 * Someone named speaking: a person with a first name ("Dana Kowalczyk said…"), or a speaking verb
 * in the sentence's first clause ("Officials said…"). A scene with its source at the end ("At 8:52
 * on Tuesday, a crew…, the sheriff's office said") says what happened, not who is involved.
 */
function namesSpeaker(fact: string): boolean {
  if (!SPOKE.test(fact)) return false;
  return SPOKE.test(firstClause(fact)) || peopleIn(fact).length > 0;
}

/**
 * Someone acting, named by a role in the sentence's first clause ("Regional officials plan…"); a
 * role further on describes something else ("…a carbon-rich asteroid, the kind of body planetary
 * scientists think preserves…").
 */
const namesActor = (fact: string) => !SPOKE.test(fact) && WHO.test(firstClause(fact));

/**
 * A sentence that states a consequence: what will or could follow, why, at what risk. A figure or a
 * record alone is a fact, not a reason ("why it matters" is spoken only with such a sentence), nor
 * is a purpose ("engineered the antibody so that it is absorbed slowly" says how, not what follows).
 */
const WHY =
  /\b(because|means|meaning|could|would|might|may|will (?:mean|make|cost|force|allow|help|lead|affect|raise|cut|delay|keep|add|leave)|expected to|likely to|lead to|leads to|result in|impact|affect(s|ed)?|consequences?|risks?|threat(en)?s?|warn(s|ed)?|concerns?)\b/i;
/**
 * A purpose, to the end of its phrase: "…agreed to a pause in shelling so that aid convoys could
 * reach the towns" says what the pause is for, and the convoys' "could" no consequence.
 */
const PURPOSE = /\b(?:so\s+that|in\s+order\s+(?:that|to))\b[^,;:—–]*/gi;

/**
 * Whether a sentence says what will or could follow (WHY), outside its purposes and what describes
 * a thing in it ("a cap analysts had feared the Commission would test": no consequence).
 */
const statesConsequence = (fact: string) => {
  const told = fact.replace(PURPOSE, ' ');
  return WHY.test(told) && WHY.test(withoutDescriptions(told));
};

function plain(sentence: string): string {
  // The written article's inline attribution "(host)" reads badly aloud; sites are named in speech instead.
  return sentence
    .replace(/\s\((?:[a-z0-9-]+\.)+[a-z]{2,}(?::\d+)?\)(?=[.!?]?$)/i, '')
    .replace(/, ([a-z0-9-]+\.)+[a-z]{2,} reported\.$/i, '.')
    .trim();
}

/**
 * How the story's sites are named aloud: the name a site gives itself ("Skyline News") — the one
 * most of its articles give — else a name read from its domain; a site known only by an address is
 * counted, never named.
 */
function spokenSites(articles: readonly TrendSourceArticle[]): { sites: string[]; siteCount: number } {
  const namesBySite = new Map<string, Map<string, number>>();
  for (const article of articles) {
    const site = displayHost(article.domainName).toLowerCase();
    const names = namesBySite.get(site) ?? new Map<string, number>();
    if (article.siteName) names.set(article.siteName, (names.get(article.siteName) ?? 0) + 1);
    namesBySite.set(site, names);
  }
  const spoken = [...namesBySite].map(([site, names]) => proseSiteName(site, [...names].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0]));
  return { sites: [...new Set(spoken.filter((name): name is string => name !== null))], siteCount: namesBySite.size };
}

const COUNT_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const countWord = (n: number) => COUNT_WORDS[n] ?? String(n);

/**
 * Who reported the story, to be spoken: "Skyline News, Harbor Times and two other sites", "three
 * sites", "one source"; at most `most` names. Null when no site is known.
 */
export function reportedBy(story: Pick<Story, 'sites' | 'siteCount'>, most = 3): string | null {
  if (story.siteCount === 0) return null;
  const named = story.sites.slice(0, most);
  if (named.length === 0) return story.siteCount === 1 ? 'one source' : `${countWord(story.siteCount)} sites`;
  const others = Math.max(0, story.siteCount - named.length);
  const parts = others === 0 ? named : [...named, others === 1 ? 'one other site' : `${countWord(others)} other sites`];
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

export function storyFromSources(title: string, topic: Topic, description: string, articles: readonly TrendSourceArticle[]): Story | null {
  const sources = articles.map((article) => ({
    url: article.sourceUrl,
    title: article.title,
    domain: article.domainName,
    text: article.content?.trim() ? article.content : (article.excerpt ?? ''),
    copyHeadlines: article.copyHeadlines ?? [],
  }));
  let sentences: string[];
  try {
    const written = writeOfflineArticle({ title, description, sources, targetWords: 160 });
    sentences = written.body.map((sentence) => plain(sentence.named));
  } catch (error) {
    if (!(error instanceof InsufficientSourceText)) throw error;
    // Too little text for the writer: the trend's own description and whatever sentences stand alone.
    sentences = [...splitSentences(description), ...sources.flatMap((source) => splitSentences(source.text))]
      .map((raw) => shapeSentence(raw)?.text)
      .filter((text): text is string => Boolean(text))
      .slice(0, 4);
  }
  if (sentences.length === 0) return null;
  const [lead, ...told] = sentences as [string, ...string[]];
  // An article may set a feature's scene or tell the story's history; a story told aloud or sung
  // has a few facts, and those are its news ("the longest line didn't lead to a factory" says no
  // consequence either).
  // A fact is spoken or sung next to the lead, not after the sentence the article printed before
  // it: one pointing at a thing ("that cutbank", "those changes") the headline and lead do not
  // name is left out.
  const heard = termSet(`${title} ${lead}`);
  const standsAlone = (sentence: string) => pointedAt(sentence).every((noun) => noun !== SAID_BEFORE && [...termSet(noun)].every((term) => heard.has(term)));
  const facts = told.filter((sentence) => !isAnAside(sentence) && standsAlone(sentence));
  const who = facts.find(namesSpeaker) ?? facts.find(namesActor) ?? null;
  // Why it matters: a consequence the story states, before one a speaker forecasts ("…told reporters
  // that a cut could come"), which says who is involved as much as what follows.
  const consequences = facts.filter((fact) => fact !== who && statesConsequence(fact));
  const why = consequences.find((fact) => !namesSpeaker(fact)) ?? consequences[0] ?? null;
  return {
    title,
    topic,
    lead,
    facts,
    who,
    why,
    ...spokenSites(articles),
    description,
    sourceSentences: [...sources.map((source) => source.title), ...sources.flatMap((source) => splitSentences(source.text))],
  };
}

/** An episode's stories as its chapters know them: title, lead (to find where it starts) and story page. */
export function chapterStoriesOf(stories: readonly Story[]): { title: string; lead: string; url?: string }[] {
  return stories.map((story) => ({
    title: story.title,
    lead: story.lead,
    ...(story.trendId ? { url: storyPagePath({ id: story.trendId, title: story.title }) } : {}),
  }));
}

/** The best current stories, most relevant first. */
export async function topStories(ctx: Pick<AppContext, 'sql'>, limit: number, signal?: AbortSignal): Promise<Story[]> {
  const trends = await currentTrends(ctx.sql);
  const perTopic = new Map<Topic, number>();
  const stories: Story[] = [];
  for (const trend of trends) {
    if (stories.length >= limit) break;
    signal?.throwIfAborted();
    if ((perTopic.get(trend.topic) ?? 0) >= 2) continue;
    const articles = await trendSourceArticles(ctx.sql, trend.id, 20_000);
    const story = storyFromSources(trend.title, trend.topic, trend.description, articles);
    if (!story) continue;
    stories.push({ ...story, trendId: trend.id });
    perTopic.set(trend.topic, (perTopic.get(trend.topic) ?? 0) + 1);
  }
  if (stories.length > 0) return stories;

  // No trends yet: the newest article of each topic, told from its own text.
  const recent = await recentArticlesByTopic(ctx);
  for (const [topic, articles] of Object.entries(recent) as [Topic, { id: number; title: string }[]][]) {
    const first = articles[0];
    if (!first || stories.length >= limit) continue;
    const article = await articleAsSource(ctx.sql, first.id);
    if (!article) continue;
    const story = storyFromSources(article.title, topic, article.excerpt ?? '', [article]);
    if (story) stories.push(story);
  }
  return stories;
}

/**
 * For a story's sentences in the order they are spoken: each person named in full at their first
 * mention, as the story's sources introduce them ("said Whitlow" → "said Dana Whitlow"), and by
 * surname after. The article writer names people the same way.
 */
export function peopleNamer(story: Story): (sentence: string) => string {
  const told = [story.lead, ...story.facts, story.who ?? '', story.why ?? ''].filter(Boolean);
  const introduce = peopleIntroducer(told, story.sourceSentences ?? []);
  const shorten = laterMentionsBySurname();
  return (sentence) => shorten(introduce(sentence));
}
