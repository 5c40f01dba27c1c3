// The naive baseline as a process, so its wall time on a file compares fairly with
// `newsctl trends analyze --from-jsonl`: reads the same lines, prints one {"id","storyId"} per article.
// Usage: node --import tsx bench/lib/stories-baseline-cli.ts FILE [T]
import { readFileSync } from 'node:fs';
import { singlePassBaseline } from './stories-baseline.js';

const [file, threshold = '0.5'] = process.argv.slice(2);
if (!file) throw new Error('usage: stories-baseline-cli.ts FILE [T]');
const articles = readFileSync(file, 'utf8')
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => {
    const row = JSON.parse(line) as Record<string, string>;
    return { id: row.id!, title: row.title!, body: row.body, source: row.source, publishedAt: row.publishedAt };
  });
const clusters = singlePassBaseline(articles, Number(threshold));
process.stdout.write(`${articles.map((article, i) => JSON.stringify({ id: article.id, storyId: `c${clusters[i]}` })).join('\n')}\n`);
