// Locates files shipped inside the package (models, SQL, the built web app) whether the code runs
// from TypeScript sources (tsx, vitest) or from the compiled dist/ folder.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findPackageRoot(start: string): string {
  let dir = start;
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'sql'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`newsctl package root not found above ${start}`);
    dir = parent;
  }
}

export const packageRoot = findPackageRoot(dirname(fileURLToPath(import.meta.url)));

/** Absolute path of a file inside the package, given from the package root. */
export function packagePath(...segments: string[]): string {
  return join(packageRoot, ...segments);
}

/** The shipped models and tables (models/): data the code loads by path, made by scripts/. */
export const MODEL_FILES = {
  /** The offline topic classifier (scripts/training/train-topics.ts). */
  topics: 'topics-model.json',
  /** Headline counts per feature, the stories' background (scripts/training/build-story-background.ts). */
  storyBackground: 'story-background.tsv',
  /** Word vectors for telling facts apart by meaning (scripts/training/build-fact-vectors.ts). */
  factVectors: 'fact-vectors.json',
} as const;

export function modelPath(model: keyof typeof MODEL_FILES): string {
  return join(packageRoot, 'models', MODEL_FILES[model]);
}
