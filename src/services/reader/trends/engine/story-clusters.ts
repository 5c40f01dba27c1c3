// clusterStories: the public entry of the clustering stage. It fixes the article order (by id) so
// that the result never depends on the order of the input, then vectorises, agglomerates and
// describes each story by its centrality order and key terms.
import { createHash } from 'node:crypto';
import { agglomerate } from './cluster.js';
import { loadDefaultBackground } from './background.js';
import { terms } from './tokenize.js';
import { type FeatureNames, vectorize, type SparseVector } from './vectorize.js';
import type { ClusterOptions, StoryCluster, StoryInput } from './types.js';

/**
 * Tuned on clusters-dev-1d.jsonl (one day, 102 stories) and checked on clusters-dev-longtail.jsonl;
 * dayDecay could only be chosen on the longtail file (see bench/stories.bench.ts).
 */
const DEFAULT_CLUSTER_OPTIONS: Required<Omit<ClusterOptions, 'background'>> = {
  duplicateThreshold: 0.8,
  mergeThreshold: 0.1,
  sizePenalty: 0.06,
  centroidPower: 0.75,
  neighbours: 10,
  minSimilarity: 0.1,
  maxPosting: 500,
  indexTerms: 40,
  dayDecay: 0.2,
  maxDayGap: 2,
  pairWeight: 0.5,
  bodyWeight: 0.5,
  backgroundShare: 0.8,
};

export function clusterStories(articles: StoryInput[], options: ClusterOptions = {}): StoryCluster[] {
  const settings = { ...DEFAULT_CLUSTER_OPTIONS, ...definedOnly(options) };
  const background = options.background === undefined ? loadDefaultBackground() : options.background;
  const ordered = [...articles].sort(compareArticles);
  if (ordered.length === 0) return [];

  const { vectors, features, featureWeight } = vectorize(ordered, { ...settings, background });
  const days = Float64Array.from(ordered, (article) => dayNumber(article.publishedAt));
  const groups = agglomerate(vectors, features.count, { ...settings, days });

  const scratch = { sums: new Float64Array(features.count), seen: new Int32Array(features.count) };
  const stories = groups.map((members, n) => describeStory(members, ordered, vectors, features, featureWeight, scratch, n + 1));
  // Largest first, then by the first member's id: a stable order for callers that print clusters.
  return stories.sort((x, y) => y.articles.length - x.articles.length || compareIds(minId(x), minId(y)));
}

/**
 * A story's articles by centrality (each one's cosine with the story's normalised summed vector)
 * and its key terms. The sums are kept in `scratch`, arrays over every feature that `mark` (unique
 * per story) tells apart from the last story's: a map per story was a tenth of the grouping's time.
 */
function describeStory(
  members: number[],
  ordered: StoryInput[],
  vectors: SparseVector[],
  features: FeatureNames,
  featureWeight: Float64Array,
  scratch: { sums: Float64Array; seen: Int32Array },
  mark: number,
): StoryCluster {
  const { sums, seen } = scratch;
  // Feature ids in the order first met (the norm sums them in that order).
  const met: number[] = [];
  for (const i of members) {
    const vector = vectors[i]!;
    for (let k = 0; k < vector.ids.length; k++) {
      const id = vector.ids[k]!;
      if (seen[id] !== mark) {
        seen[id] = mark;
        sums[id] = 0;
        met.push(id);
      }
      sums[id]! += vector.weights[k]!;
    }
  }
  let norm = 0;
  for (const id of met) norm += sums[id]! * sums[id]!;
  norm = Math.sqrt(norm) || 1;
  // The cosine with the centroid: every feature of an article is one of the story's.
  const centralityOf = (vector: SparseVector) => {
    let product = 0;
    for (let k = 0; k < vector.ids.length; k++) product += vector.weights[k]! * (sums[vector.ids[k]!]! / norm);
    return Math.max(0, Math.min(1, product));
  };
  // Compared to a millionth: both articles of a two-article story are exactly as central, and which
  // one the rounding of their weights put first named the story (its title) by chance. Among equals,
  // the headline whose words the others use most (in their headline or lead) comes first, then the
  // lower id.
  const ranked = members.map((i) => {
    const centrality = centralityOf(vectors[i]!);
    return { i, centrality, rank: Math.round(centrality * CENTRALITY_STEPS) };
  });
  ranked.sort((x, y) => y.rank - x.rank || compareArticles(ordered[x.i]!, ordered[y.i]!));
  for (let from = 0; from < ranked.length; ) {
    let to = from + 1;
    while (to < ranked.length && ranked[to]!.rank === ranked[from]!.rank) to++;
    if (to - from > 1) {
      const equals = ranked.slice(from, to);
      const told = equals.map(({ i }) =>
        headlineToldByOthers(
          ordered[i]!.title,
          equals.filter((other) => other.i !== i).map((other) => vectors[other.i]!),
          features,
        ),
      );
      // As much told, they stay in id order.
      const order = equals.map((_, k) => k).sort((a, b) => told[b]! - told[a]! || a - b);
      ranked.splice(from, to - from, ...order.map((k) => equals[k]!));
    }
    from = to;
  }
  const keyTerms = topFeatures(met, sums, featureWeight, KEY_TERMS).map((id) => features.name(id));
  const articles = ranked.map(({ i }) => ordered[i]!);
  return {
    storyId: storyIdOf(articles.map((article) => article.id)),
    articles,
    centrality: ranked.map(({ centrality }) => Math.round(centrality * 1000) / 1000),
    keyTerms,
  };
}

