// A republished article whose JSON-LD names the article it is based on (`isBasedOn`), at another
// publisher: met first by the crawl, it is still that publisher's copy (decisions.md: the first copy
// stored is the original unless another's canonical or JSON-LD names it), and the agency's page
// read afterwards stands as the original, with the paper as "also published by".
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDomain } from '../../../../src/services/reader/domains/index.js';
import { storeArticlePage } from '../../../../src/services/reader/spider/article-page.js';
import { sameSiteAs } from '../../../../src/services/reader/spider/net/discovery/links.js';
import { startTestServer, type TestServer } from '../../../helpers/server.js';

const PARAGRAPHS = [
  'The regional water board approved a plan on Tuesday to raise the Corran reservoir dam by four meters, adding a fifth to the valley’s summer storage.',
  'Engineers said the work would take three years and cost 140 million, shared between the board, the state and the four towns that draw on the reservoir.',
  'Farmers downstream had asked for more storage after two dry summers in which the board cut irrigation deliveries by a third in the final weeks of August.',
  'A group of residents near the dam said they would ask a court to stop the work until a study of its effect on the river’s trout has been published.',
];
const AGENCY = 'https://agency.example.test/news/corran-dam-to-be-raised';
const PAPER = 'https://paper.example.test/region/water-board-approves-dam-plan';

const page = (url: string, head: string) => ({
  url,
  requestedUrl: url,
  html: `<!doctype html><html lang="en"><head><title>Water board approves plan to raise Corran dam</title>
<link rel="canonical" href="${url}">${head}</head><body><article><h1>Water board approves plan to raise Corran dam</h1>
${PARAGRAPHS.map((p) => `<p>${p}</p>`).join('\n')}</article></body></html>`,
});
const basedOn = (original: unknown) =>
  `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'NewsArticle', headline: 'Water board approves plan to raise Corran dam', isBasedOn: original })}</script>`;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

async function domainOf(origin: string) {
  const added = await addDomain(server.ctx, { url: origin });
  const host = new URL(origin).host;
  return { id: added.id, url: origin, hostKey: host, origin, startUrl: `${origin}/`, throttleMs: 1000 };
}

it('files a page whose JSON-LD names another publisher’s article as that article’s syndicated copy, whichever is stored first', async () => {
  const agency = await domainOf('https://agency.example.test');
  const paper = await domainOf('https://paper.example.test');
  // The paper's page first, naming the agency's article as an object with its address.
  const copy = await storeArticlePage(server.ctx, page(PAPER, basedOn({ '@type': 'NewsArticle', url: AGENCY })), paper, sameSiteAs(new URL(paper.origin)), [
    'en',
  ]);
  const original = await storeArticlePage(server.ctx, page(AGENCY, ''), agency, sameSiteAs(new URL(agency.origin)), ['en']);
  const rows = await server.sql<{ id: number; copyOf: number | null; copyKind: string | null; syndicatedFrom: string | null }[]>`
    select id, copy_of, copy_kind, syndicated_from from articles order by id`;
  expect(rows).toEqual([
    { id: copy!.id, copyOf: original!.id, copyKind: 'syndication', syndicatedFrom: AGENCY },
    { id: original!.id, copyOf: null, copyKind: null, syndicatedFrom: null },
  ]);
});

it('ignores a JSON-LD source that is the page’s own site or a front page', async () => {
  await server.sql`delete from articles`;
  const paper = await domainOf('https://paper2.example.test');
  const own = 'https://paper2.example.test/region/water-board-approves-dam-plan';
  const sameSite = sameSiteAs(new URL(paper.origin));
  await storeArticlePage(server.ctx, page(own, basedOn('https://paper2.example.test/region/earlier-version')), paper, sameSite, ['en']);
  await storeArticlePage(server.ctx, page(`${own}-2`, basedOn('https://agency.example.test/')), paper, sameSite, ['en']);
  const rows = await server.sql<{ syndicatedFrom: string | null }[]>`select syndicated_from from articles order by id`;
  expect(rows).toEqual([{ syndicatedFrom: null }, { syndicatedFrom: null }]);
});
