// Offline topic classifier vs the spec 001 §9 keyword rule, both on topics-dev.jsonl in one run:
// accuracy, macro-F1 over the eight topics, per-topic P/R/F1, confusion, accuracy per source and
// articles per second. The classifiers see only {title, body}; the gold fields stay here.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { packageRoot } from '../src/paths.js';
import { categorizeByKeywords, classifyStory, classifyTopics, type Topic } from '../src/services/reader/classify/index.js';
import { tellingParagraphs, WEB_STORIES } from '../test/fixtures/stories/local-web.js';
import { formatTopicReport, scoreTopics } from './lib/topics-metrics.js';

interface DevRow {
  id: string;
  title: string;
  body: string;
  topic: Topic;
  source_dataset: string;
  licence: string;
}

const datasets = process.env.NEWSCTL_DATASETS ?? resolve(packageRoot, '../shared/data');
const rows = readFileSync(join(datasets, 'trends/topics-dev.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line) as DevRow);
const articles = rows.map(({ title, body }) => ({ title, body }));
const gold = rows.map((row) => row.topic);

/** Runs `classify` over every article `rounds` times; returns the last predictions and articles/second. */
function timed(classify: () => Topic[], rounds: number): { predicted: Topic[]; perSecond: number } {
  let predicted = classify(); // warm-up, and the model load, outside the clock
  const started = performance.now();
  for (let round = 0; round < rounds; round++) predicted = classify();
  return { predicted, perSecond: (articles.length * rounds) / ((performance.now() - started) / 1000) };
}

const model = timed(() => classifyTopics(articles).map((prediction) => prediction.topic), 10);
const rule = timed(() => articles.map((article) => categorizeByKeywords(article.title, article.body)), 10);
const modelReport = scoreTopics(gold, model.predicted);
const ruleReport = scoreTopics(gold, rule.predicted);

console.log(`topics-dev.jsonl: ${rows.length} rows (${rows.filter((r) => r.licence !== 'CC-BY-4.0').length} research-only, measured only)\n`);
console.log(formatTopicReport('offline classifier', modelReport));
console.log();
console.log(formatTopicReport('baseline: §9 keyword rule', ruleReport));
console.log('\naccuracy per source_dataset        rows  classifier   §9 rule');
for (const source of [...new Set(rows.map((row) => row.source_dataset))].sort()) {
  const indexes = rows.flatMap((row, i) => (row.source_dataset === source ? [i] : []));
  const accuracy = (predicted: Topic[]) => indexes.filter((i) => predicted[i] === gold[i]).length / indexes.length;
  console.log(
    `  ${source.padEnd(30)}${String(indexes.length).padStart(6)}${accuracy(model.predicted).toFixed(3).padStart(12)}` +
      `${accuracy(rule.predicted).toFixed(3).padStart(10)}`,
  );
}
// What reading the bodies changes (468 dev rows have one).
const titlesOnly = scoreTopics(
  gold,
  classifyTopics(rows.map(({ title }) => ({ title }))).map((prediction) => prediction.topic),
);
console.log(`\ntitles only (bodies left out): macro-F1 ${titlesOnly.macroF1.toFixed(3)}, accuracy ${titlesOnly.accuracy.toFixed(3)}`);

// Subject before place, on the stories written for the tests (test/fixtures/stories/local-web.ts):
// each telling is a headline and its paragraphs, as a crawl stores them; several mention the US
// (Texas, Congress, federal) while being about a subject.
let tellings = 0;
let tellingsRight = 0;
let storiesRight = 0;
const wrong: string[] = [];
for (const story of WEB_STORIES) {
  const tellingsOf = story.titles.map((title, i) => ({ title, body: tellingParagraphs(story, i).join('\n\n') }));
  for (const telling of tellingsOf) {
    tellings++;
    if (classifyTopics([telling])[0]!.topic === story.topic) tellingsRight++;
  }
  const topic = classifyStory(tellingsOf).topic;
  if (topic === story.topic) storiesRight++;
  else wrong.push(`${story.key} (${story.topic}) → ${topic}`);
}
console.log(
  `subject/place fixture: ${tellingsRight}/${tellings} articles and ${storiesRight}/${WEB_STORIES.length} stories (story = its articles together) right` +
    (wrong.length ? `; wrong: ${wrong.join(', ')}` : ''),
);

const ratio = (a: number, b: number) => (b ? (a / b).toFixed(2) : 'n/a');
console.log(
  `\nmacro-F1: classifier ${modelReport.macroF1.toFixed(3)} vs §9 rule ${ruleReport.macroF1.toFixed(3)} ` +
    `(ratio ${ratio(modelReport.macroF1, ruleReport.macroF1)}; target ≥ 0.80)`,
);
console.log(
  `accuracy: classifier ${modelReport.accuracy.toFixed(3)} vs §9 rule ${ruleReport.accuracy.toFixed(3)} ` +
    `(ratio ${ratio(modelReport.accuracy, ruleReport.accuracy)})`,
);
console.log(
  `speed: classifier ${Math.round(model.perSecond)} articles/s vs §9 rule ${Math.round(rule.perSecond)} articles/s ` +
    `(ratio ${ratio(model.perSecond, rule.perSecond)})`,
);
