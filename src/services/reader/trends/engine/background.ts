// The background model: how many ordinary news headlines hold each feature. It lets the weights
// tell a story's own words ("heartbleed") from words common in any news ("report", "price") even in
// a small batch. Built by scripts/training/build-story-background.ts from CC BY 4.0 headlines; a missing
// file only means batch statistics alone.
import { existsSync, readFileSync } from 'node:fs';
import { modelPath } from '../../../../paths.js';
import type { BackgroundModel } from './types.js';

let cached: BackgroundModel | null | undefined;

export function loadDefaultBackground(): BackgroundModel | null {
  if (cached === undefined) {
    const path = modelPath('storyBackground');
    cached = existsSync(path) ? parseBackground(readFileSync(path, 'utf8')) : null;
  }
  return cached;
}

/** Reads the TSV form: `#` comment lines, a `#documents\tN` line, then `feature\tcount` lines. */
function parseBackground(text: string): BackgroundModel {
  const documentFrequency = new Map<string, number>();
  let documents = 0;
  for (const line of text.split('\n')) {
    if (!line || (line.startsWith('#') && !line.startsWith('#documents\t'))) continue;
    const tab = line.lastIndexOf('\t');
    if (tab < 0) continue;
    const feature = line.slice(0, tab);
    const count = Number(line.slice(tab + 1));
    if (!Number.isFinite(count)) continue;
    if (feature === '#documents') documents = count;
    else documentFrequency.set(feature, count);
  }
  return { documents, documentFrequency };
}
