// Wire copies (src/services/reader/copies/): the resemblance threshold, chosen here on copies and
// near-misses made from the extraction set's real article bodies (../shared/data/extraction), and
// what filing costs at store time.
//
// Copies of a body, as outlets republish a wire story: its text with another site's boilerplate
// (a dateline, "Copyright … All rights reserved", a newsletter line, related links), cut for length
// (the last quarter to half dropped), edited (typographic quotes, a paragraph dropped, 3 % of the
// words changed), and both at once. Near-misses that must stay apart: another article that reuses
// one background paragraph of it, another article with the same boilerplate, and unrelated pairs.
// Printed per threshold: precision and recall of `resemblance ≥ threshold`, and how many copies the
// LSH bands found as candidates at all (a copy no band finds is never compared).
//
// Then the store: N bodies inserted into a fresh embedded database as the crawler does, with and
// without the copy filing (fingerprint, candidate lookup, comparison), in the same run; the cost per
// article is set against the crawl's own pace.
//
//   npm run bench -- copies
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/db/client.js';
import { insertCrawledArticle } from '../src/db/crawl.js';
import { migrate } from '../src/db/migrate.js';
import { COPY_OVERLAP, fileArticleCopies, fingerprint, isCopy } from '../src/services/reader/copies/index.js';
import { bodyBands, resemblance, shingleHashes } from '../src/services/reader/copies/fingerprint.js';
import { seededRandom } from '../test/fixtures/news-web/text.js';
import { loadExtractionSet } from './lib/extraction-set.js';

const random = seededRandom(42);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const bodies = loadExtractionSet()
  .map((page) =>
    page.body
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean),
  )
  .filter((paragraphs) => paragraphs.join(' ').split(/\s+/).length >= 120 && paragraphs.length >= 4);
console.log(`copies: ${bodies.length} gold bodies of 120 words or more (4 paragraphs or more); load ${loadavg()[0]!.toFixed(2)}`);

const BOILERPLATE = [
  [
    'WASHINGTON (AP) —',
    'Copyright 2026 The Associated Press. All rights reserved. This material may not be published, broadcast, rewritten or redistributed without permission.',
  ],
  [
    'By Staff Writer | Wire service',
    'Sign up for our morning newsletter to get the day’s top stories delivered to your inbox. Related: Read more of our coverage here.',
  ],
  [
    'Updated 3 hours ago',
    'This story was originally published by a partner newsroom and is republished here under a content-sharing agreement. Follow us on social media for updates.',
  ],
];

function withBoilerplate(paragraphs: string[]): string[] {
  const [before, after] = pick(BOILERPLATE);
  return [`${before} ${paragraphs[0]}`, ...paragraphs.slice(1), after!];
}
const cut = (paragraphs: string[]) => paragraphs.slice(0, Math.max(2, Math.ceil(paragraphs.length * (0.5 + random() * 0.25))));
function edited(paragraphs: string[]): string[] {
  const drop = 1 + Math.floor(random() * (paragraphs.length - 2));
  return paragraphs
    .filter((_, i) => i !== drop)
    .map((p) =>
      p
        .replace(/"([^"]*)"/g, '“$1”')
        .split(' ')
        .map((word) => (random() < 0.03 ? pick(['the', 'said', 'also', 'new', 'on']) : word))
        .join(' '),
    );
}

interface Pair {
  a: string;
  b: string;
  copy: boolean;
  kind: string;
}
const pairs: Pair[] = [];
bodies.forEach((paragraphs, i) => {
  const text = paragraphs.join('\n\n');
  const other = bodies[(i + 1 + Math.floor(random() * (bodies.length - 1))) % bodies.length]!;
  pairs.push({ a: text, b: withBoilerplate(paragraphs).join('\n\n'), copy: true, kind: 'boilerplate' });
  pairs.push({ a: text, b: cut(paragraphs).join('\n\n'), copy: true, kind: 'cut' });
  pairs.push({ a: text, b: edited(paragraphs).join('\n\n'), copy: true, kind: 'edited' });
  pairs.push({ a: text, b: withBoilerplate(edited(cut(paragraphs))).join('\n\n'), copy: true, kind: 'all three' });
  // Another story telling one paragraph of this one as background.
  const background = paragraphs.reduce((longest, p) => (p.length > longest.length ? p : longest), '');
  pairs.push({ a: text, b: [...other.slice(0, 2), background, ...other.slice(2)].join('\n\n'), copy: false, kind: 'shared background' });
  const [before, after] = BOILERPLATE[i % BOILERPLATE.length]!;
  pairs.push({ a: [before, ...paragraphs, after].join('\n\n'), b: [before, ...other, after].join('\n\n'), copy: false, kind: 'same boilerplate' });
  pairs.push({ a: text, b: other.join('\n\n'), copy: false, kind: 'unrelated' });
});

