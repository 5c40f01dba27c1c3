/** One article as the offline trends engine sees it: text and provenance, nothing else. */
export interface StoryInput {
  id: string;
  title: string;
  body?: string;
  /** The publisher's name (or host); distinct sources drive relevance. */
  source?: string;
  /** ISO 8601; only its UTC day is used when clustering, and never on its own. */
  publishedAt?: string;
}

/** A story: articles about one event, most representative first. */
export interface StoryCluster {
  /** Stable for the same set of member ids (a hash of them), whatever the input order. */
  storyId: string;
  /** Members ordered by centrality (similarity to the story's centroid), highest first; ties by id. */
  articles: StoryInput[];
  /** Parallel to `articles`: cosine of each member with the story centroid, 0–1. */
  centrality: number[];
  /** The story's heaviest terms (stemmed), for display and debugging. */
  keyTerms: string[];
}

export interface OfflineTrend {
  storyId: string;
  /** A real headline of the story: the most representative one. */
  title: string;
  /** An extractive summary: 1–3 real sentences from the members' titles and bodies. */
  description: string;
  /** 0–10 with one decimal, from distinct sources, volume and recency. */
  relevanceScore: number;
  articleIds: string[];
  sources: string[];
  articlesAnalyzed: number;
}

/** Every field is optional; DEFAULT_CLUSTER_OPTIONS holds the tuned values. */
export interface ClusterOptions {
  /**
   * Document frequencies of a background corpus (see background.ts), so that words common in any
   * news weigh less even in a small batch. Default: the shipped model; `null`: the batch alone.
   */
  background?: BackgroundModel | null;
  /** Share of the background in the term statistics, 0–1 (0 = batch only). */
  backgroundShare?: number;
  /** Weight of a pair of adjacent words relative to a single word. */
  pairWeight?: number;
  /** Weight of a body (lead) word relative to a title word. */
  bodyWeight?: number;
  /** Two articles at least this similar (cosine) are near-duplicates and always share a story. */
  duplicateThreshold?: number;
  /** Two stories merge while their linkage, less the size penalty, is at least this. */
  mergeThreshold?: number;
  /** The merge threshold grows by this times ln(size of the smaller story). */
  sizePenalty?: number;
  /** A story's vector is the sum of its articles' raised to this power (below 1 flattens its dominant words). */
  centroidPower?: number;
  /** Neighbours kept per article in the candidate graph. */
  neighbours?: number;
  /** Pairs less similar than this are not candidates. */
  minSimilarity?: number;
  /** Words held by more articles than this are left out of the candidate index (they still count in similarity). */
  maxPosting?: number;
  /** Each article's heaviest features that the candidate index holds and looks up. */
  indexTerms?: number;
  /** Similarity is multiplied by this per whole 24 hours between two articles' times. */
  dayDecay?: number;
  /** Articles more than this many whole days apart never share a story. */
  maxDayGap?: number;
}

export interface RankOptions {
  /** Reference time for recency; defaults to the newest `publishedAt` among the clusters. */
  now?: Date;
  limit?: number;
  /** Stories with fewer articles are not trends (default 2). */
  minArticles?: number;
  /** Stories from fewer distinct sources (sites) are not trends (default 2). */
  minSources?: number;
}

export interface BackgroundModel {
  /** Number of documents the frequencies were counted over. */
  documents: number;
  /** Stemmed term → number of documents holding it. */
  documentFrequency: Map<string, number>;
}
