// Whether "finance only when the story is about money" can be a rule on the story's distribution:
// a story filed under finance whose best other subject comes near finance's share would go to
// that subject. Prints, per topic's pseudo-stories (3–5 headlines of one topic, in file order, CC BY
// rows only, story-sets.ts), how far the best other subject
// stands from finance in the stories filed under finance — with energy among the others and
// without it — and the same ratio for the written stories of the fixtures filed or labelled finance.
//   node --import tsx scripts/training/finance-share.ts
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { classifyStoryText, storyDistribution } from '../../src/services/reader/classify/story-topic.js';
import { TOPICS, type Topic } from '../../src/shared/topics.js';
import { datasets, developmentStories, heldOutStories, pseudoStories, shippedTopicModel } from './story-sets.js';

const model = shippedTopicModel();
const FINANCE = TOPICS.indexOf('finance');
const PLACES: readonly Topic[] = ['usa', 'international'];

/** The best subject other than finance (and places, and energy unless asked) over finance's share. */
function otherOverFinance(distribution: Float64Array, withEnergy: boolean): { ratio: number; other: Topic } {
  let best = -1;
  TOPICS.forEach((topic, t) => {
    if (t === FINANCE || PLACES.includes(topic) || (!withEnergy && topic === 'energy')) return;
    if (best < 0 || distribution[t]! > distribution[best]!) best = t;
  });
  return { ratio: distribution[best]! / distribution[FINANCE]!, other: TOPICS[best]! };
}

const quantile = (sorted: readonly number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(2) : '—';

for (const file of ['topics-train.jsonl', 'topics-dev.jsonl']) {
  console.log(`${file}: pseudo-stories filed under finance, the best other subject's share over finance's`);
  const stories = pseudoStories(file);
  for (const topic of TOPICS) {
    const filed = stories.filter((story) => story.topic === topic && classifyStoryText(model, story.articles).topic === 'finance');
    if (filed.length === 0) continue;
    for (const withEnergy of [true, false]) {
      const ratios = filed.map((story) => otherOverFinance(storyDistribution(model, story.articles), withEnergy).ratio).sort((a, b) => a - b);
      console.log(
        `  ${topic.padEnd(13)} ${String(filed.length).padStart(5)} stories, ${withEnergy ? 'energy among the others' : 'energy left out       '}: median ${quantile(ratios, 0.5)}, 90th percentile ${quantile(ratios, 0.9)}, 95th ${quantile(ratios, 0.95)}`,
      );
    }
  }
}

console.log('\nWritten stories (fixtures) labelled or filed finance:');
const written = [...developmentStories(true), ...heldOutStories()];
for (const story of written) {
  const filed = classifyStoryText(model, story.articles).topic;
  if (story.topic !== 'finance' && filed !== 'finance') continue;
  const distribution = storyDistribution(model, story.articles);
  const { ratio, other } = otherOverFinance(distribution, false);
  console.log(
    `  ${(story.key ?? '').padEnd(32)} labelled ${story.topic.padEnd(8)} filed ${filed.padEnd(8)} finance ${distribution[FINANCE]!.toFixed(2)}, ${other} ${(ratio * distribution[FINANCE]!).toFixed(2)} (ratio ${ratio.toFixed(2)})`,
  );
}

console.log('\nTraining headlines naming a breach or a fine, by their label:');
for (const [name, pattern] of [
  ['a breach', /\bbreach/i],
  ['fines or fined', /\b(fines|fined)\b/i],
] as const) {
  const counts = new Map<string, number>();
  for (const line of readFileSync(resolve(datasets, 'trends', 'topics-train.jsonl'), 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const row = JSON.parse(line) as { title: string; topic: string };
    if (pattern.test(row.title)) counts.set(row.topic, (counts.get(row.topic) ?? 0) + 1);
  }
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  console.log(
    `  ${name}: ${total} headlines; ${[...counts]
      .sort((a, b) => b[1] - a[1])
      .map(([topic, n]) => `${topic} ${n}`)
      .join(', ')}`,
  );
}
