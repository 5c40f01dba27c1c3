// Loads the article-extraction development set where it lives (never copied into the repo).
import { readFileSync, readdirSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { join, resolve } from 'node:path';
import { packageRoot } from '../../src/paths.js';

export interface GoldArticle {
  id: string;
  source: 'fundus' | 'wcxb';
  url: string | null;
  body: string;
  title?: string | null;
  author?: string | null;
  publishedAt?: string | null;
}

export interface ExtractionPage extends GoldArticle {
  html: string;
}

export function datasetsRoot(): string {
  return process.env.NEWSCTL_DATASETS ?? resolve(packageRoot, '../shared/data');
}

/** Every page with its gold; pages are UTF-8 whatever their `<meta charset>` says. */
export function loadExtractionSet(root = join(datasetsRoot(), 'extraction')): ExtractionPage[] {
  const gold = readFileSync(join(root, 'gold.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as GoldArticle);
  const files = new Set(readdirSync(join(root, 'pages')));
  return gold
    .filter((article) => files.has(`${article.id}.html.gz`))
    .map((article) => ({
      ...article,
      html: gunzipSync(readFileSync(join(root, 'pages', `${article.id}.html.gz`))).toString('utf8'),
    }));
}
