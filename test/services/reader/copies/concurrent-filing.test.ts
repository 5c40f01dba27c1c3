// Copies filed at once: crawls of two outlets store the same wire text side by side, and both are
// filed before either filing has seen the other's. One must come out the original (the first
// stored) and the other its copy, never each a copy of the other (then neither is listed, and a
// story loses both as sources).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileArticleCopies, fingerprint } from '../../../../src/services/reader/copies/index.js';
import { createTestDatabase, type TestDatabase } from '../../../helpers/db.js';
import { WIRE } from '../../../fixtures/stories/wire-story.js';

/** The first five paragraphs of the agency story, as one body. */
const WIRE_BODY = WIRE.slice(0, 5).join('\n\n');

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);
afterAll(async () => database?.drop());

async function store(domain: string, body: string) {
  const print = fingerprint(body);
  const url = `https://${domain}/coal-plant`;
  const [row] = await database.db.sql<{ id: number }[]>`
    insert into articles (domain_name, source_url, canonical_url, title, content, body_bands)
    values (${domain}, ${url}, ${url}, 'Coal plant to close early', ${body}, ${print.bands}::int[]) returning id`;
  return { id: row!.id, domainName: domain, canonicalUrl: url, sourceUrl: url, syndicatedFrom: null, publishedAt: null, fingerprint: print };
}

const filed = async (ids: number[]) =>
  database.db.sql<{ id: number; copyOf: number | null }[]>`select id, copy_of from articles where id = any(${ids}::int[]) order by id`;

describe('copies stored side by side', () => {
  it('files the later stored as a copy of the first, whichever filing runs first, and both at once', async () => {
    for (const order of ['first-first', 'later-first', 'together'] as const) {
      await database.db.sql`delete from articles`;
      const a = await store(`a-${order}.test`, `${WIRE_BODY}\n\nRead more from the Valley Courier.`);
      const b = await store(`b-${order}.test`, `${WIRE_BODY}\n\nSign up for the Daily Ledger newsletter.`);
      if (order === 'first-first') for (const article of [a, b]) await fileArticleCopies(database.db, article);
      if (order === 'later-first') for (const article of [b, a]) await fileArticleCopies(database.db, article);
      if (order === 'together') await Promise.all([fileArticleCopies(database.db, b), fileArticleCopies(database.db, a)]);
      expect(await filed([a.id, b.id]), order).toEqual([
        { id: a.id, copyOf: null },
        { id: b.id, copyOf: a.id },
      ]);
    }
  });
});
