// Public search at scale (web issue: "relevance-ranked full text … fast at a million articles").
// Seeds N synthetic articles whose words follow a Zipf-like law over a real headline vocabulary,
// then times the product's search (ranked full text with stemming, phrases and prefixes) beside the
// textbook ranked query (rank every match, keep the best 50) measured in the same run, with an
// unranked ILIKE substring scan for reference.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- search
//     → 1,000,000 articles on a fresh PostgreSQL database (created and dropped)
//   npm run bench -- search
//     → the embedded database, 200,000 articles by default (BENCH_SEARCH_ARTICLES to change)
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import postgres from 'postgres';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { packageRoot } from '../src/paths.js';
import { searchTsquery } from '../src/db/articles.js';
import { advanceRecentSearchSet, RECENT_SEARCH_ARTICLES } from '../src/db/recent-search.js';
import { searchArticlesByText } from '../src/services/reader/search/index.js';
import { parseSearchQuery } from '../src/services/reader/search/query.js';
import { seededRandom } from '../test/fixtures/news-web/text.js';
import { P95_RUNS, percentile, timed } from './lib/timing.js';
import { createSearchIndexes, dropSearchIndexes } from './lib/search-indexes.js';

const serverUrl = process.env.BENCH_DATABASE_URL ?? null;
const total = Number(process.env.BENCH_SEARCH_ARTICLES ?? (serverUrl ? 1_000_000 : 200_000));
const RUNS = 15;
const datasets = process.env.NEWSCTL_DATASETS ?? resolve(packageRoot, '../shared/data');

function vocabulary(): string[] {
  const counts = new Map<string, number>();
  for (const line of readFileSync(join(datasets, 'trends', 'topics-train.jsonl'), 'utf8').split('\n')) {
    if (!line) continue;
    const { title } = JSON.parse(line) as { title: string };
    for (const word of title.toLowerCase().match(/[a-z]{3,}/g) ?? []) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  // Most frequent first: the seeding draws low ranks far more often (Zipf-like).
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([word]) => word);
}

// BENCH_KEEP_DATABASE=1 keeps the seeded PostgreSQL database for the next run (seeding a million
// articles takes a while); a kept database with the right size is reused as it is.
const keep = process.env.BENCH_KEEP_DATABASE === '1';