const scored = pairs.map((pair) => {
  const a = shingleHashes(pair.a);
  const b = shingleHashes(pair.b);
  const bandsA = new Set(bodyBands(a));
  return { ...pair, score: resemblance(a, b), candidate: bodyBands(b).some((band) => bandsA.has(band)) };
});
const copies = scored.filter((pair) => pair.copy);
const misses = scored.filter((pair) => !pair.copy);
console.log(
  `${copies.length} copies (${[...new Set(copies.map((p) => p.kind))].join(', ')}), ${misses.length} near-misses (${[...new Set(misses.map((p) => p.kind))].join(', ')})`,
);
console.log(
  `LSH candidates: ${copies.filter((p) => p.candidate).length}/${copies.length} copies, ${misses.filter((p) => p.candidate).length}/${misses.length} near-misses`,
);
console.log('overlap ≥   overlap alone: precision recall   with the Jaccard/containment rule: precision recall');
const rate = (found: typeof scored) => {
  const right = found.filter((pair) => pair.copy).length;
  return `${found.length ? (right / found.length).toFixed(3) : '  -  '}  ${(right / copies.length).toFixed(3)}`;
};
for (const threshold of [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]) {
  const alone = scored.filter((pair) => pair.candidate && pair.score.overlap >= threshold);
  const ruled = scored.filter((pair) => pair.candidate && isCopy(pair.score, threshold));
  console.log(
    `  ${threshold.toFixed(1)}                 ${rate(alone)}                                  ${rate(ruled)}${threshold === COPY_OVERLAP ? '  ← chosen' : ''}`,
  );
}
for (const kind of new Set(scored.map((p) => p.kind))) {
  const ofKind = scored.filter((p) => p.kind === kind);
  const range = (values: number[]) => `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}`;
  console.log(
    `  ${kind.padEnd(18)} overlap ${range(ofKind.map((p) => p.score.overlap))}, Jaccard ${range(ofKind.map((p) => p.score.jaccard))}, called copies ${ofKind.filter((p) => p.candidate && isCopy(p.score)).length}/${ofKind.length}`,
  );
}

// --- store time -----------------------------------------------------------------------------
const STORED = Number(process.env.BENCH_COPIES_ARTICLES ?? 600);
async function storeAll(withCopies: boolean): Promise<{ ms: number; copies: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'newsctl-bench-copies-'));
  const db = await openDatabase({ databaseUrl: null, dataDir });
  try {
    await migrate(db.sql);
    let filed = 0;
    const started = performance.now();
    for (let n = 0; n < STORED; n++) {
      const paragraphs = bodies[n % bodies.length]!;
      // Past the first round, each body again: another outlet's copy with its boilerplate.
      const content = n < bodies.length ? paragraphs.join('\n\n') : withBoilerplate(paragraphs).join('\n\n');
      const domainName = `outlet-${n % 7}.example`;
      const body = withCopies ? fingerprint(content) : null;
      const id = await insertCrawledArticle(db.sql, {
        domainId: null,
        domainName,
        sourceUrl: `https://${domainName}/a/${n}`,
        canonicalUrl: `https://${domainName}/a/${n}`,
        title: `Article ${n}`,
        content,
        excerpt: null,
        author: null,
        publishedAt: new Date(),
        imageUrl: null,
        language: 'en',
        wordCount: content.split(/\s+/).length,
        topic: null,
        topicSource: null,
        bodyBands: body?.bands,
      });
      if (id !== null && body) {
        const filing = await fileArticleCopies(
          { sql: db.sql },
          {
            id,
            domainName,
            canonicalUrl: `https://${domainName}/a/${n}`,
            sourceUrl: `https://${domainName}/a/${n}`,
            syndicatedFrom: null,
            publishedAt: null,
            fingerprint: body,
          },
        );
        if (filing.copyOf !== null) filed++;
      }
    }
    return { ms: performance.now() - started, copies: filed };
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
const plain = await storeAll(false);
const filed = await storeAll(true);
const per = (ms: number) => (ms / STORED).toFixed(2);
console.log(`\nstore ${STORED} articles, embedded database (the first ${bodies.length} bodies once, then again from other outlets):`);
console.log(`  insert only (baseline)       ${per(plain.ms)} ms/article`);
console.log(`  insert + copy filing         ${per(filed.ms)} ms/article, ${filed.copies} filed as copies; ×${(filed.ms / plain.ms).toFixed(2)} the baseline`);
console.log(`  the crawl fetches at most 1 page per second per host; filing adds ${((filed.ms - plain.ms) / STORED).toFixed(2)} ms per stored article`);