/** The share of a headline's terms that these other articles' vectors hold as words. */
function headlineToldByOthers(headline: string, others: readonly SparseVector[], features: FeatureNames): number {
  const theirs = new Set<string>();
  for (const vector of others)
    for (const id of vector.ids) {
      const word = features.word(id);
      if (word !== null) theirs.add(word);
    }
  const own = new Set(terms(headline));
  let told = 0;
  for (const term of own) if (theirs.has(term)) told++;
  return own.size ? told / own.size : 0;
}

/** Centralities closer than one step of this many are a tie. */
const CENTRALITY_STEPS = 1e6;

/** Key terms a story is described by. */
const KEY_TERMS = 8;

/**
 * The `count` weighted features of `ids` with the largest sums (ties: the lower id), largest
 * first: picked in one pass, as sorting every feature of a week's stories cost ~0.5 s.
 */
export function topFeatures(ids: readonly number[], sums: Float64Array, featureWeight: Float64Array, count: number): number[] {
  const top: number[] = [];
  const before = (a: number, b: number) => sums[a]! > sums[b]! || (sums[a] === sums[b] && a < b);
  for (const id of ids) {
    if (featureWeight[id]! <= 0 || (top.length === count && !before(id, top[count - 1]!))) continue;
    let at = top.length === count ? count - 1 : top.length;
    while (at > 0 && before(id, top[at - 1]!)) {
      top[at] = top[at - 1]!;
      at--;
    }
    top[at] = id;
  }
  return top;
}

/** A short hash of the sorted member ids: the same articles always make the same story id. */
export function storyIdOf(articleIds: string[]): string {
  const hash = createHash('sha1');
  for (const id of [...articleIds].sort(compareIds)) hash.update(id).update('\u0000');
  return `story-${hash.digest('hex').slice(0, 12)}`;
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareArticles(a: StoryInput, b: StoryInput): number {
  return (
    compareIds(a.id, b.id) ||
    compareIds(a.title, b.title) ||
    compareIds(a.body ?? '', b.body ?? '') ||
    compareIds(a.source ?? '', b.source ?? '') ||
    compareIds(a.publishedAt ?? '', b.publishedAt ?? '')
  );
}

function minId(story: StoryCluster): string {
  let least = story.articles[0]!.id;
  for (const article of story.articles) if (article.id < least) least = article.id;
  return least;
}

/**
 * Days since the epoch of an ISO time, with the fraction of its day, or -1 when missing or
 * unreadable. Fractional so that two articles an hour apart on either side of midnight are the
 * same day apart as two an hour apart at noon (a calendar day would split a story at midnight).
 */
function dayNumber(publishedAt: string | undefined): number {
  if (!publishedAt) return -1;
  const time = Date.parse(publishedAt);
  return Number.isNaN(time) || time < 0 ? -1 : time / 86_400_000;
}

function definedOnly<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<T>;
}
