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

export interface ClusterOptions {
  /**
   * Document frequencies of a background corpus (see background.ts). Terms common in ordinary news
   * then weigh less even when a batch is small; `null` uses the batch statistics alone.
   */
  background?: BackgroundModel | null;
  /** Similarity above which two headlines are near-duplicates (wire copies) and always merge. */
  duplicateThreshold?: number;
  /** Minimum linkage for merging two stories. */
  mergeThreshold?: number;
  /** Neighbours kept per article in the candidate graph. */
  neighbours?: number;
  /** Per day of distance between two articles' UTC days, similarity is multiplied by this. */
  dayDecay?: number;
  /** Articles more than this many days apart are never candidates. */
  maxDayGap?: number;
}

export interface RankOptions {
  /** Reference time for recency; defaults to the newest `publishedAt` among the clusters. */
  now?: Date;
  limit?: number;
  /** Stories with fewer articles are not trends (default 2). */
  minArticles?: number;
}

export interface BackgroundModel {
  /** Number of documents the frequencies were counted over. */
  documents: number;
  /** Stemmed term → number of documents holding it. */
  documentFrequency: Map<string, number>;
}
