// A site's mobile host: a page read at m.example.test whose canonical link names the article at
// www.example.test is stored as that article (one row, readers sent to the www page), and the www
// page read afterwards is the article already stored.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDomain } from '../../../../src/services/reader/domains/index.js';
import { storeArticlePage } from '../../../../src/services/reader/spider/article-page.js';
import { sameSiteAs } from '../../../../src/services/reader/spider/net/discovery/links.js';
import { startTestServer, type TestServer } from '../../../helpers/server.js';

const PARAGRAPHS = [
  'The harbor tunnel under the Marlow channel reopened to cars and buses on Monday morning, a year after water leaking through its roof forced the city to close it.',
  'Crews replaced 4,000 concrete panels and a drainage system that had failed during the spring storms, the city’s transport office said in a statement.',
  'The repairs cost 62 million, about a third more than first estimated, because divers found cracks in the tunnel’s foundations halfway through the work.',
  'Commuters who had driven an extra forty minutes around the bay said the first morning was quiet, with traffic lights on both ramps working as planned.',
];
const ARTICLE = 'https://www.example.test/news/2026/12/harbor-tunnel-reopens';
const MOBILE = 'https://m.example.test/news/2026/12/harbor-tunnel-reopens?utm_source=app';

const page = (url: string) => ({
  url,
  requestedUrl: url,
  html: `<!doctype html><html lang="en"><head><title>Harbor tunnel reopens after a year of repairs</title>
<link rel="canonical" href="${ARTICLE}"></head><body><article><h1>Harbor tunnel reopens after a year of repairs</h1>
${PARAGRAPHS.map((p) => `<p>${p}</p>`).join('\n')}</article></body></html>`,
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

it('stores a mobile host’s page as the article its canonical link names, once', async () => {
  const added = await addDomain(server.ctx, { url: 'https://www.example.test' });
  const domain = {
    id: added.id,
    url: 'https://www.example.test',
    hostKey: 'www.example.test',
    origin: 'https://www.example.test',
    startUrl: 'https://www.example.test/',
    throttleMs: 1000,
  };
  const sameSite = sameSiteAs(new URL(domain.origin));
  const mobile = await storeArticlePage(server.ctx, page(MOBILE), domain, sameSite, ['en']);
  expect(mobile).toMatchObject({ canonicalUrl: ARTICLE, sourceUrl: ARTICLE });
  expect(mobile!.id).not.toBeNull();
  const desktop = await storeArticlePage(server.ctx, page(ARTICLE), domain, sameSite, ['en']);
  expect(desktop).toMatchObject({ id: null, canonicalUrl: ARTICLE });
  const rows = await server.sql<{ canonicalUrl: string; sourceUrl: string }[]>`select canonical_url, source_url from articles`;
  expect(rows).toEqual([{ canonicalUrl: ARTICLE, sourceUrl: ARTICLE }]);
});
