// The offline article writer on a 10-source story (test/fixtures/stories: the same facts in
// different words across newsrooms, facts only one source has, quotations, page furniture):
// generation time and a redundancy figure — the share of body sentence pairs whose content words
// overlap by more than 0.6 (shared ÷ the smaller sentence's words; target 0) — beside a naive
// extractive baseline measured in the same run (each source's sentences in turn, lead first, until
// the target length). Also the offline cover image's render time.
import { renderCover } from '../src/providers/image/offline.js';
import { writeOfflineArticle } from '../src/services/generator/offline-writer.js';
import { shapeSentence, splitSentences, wordCount } from '../src/services/generator/sentences.js';
import { HARBOR_STORM_TREND, harborStorm } from '../test/fixtures/stories/index.js';

const TARGET_WORDS = 600;
const RUNS = 50;
const OVERLAP = 0.6;
const STOP = new Set(
  'a an the of to in on at for and or but by with from as is are was were be been has have had it its this that these those said says will would after before about than more most into over'.split(' '),
);

function contentWords(sentence: string): Set<string> {
  return new Set((sentence.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((word) => !STOP.has(word)));
}

/** Share of sentence pairs with word overlap above OVERLAP, and the pair count. */
function redundancy(sentences: string[]): { share: number; pairs: number; redundant: number } {
  const sets = sentences.map(contentWords).filter((set) => set.size > 0);
  let pairs = 0;
  let redundant = 0;
  for (let i = 0; i < sets.length; i++) {
    for (let j = i + 1; j < sets.length; j++) {
      pairs++;
      let shared = 0;
      for (const word of sets[i]!) if (sets[j]!.has(word)) shared++;
      if (shared / Math.min(sets[i]!.size, sets[j]!.size) > OVERLAP) redundant++;
    }
  }
  return { share: pairs ? redundant / pairs : 0, pairs, redundant };
}

/** The naive baseline: round-robin over the sources' usable sentences, lead sentences first. */
function naiveArticle(sources: ReturnType<typeof harborStorm>, target: number): { text: string; source: number }[] {
  const lists = sources.map((source) => splitSentences(source.text).flatMap((s) => (shapeSentence(s) ? [shapeSentence(s)!.text] : [])));
  const out: { text: string; source: number }[] = [];
  let words = 0;
  for (let round = 0; words < target && lists.some((list) => list.length > round); round++) {
    lists.forEach((list, source) => {
      const sentence = list[round];
      if (!sentence || words >= target) return;
      out.push({ text: sentence, source });
      words += wordCount(sentence);
    });
  }
  return out;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const sources = harborStorm(10);
const input = { ...HARBOR_STORM_TREND, sources, targetWords: TARGET_WORDS };
writeOfflineArticle(input); // warm-up (JIT, tokenizer tables)
const times: number[] = [];
let article = writeOfflineArticle(input);
for (let i = 0; i < RUNS; i++) {
  const start = performance.now();
  article = writeOfflineArticle(input);
  times.push(performance.now() - start);
}
const naiveTimes: number[] = [];
let naive: { text: string; source: number }[] = [];
for (let i = 0; i < RUNS; i++) {
  const start = performance.now();
  naive = naiveArticle(sources, TARGET_WORDS);
  naiveTimes.push(performance.now() - start);
}
renderCover({ title: article.title, topic: 'usa', sourceCount: article.sources.length, siteName: 'newsctl' });
const coverTimes: number[] = [];
for (let i = 0; i < 10; i++) {
  const start = performance.now();
  renderCover({ title: article.title, topic: 'usa', sourceCount: article.sources.length, siteName: 'newsctl' });
  coverTimes.push(performance.now() - start);
}

const ours = redundancy(article.body.map((sentence) => sentence.sourceText));
const theirs = redundancy(naive.map((sentence) => sentence.text));
const naiveSources = new Set(naive.map((sentence) => sentence.source)).size;
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

console.log(`Offline article writer, 10-source story, target ${TARGET_WORDS} words (${RUNS} runs, median)`);
console.log(
  `  newsctl   ${median(times).toFixed(1).padStart(6)} ms   ${String(article.wordCount).padStart(4)} words   ${String(article.body.length).padStart(3)} sentences   ` +
    `${article.sources.length}/10 sources   redundancy ${pct(ours.share)} (${ours.redundant} of ${ours.pairs} pairs)`,
);
console.log(
  `  baseline  ${median(naiveTimes).toFixed(1).padStart(6)} ms   ${String(naive.reduce((n, s) => n + wordCount(s.text), 0)).padStart(4)} words   ${String(naive.length).padStart(3)} sentences   ` +
    `${naiveSources}/10 sources   redundancy ${pct(theirs.share)} (${theirs.redundant} of ${theirs.pairs} pairs)`,
);
console.log(`Offline cover (1200×630 PNG): ${median(coverTimes).toFixed(0)} ms median of 10`);
console.log(`Target: redundancy 0 — ${ours.redundant === 0 ? 'met ✓' : 'missed ✗'}`);
