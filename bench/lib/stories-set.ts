// Loads the story-clustering development files where they live (never copied into the repo) and
// scores a clustering against their gold stories with B-cubed (see the data set's README).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { packageRoot } from '../../src/paths.js';
import type { StoryInput } from '../../src/services/reader/trends/engine/index.js';

export interface GoldStoryArticle {
  article: StoryInput;
  storyId: string;
}

export function datasetsRoot(): string {
  return process.env.NEWSCTL_DATASETS ?? resolve(packageRoot, '../shared/data');
}

export function storyFilePath(name: string): string {
  return join(datasetsRoot(), 'trends', name);
}

/** The articles of a story file, stripped to what the engine may read, with the gold story beside. */
/**
 * The data's README: "the date is real, the time of day is not" (each time is random within its UTC
 * day). The engine measures real elapsed time, so it is given each row's date at noon: what the data
 * knows, and no made-up hours that would put one story's rows up to a day apart.
 */
function dateOnly(publishedAt: string | undefined): string | undefined {
  return publishedAt && /^\d{4}-\d{2}-\d{2}T/.test(publishedAt) ? `${publishedAt.slice(0, 10)}T12:00:00.000Z` : publishedAt;
}

export function loadStorySet(name: string): GoldStoryArticle[] {
  return readFileSync(storyFilePath(name), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      const row = JSON.parse(line) as Record<string, string>;
      return {
        article: { id: row.id!, title: row.title!, body: row.body ?? '', source: row.source, publishedAt: dateOnly(row.publishedAt) },
        storyId: row.story_id!,
      };
    });
}

export interface BCubed {
  precision: number;
  recall: number;
  f1: number;
  clusters: number;
}

/** B-cubed precision, recall and F1 averaged over articles; an article missing from `predicted` is a cluster of its own. */
export function bcubed(gold: Map<string, string>, predicted: Map<string, string>): BCubed {
  const key = (id: string) => predicted.get(id) ?? `alone:${id}`;
  const clusterSize = new Map<string, number>();
  const storySize = new Map<string, number>();
  const both = new Map<string, number>();
  for (const [id, story] of gold) {
    const cluster = key(id);
    clusterSize.set(cluster, (clusterSize.get(cluster) ?? 0) + 1);
    storySize.set(story, (storySize.get(story) ?? 0) + 1);
    const pair = `${cluster}\u0000${story}`;
    both.set(pair, (both.get(pair) ?? 0) + 1);
  }
  let precision = 0;
  let recall = 0;
  for (const [id, story] of gold) {
    const cluster = key(id);
    const shared = both.get(`${cluster}\u0000${story}`)!;
    precision += shared / clusterSize.get(cluster)!;
    recall += shared / storySize.get(story)!;
  }
  precision /= gold.size;
  recall /= gold.size;
  return { precision, recall, f1: (2 * precision * recall) / (precision + recall), clusters: clusterSize.size };
}
