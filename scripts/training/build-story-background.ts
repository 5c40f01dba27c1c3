// Builds models/story-background.tsv: in how many headlines of
// topics-train.jsonl (CC BY 4.0 rows only) each feature of the trends engine occurs. Deterministic:
// same input file, same output bytes. Usage: node --import tsx scripts/training/build-story-background.ts [topics-train.jsonl]
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { modelPath, packageRoot } from '../../src/paths.js';
import type { BackgroundModel } from '../../src/services/reader/trends/engine/types.js';
import { articleFeatures } from '../../src/services/reader/trends/engine/vectorize.js';

const datasets = process.env.NEWSCTL_DATASETS ?? resolve(packageRoot, '../shared/data');
const input = process.argv[2] ?? resolve(datasets, 'trends', 'topics-train.jsonl');

const counts = new Map<string, number>();
let documents = 0;
for (const line of readFileSync(input, 'utf8').split('\n')) {
  if (!line.trim()) continue;
  const row = JSON.parse(line) as { title?: string; body?: string; licence?: string };
  if (row.licence !== 'CC-BY-4.0' || !row.title) continue;
  documents++;
  for (const feature of articleFeatures({ id: '', title: row.title, body: row.body ?? '' }).keys()) {
    counts.set(feature, (counts.get(feature) ?? 0) + 1);
  }
}

// A word seen once still tells the weights it is not unheard of; a pair seen once says little
// and would only bloat the file.
const kept = new Map([...counts].filter(([feature, count]) => count >= (feature.includes(' ') ? 2 : 1)));
const output = modelPath('storyBackground');
const text = formatBackground({ documents, documentFrequency: kept }, [
  'Feature document frequencies of the newsctl trends engine, counted over the CC BY 4.0 rows of',
  'topics-train.jsonl: News Category Dataset (Rishabh Misra, 2018, CC BY 4.0) and',
  'UCI News Aggregator (Fabio Gasparetti, 2016, CC BY 4.0). Built by scripts/training/build-story-background.ts.',
]);
writeFileSync(output, text);
console.log(`${documents} headlines, ${kept.size} features, ${text.length} bytes → ${output}`);

/** The background as models/story-background.tsv holds it (src/services/reader/trends/engine/background.ts reads it). */
function formatBackground(model: BackgroundModel, notice: string[] = []): string {
  const lines = [...notice.map((line) => `# ${line}`), `#documents\t${model.documents}`];
  const entries = [...model.documentFrequency].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  for (const [feature, count] of entries) lines.push(`${feature}\t${count}`);
  return `${lines.join('\n')}\n`;
}