async function openBenchDatabase(): Promise<{ db: Database; seeded: boolean; drop: () => Promise<void> }> {
  if (serverUrl) {
    const name = keep ? `newsctl_bench_search_${total}` : `newsctl_bench_search_${process.pid}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    const [exists] = await admin`select 1 from pg_database where datname = ${name}`;
    if (!exists) await admin.unsafe(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const db = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
    await migrate(db.sql);
    const [count] = await db.sql<{ n: number }[]>`select count(*)::int as n from articles`;
    return {
      db,
      seeded: count!.n === total,
      drop: async () => {
        await db.close();
        if (!keep) await admin.unsafe(`drop database ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const db = await openDatabase({ databaseUrl: null, dataDir: '', inMemory: true });
  await migrate(db.sql);
  return { db, seeded: false, drop: () => db.close() };
}

async function seed(db: Database, words: string[]): Promise<void> {
  const sql = db.sql;
  await dropSearchIndexes(sql);
  // Rows are made here and streamed with COPY: drawing the words in SQL (a subquery per row over
  // the vocabulary array) took minutes per 50,000 rows on this machine.
  const next = seededRandom(20261126);
  // Word rank = floor(n * u^3): a few words are everywhere, most are rare.
  const draw = (count: number) => {
    const out: string[] = [];
    for (let i = 0; i < count; i++) out.push(words[Math.floor(words.length * next() ** 3)]!);
    return out.join(' ');
  };
  const now = Date.now();
  const sixtyDays = 60 * 86_400_000;
  const batch = 10_000;
  type Row = { domain_name: string; source_url: string; canonical_url: string; title: string; content: string; scraped_at: string; recent: boolean };
  function* batches(): Generator<Row[]> {
    for (let start = 1; start <= total; start += batch) {
      const end = Math.min(total, start + batch - 1);
      const rows: Row[] = [];
      for (let g = start; g <= end; g++) {
        const site = `site${g % 500}.test`;
        const url = `https://${site}/a/${g}`;
        // In crawl order, as a crawler stores them (scraped_at is when the row was written), over
        // sixty days; the newest articles are the recent set, as the hourly upkeep leaves it.
        const scrapedAt = new Date(now - sixtyDays * (1 - g / total) - next() * 60_000).toISOString();
        rows.push({
          domain_name: site,
          source_url: url,
          canonical_url: url,
          title: draw(7),
          content: draw(120),
          scraped_at: scrapedAt,
          recent: g > total - RECENT_SEARCH_ARTICLES,
        });
      }
      yield rows;
      process.stdout.write(`\rseeded ${end.toLocaleString('en-US')} / ${total.toLocaleString('en-US')}`);
    }
  }
  if (db.kind === 'embedded') {
    // The embedded database's socket does not take COPY FROM STDIN (it closes the connection):
    // multi-row inserts instead, in slices that stay within the protocol's parameter limit.
    for (const rows of batches()) {
      for (let i = 0; i < rows.length; i += 2_000) await sql`insert into articles ${sql(rows.slice(i, i + 2_000))}`;
    }
  } else {
    async function* lines() {
      for (const rows of batches()) {
        yield rows.map((r) => `${r.domain_name}\t${r.source_url}\t${r.canonical_url}\t${r.title}\t${r.content}\t${r.scraped_at}\t${r.recent}\n`).join('');
      }
    }
    const copy = await sql`copy articles (domain_name, source_url, canonical_url, title, content, scraped_at, recent) from stdin`.writable();
    await pipeline(Readable.from(lines()), copy);
  }
  process.stdout.write('\nbuilding the full-text index…\n');
  await createSearchIndexes(sql);
  // Records where the recent set starts (nothing to clear: the rows came flagged).
  await sql`delete from recent_search_set`;
  await advanceRecentSearchSet(sql);
  await sql`analyze articles`;
}

/**
 * The search as it was before issue 18 (README's earlier figures), kept here to show its timings
 * and its top results beside today's: the newest 500 matches ranked, with the server's defaults.
 */
async function searchBefore(sql: Database['sql'], text: string): Promise<{ id: number; title: string }[]> {
  const query = parseSearchQuery(text);
  return (await sql.begin(async (tx) => {
    await tx`set local plan_cache_mode = force_custom_plan`;
    const tsq = searchTsquery(tx, query)!;
    return tx<{ id: number; title: string }[]>`
      with candidates as materialized (
        select id from articles where search_vector @@ ${tsq} order by scraped_at desc limit 500
      )
      select a.id, a.title from candidates c join articles a on a.id = c.id
      order by ts_rank_cd(a.search_vector, ${tsq}, 1) desc, a.scraped_at desc, a.id desc
      limit 50`;
  })) as { id: number; title: string }[];
}

async function main(): Promise<void> {
  const words = vocabulary();
  const { db, seeded, drop } = await openBenchDatabase();
  try {
    if (seeded) {
      console.log(`reusing the kept database of ${total.toLocaleString('en-US')} articles`);
      // A migration since it was kept may have changed the statistics the planner reads.
      await db.sql`analyze articles`;
    } else {
      await db.sql`truncate articles restart identity cascade`;
      const seedStart = performance.now();
      await seed(db, words);
      console.log(`seeded ${total.toLocaleString('en-US')} articles on ${db.kind} in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`);
    }

    const config = loadConfig({ NEWSCTL_DATA_DIR: '/tmp/unused' });
    const ctx = { sql: db.sql, config };
    // Stop words are not indexed: the common and mid-frequency words must be real lexemes.
    const indexed = await db.sql<{ word: string }[]>`
      select w as word from unnest(${words.slice(0, 400)}::text[]) with ordinality as t(w, n)
      where to_tsvector('english', w) <> ''::tsvector order by n`;
    const common = indexed[0]!.word;
    const mid = indexed[Math.min(indexed.length - 1, 250)]!.word;
    const rare = words[words.length - 1]!;
    const queries: { label: string; text: string; like: string }[] = [
      { label: `very common word "${common}"`, text: common, like: common },
      { label: `mid-frequency word "${mid}"`, text: mid, like: mid },
      { label: `rare word "${rare}"`, text: rare, like: rare },
      { label: `two words "${mid} ${words[40]}"`, text: `${mid} ${words[40]}`, like: mid },
      { label: `phrase "\\"${words[10]} ${words[11]}\\""`, text: `"${words[10]} ${words[11]}"`, like: `${words[10]} ${words[11]}` },
      // Both words in a large share of the articles, side by side in few: the shape that grew fastest.
      { label: `phrase of common words "\\"${common} ${indexed[1]!.word}\\""`, text: `"${common} ${indexed[1]!.word}"`, like: `${common} ${indexed[1]!.word}` },
      { label: `prefix "${mid.slice(0, 4)}"`, text: mid.slice(0, 4), like: mid.slice(0, 4) },
    ];

    console.log(
      `\n${'query'.padEnd(40)} ${'newsctl p50'.padStart(11)} ${'p95'.padStart(9)} ${'slowest'.padStart(9)} ${'hits'.padStart(5)} │ ${'before p50'.padStart(10)} ${'p95'.padStart(9)} │ ${'ranked-all p50'.padStart(14)} ${'ratio'.padStart(7)} │ ${'ILIKE p50'.padStart(10)}`,
    );
    const sideBySide: { label: string; now: string[]; before: string[] }[] = [];
    for (const query of queries) {
      let hits = 0;
      let top: string[] = [];
      const ours = await timed(async () => {
        const found = await searchArticlesByText(ctx, query.text);
        hits = found.count;
        top = found.results.slice(0, 5).map((r) => `${r.id} ${r.title}`);
      }, P95_RUNS);
      let topBefore: string[] = [];
      const before = await timed(async () => {
        topBefore = (await searchBefore(db.sql, query.text)).slice(0, 5).map((r) => `${r.id} ${r.title}`);
      }, P95_RUNS);
      sideBySide.push({ label: query.label, now: top, before: topBefore });
      // Baseline: the textbook query, ranking every match of the whole table.
      const tsq = searchTsquery(db.sql, parseSearchQuery(query.text))!;
      const ranked = await timed(
        () => db.sql`
          select id, title, source_url from articles
          where search_vector @@ ${tsq}
          order by ts_rank_cd(search_vector, ${tsq}, 1) desc limit 50`,
        RUNS,
      );
      // Reference: substring match, newest first, no ranking and no stemming.
      const pattern = `%${query.like}%`;
      // (3 runs: each reads the whole table.)
      const naive = await timed(
        () => db.sql`
          select id, title, source_url from articles
          where title ilike ${pattern} or content ilike ${pattern}
          order by scraped_at desc limit 50`,
        3,
      );
      const p50 = percentile(ours, 0.5);
      const r50 = percentile(ranked, 0.5);
      console.log(
        `${query.label.slice(0, 40).padEnd(40)} ${`${p50.toFixed(1)} ms`.padStart(11)} ${`${percentile(ours, 0.95).toFixed(1)} ms`.padStart(9)} ${`${Math.max(...ours).toFixed(1)} ms`.padStart(9)} ${String(hits).padStart(5)} │ ${`${percentile(before, 0.5).toFixed(1)} ms`.padStart(10)} ${`${percentile(before, 0.95).toFixed(1)} ms`.padStart(9)} │ ${`${r50.toFixed(1)} ms`.padStart(14)} ${`${(r50 / p50).toFixed(1)}×`.padStart(7)} │ ${`${percentile(naive, 0.5).toFixed(1)} ms`.padStart(10)}`,
      );
    }
    console.log(
      `\nload average (1 / 5 / 15 min): ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' / ')}`,
    );
    console.log('\ntop 5 results, now │ before:');
    for (const { label, now, before } of sideBySide) {
      console.log(`  ${label}${now.join('\n') === before.join('\n') ? ' (identical)' : ''}`);
      for (let i = 0; i < Math.max(now.length, before.length); i++) {
        console.log(`    ${(now[i] ?? '').slice(0, 60).padEnd(60)} │ ${(before[i] ?? '').slice(0, 60)}`);
      }
    }
  } finally {
    await drop();
  }
}

await main();
