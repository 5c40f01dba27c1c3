// Wire copies and teasers: a local web where two outlets republish a wire story with their own
// boilerplate (one cut short), a third tells another story with one of its paragraphs as background
// (a near-miss that stays apart), the wire outlet updates an article at a new URL, and a fourth
// outlet syndicates a story with a canonical link to the original and shows another only up to its
// paywall. Crawled for real, on both databases: each text is listed once with "also published by",
// found once by search, counted once by its story; the teaser is stored as what it shows, marked,
// and counted for its site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDomain } from '../../../../src/services/reader/domains/index.js';
import { startSpider, waitForSpider } from '../../../../src/services/reader/spider/index.js';
import { insertTrend, linkTrendArticles, trendSourceArticles } from '../../../../src/db/trends.js';
import { resemblance, shingleHashes, bodyBands } from '../../../../src/services/reader/copies/fingerprint.js';
import { isCopy } from '../../../../src/services/reader/copies/index.js';
import { extraArticlePath } from '../../../fixtures/news-web/site.js';
import { startNewsWeb, type NewsWeb } from '../../../fixtures/news-web/index.js';
import { startTestServer, type TestServer } from '../../../helpers/server.js';
import { WIRE } from '../../../fixtures/stories/wire-story.js';

/** Another story of the valley, telling one paragraph of the wire story as background. */
const NEAR_MISS = [
  'Farmers along the Brindle River asked the state on Thursday for help after a dry summer left the lowest water levels in the valley since records began.',
  'The state agriculture office said it would send inspectors to measure the damage to corn and soybean fields before deciding on any emergency grants.',
  WIRE[6]!,
  'Irrigation districts have already cut deliveries by a third, and several ranchers said they had sold part of their herds because hay prices had doubled.',
  'A meeting with the governor’s staff is planned for next week in the county seat, where growers will present a survey of losses on two hundred farms.',
  'Meteorologists expect some rain in October but warned that the soil would need a wet winter to recover before the spring planting season begins.',
];
const SYNDICATED = [
  'A new ferry between Ostby and the Harl islands will start sailing in March, the regional transit agency said on Wednesday, ending a wait of nine years.',
  'The electric vessel carries 300 passengers and 40 cars and will make the crossing in 35 minutes, twenty minutes faster than the old diesel ferry.',
  'Island residents had campaigned for the service since the last boat was withdrawn for safety reasons, leaving only a small passenger launch in summer.',
  'Tickets will cost the same as a bus fare for residents, the agency said, while visitors will pay a seasonal fare set each spring by the regional council.',
  'The shipyard in Ostby that built the vessel said a second one is under construction and could join the route in 2028 if the first season goes well.',
];
const UPDATE_V1 = [
  'The city council of Marlow voted late on Tuesday to build a covered market on the site of the old bus depot, after a debate that lasted four hours.',
  'The market will have room for 120 stalls and a hall for events, and is expected to cost 18 million, paid from the city’s reserves and a state grant.',
  'Traders who now sell from tents on Quay Road said they welcomed the plan but worried about the rents the city would charge for the new stalls.',
  'Construction could start next summer if the state confirms its share of the money, the council’s finance chair said after the vote was counted.',
  'The old depot has stood empty since the bus company moved to a new garage outside the city center in 2019, and parts of its roof have collapsed.',
];
const UPDATE_V2 = [
  ...UPDATE_V1.slice(0, 4),
  'The mayor said on Wednesday morning that the state had confirmed its grant, so work could begin as soon as the summer festival season is over.',
  UPDATE_V1[4]!,
];

const TEASER = [
  'The port authority of Ostby will vote next month on new fees for cruise ships that dock in the old harbor, its chair said on Friday.',
  'The plan would charge each passenger a small sum to pay for shore power so that ships can switch off their engines while in port.',
];
const TEASER_HEAD = `<script type="application/ld+json">${JSON.stringify({
  '@context': 'https://schema.org',
  '@type': 'NewsArticle',
  headline: 'Ostby port weighs cruise fees',
  isAccessibleForFree: false,
  hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: '.locked' },
})}</script>`;
const TEASER_BODY = '<div class="paywall-prompt"><p>Subscribe to continue reading. Already a subscriber? Log in.</p></div>';

const titles = {
  teaser: 'Ostby port weighs cruise fees',
  wire: 'Carrow regulators order Brindle Creek coal plant closed by 2028',
  copyA: 'Coal plant to close two years early, regulators decide',
  copyB: 'Brindle Creek plant closure approved',
  nearMiss: 'Brindle valley farmers seek drought help',
  original: 'Electric ferry to Harl islands to start in March',
  syndicated: 'Harl islands get their ferry back',
  v1: 'Marlow council votes for covered market',
  v2: 'Marlow market gets state grant after council vote',
  amp: 'Harbor tunnel reopens to traffic after a year of repairs',
};
const TUNNEL = [
  'The harbor tunnel under the Marlow channel reopened to cars and buses on Monday morning, a year after water leaking through its roof forced the city to close it.',
  'Crews replaced 4,000 concrete panels and a drainage system that had failed during the spring storms, the city’s transport office said in a statement.',
  'The repairs cost 62 million, about a third more than first estimated, because divers found cracks in the tunnel’s foundations halfway through the work.',
  'Commuters who had driven an extra forty minutes around the bay said the first morning was quiet, with traffic lights on both ramps working as planned.',
  'Trucks over 12 tonnes remain barred until the load tests on the southern ramp are finished, which the city expects to take until the end of the month.',
];
/** What an AMP page adds to its head (its own script; its canonical link names the article page). */
const AMP_HEAD = '<script async src="https://cdn.ampproject.org/v0.js"></script>';

describe('fingerprints', () => {
  it('find a copy with other boilerplate or cut short, and keep a story sharing one paragraph apart', () => {
    const wire = shingleHashes(WIRE.join('\n\n'));
    const withBoilerplate = shingleHashes(['CARROW (Wire) —', ...WIRE, 'Copyright 2026 Wire Service. All rights reserved.'].join('\n\n'));
    const cut = shingleHashes(WIRE.slice(0, 5).join('\n\n'));
    expect(resemblance(wire, withBoilerplate).overlap).toBeGreaterThanOrEqual(0.95);
    expect(resemblance(wire, cut).overlap).toBe(1);
    expect(isCopy(resemblance(wire, withBoilerplate))).toBe(true);
    expect(isCopy(resemblance(wire, cut))).toBe(true);
    expect(isCopy(resemblance(wire, shingleHashes(NEAR_MISS.join('\n\n'))))).toBe(false);
    expect(resemblance(wire, shingleHashes(SYNDICATED.join('\n\n')))).toEqual({ overlap: 0, jaccard: 0 });
    // Bands: the same for the same text in any typography, shared by the copy, none with the other story.
    const bands = bodyBands(wire);
    expect(bands).toHaveLength(40);
    expect(bodyBands(shingleHashes(WIRE.join('\n\n').replace(/’/g, "'")))).toEqual(bands);
    expect(bodyBands(withBoilerplate).some((band) => bands.includes(band))).toBe(true);
    expect(bodyBands(shingleHashes(SYNDICATED.join(' ')))).not.toEqual(expect.arrayContaining([bands[0]]));
    // Too short to tell: never a copy.
    expect(bodyBands(shingleHashes('Short caption of ten words for a photo of the plant.'))).toEqual([]);
  });
});

describe('crawling a web with wire copies', () => {
  let web: NewsWeb;
  let server: TestServer;
  type Row = {
    id: number;
    title: string;
    domainName: string;
    siteName: string | null;
    copyOf: number | null;
    copyKind: string | null;
    syndicatedFrom: string | null;
    teaser: boolean;
    content: string;
    canonicalUrl: string;
    sourceUrl: string;
  };
  /** How lists name an outlet: its own name, else its host. */
  const nameOf = (row: Row) => row.siteName ?? row.domainName.replace(/:\d+$/, '');
  let rows: Row[];
  // (A site's <title> may carry its name: "Harbor Ledger :: Marlow market…".)
  const byTitle = (title: string) => rows.find((row) => row.title.endsWith(title))!;
  const isOneOf = (titlesOf: string[]) => (article: { title: string }) => titlesOf.some((title) => article.title.endsWith(title));

  beforeAll(async () => {
    web = await startNewsWeb({
      sites: 4,
      hostile: false,
      articlesPerSite: 0,
      extraArticles: (site, origins) =>
        [
          [
            { title: titles.wire, paragraphs: WIRE, hoursAgo: 3 },
            { title: titles.original, paragraphs: SYNDICATED, hoursAgo: 4 },
            { title: titles.v1, paragraphs: UPDATE_V1, hoursAgo: 9 },
            { title: titles.v2, paragraphs: UPDATE_V2, hoursAgo: 1 },
          ],
          [
            {
              title: titles.copyA,
              paragraphs: ['CARROW, March 3 (Wire) —', ...WIRE, 'Copyright 2026 Wire Service. All rights reserved. Not for redistribution.'],
              hoursAgo: 2,
            },
            // An article and its AMP copy, both in the feed and the sitemap; the copy listed newer, so
            // the crawl (newest first) meets it first.
            { title: titles.amp, paragraphs: TUNNEL, hoursAgo: 5 },
            { title: titles.amp, paragraphs: TUNNEL, hoursAgo: 4, canonicalUrl: `${origins[1]}${extraArticlePath(1, 1, titles.amp)}`, headHtml: AMP_HEAD },
          ],
          [
            {
              title: titles.copyB,
              paragraphs: [...WIRE.slice(0, 6), 'Read more energy news and sign up for our weekly newsletter on the valley’s economy.'],
              hoursAgo: 2,
            },
            { title: titles.nearMiss, paragraphs: NEAR_MISS, hoursAgo: 2 },
          ],
          [
            { title: titles.syndicated, paragraphs: SYNDICATED, hoursAgo: 3, canonicalUrl: `${origins[0]}${extraArticlePath(0, 1, titles.original)}` },
            { title: titles.teaser, paragraphs: TEASER, hoursAgo: 2, headHtml: TEASER_HEAD, bodyHtml: TEASER_BODY },
          ],
        ][site]!,
    });
    server = await startTestServer({
      env: { NEWSCTL_ALLOW_PRIVATE_NETWORKS: web.allowPrivateNetworks.join(','), NEWSCTL_SPIDER_REQUEST_TIMEOUT_MS: '3000' },
    });
    for (const site of web.sites) await addDomain(server.ctx, { url: site.origin, throttle: 1 });
    await startSpider(server.ctx);
    await waitForSpider(server.ctx);
    rows = await server.sql<
      Row[]
    >`select id, title, domain_name, site_name, copy_of, copy_kind, syndicated_from, teaser, content, canonical_url, source_url from articles order by id`;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await web?.close();
  });

  it('files each copy under the first one seen, an update under the newest version, a syndicated page under its original', () => {
    expect(rows).toHaveLength(Object.values(titles).length);
    for (const title of Object.values(titles)) expect(byTitle(title), title).toBeDefined();
    const wireGroup = [byTitle(titles.wire), byTitle(titles.copyA), byTitle(titles.copyB)];
    const originals = wireGroup.filter((row) => row.copyOf === null);
    expect(originals).toHaveLength(1);
    const original = originals[0]!;
    // The first of the three the crawl stored, whichever outlet that was.
    expect(original.id).toBe(Math.min(...wireGroup.map((row) => row.id)));
    for (const copy of wireGroup.filter((row) => row !== original)) expect(copy).toMatchObject({ copyOf: original.id, copyKind: 'copy' });
    expect(byTitle(titles.nearMiss).copyOf).toBeNull();
    // The newer version stands for the earlier one, in whatever order the crawl met them.
    expect(byTitle(titles.v2).copyOf).toBeNull();
    expect(byTitle(titles.v1)).toMatchObject({ copyOf: byTitle(titles.v2).id, copyKind: 'update' });
    // The canonical link to another publisher is recorded, not followed.
    expect(byTitle(titles.original).copyOf).toBeNull();
    expect(byTitle(titles.syndicated)).toMatchObject({
      copyOf: byTitle(titles.original).id,
      copyKind: 'syndication',
      syndicatedFrom: `${web.sites[0]!.origin}${extraArticlePath(0, 1, titles.original)}`,
    });
  });

  it('stores an AMP copy as the article its canonical link names, and sends readers there', () => {
    const article = `${web.sites[1]!.origin}${extraArticlePath(1, 1, titles.amp)}`;
    // The AMP page was read (whichever came first); one article was kept.
    expect(web.requestLog.some((entry) => entry.path === extraArticlePath(1, 2, titles.amp))).toBe(true);
    const tunnel = rows.filter((row) => row.title.endsWith(titles.amp));
    expect(tunnel).toHaveLength(1);
    expect(tunnel[0]).toMatchObject({ canonicalUrl: article, sourceUrl: article, copyOf: null });
  });

  it('lists each text once with the outlets that republished it, and search finds it once', async () => {
    const home = (await (await fetch(`${server.baseUrl}/api/home-page-data`)).json()) as {
      articlesByDomain: { articles: { id: number; title: string; alsoPublishedBy?: string[] }[] }[];
      recentArticlesByCategory: Record<string, { id: number; title: string }[]>;
    };
    const listed = home.articlesByDomain.flatMap((entry) => entry.articles);
    const wireGroup = [titles.wire, titles.copyA, titles.copyB];
    const shown = listed.filter(isOneOf(wireGroup));
    expect(shown).toHaveLength(1);
    const copies = rows.filter((row) => isOneOf(wireGroup)(row) && row.copyOf !== null);
    expect(shown[0]!.alsoPublishedBy).toEqual(copies.map(nameOf));
    expect(listed.filter(isOneOf([titles.v1, titles.syndicated]))).toEqual([]);
    expect(listed.find(isOneOf([titles.original]))!.alsoPublishedBy).toEqual([nameOf(byTitle(titles.syndicated))]);
    expect(listed.find(isOneOf([titles.nearMiss]))!.alsoPublishedBy).toBeUndefined();
    const byTopic = Object.values(home.recentArticlesByCategory).flat();
    expect(byTopic.filter(isOneOf(wireGroup))).toHaveLength(1);

    const found = (await (await fetch(`${server.baseUrl}/api/search?q=${encodeURIComponent('"Brindle Creek"')}`)).json()) as {
      results: { title: string; alsoPublishedBy?: string[] }[];
    };
    const wireResults = found.results.filter(isOneOf(wireGroup));
    expect(wireResults).toHaveLength(1);
    expect(wireResults[0]!.alsoPublishedBy).toHaveLength(2);
    expect(found.results.filter(isOneOf([titles.nearMiss]))).toHaveLength(1);
  });

  it('counts a story’s republishers apart from its sources', async () => {
    const original = rows.find((row) => isOneOf([titles.wire, titles.copyA, titles.copyB])(row) && row.copyOf === null)!;
    const trendId = await insertTrend(server.sql, {
      title: 'Brindle Creek coal plant to close early',
      description: 'Regulators ordered the plant closed by 2028.',
      topic: 'energy',
      relevanceScore: 7,
      articlesAnalyzed: 2,
      batchNumber: 1,
      storyKey: null,
      source: 'offline',
      topicEvidence: null,
    });
    await linkTrendArticles(server.sql, trendId, [original.id, byTitle(titles.nearMiss).id]);
    const page = await (await fetch(`${server.baseUrl}/story/${trendId}`, { redirect: 'follow' })).text();
    expect(page).toContain('2 articles from 2 sites, republished by 2 other sites');
    expect(page.match(/Also published by/g)).toHaveLength(1);
    // The writer reads the headlines the copies ran under beside the original's own.
    const sources = await trendSourceArticles(server.sql, trendId);
    const copyTitles = [titles.wire, titles.copyA, titles.copyB].filter((title) => title !== original.title);
    expect(sources.find((source) => source.id === original.id)?.copyHeadlines?.sort()).toEqual(copyTitles.sort());
    expect(sources.find((source) => source.id === byTitle(titles.nearMiss).id)?.copyHeadlines).toBeNull();
  });

  it('stores a paywalled page as the teaser it shows, marks it in lists and counts it for its site', async () => {
    const teaser = byTitle(titles.teaser);
    expect(teaser.teaser).toBe(true);
    expect(teaser.content).toContain('shore power');
    expect(teaser.content).not.toMatch(/subscribe/i);
    expect(rows.filter((row) => row.teaser)).toEqual([teaser]);
    const home = (await (await fetch(`${server.baseUrl}/api/home-page-data`)).json()) as {
      articlesByDomain: { domain: { id: number }; articles: { title: string; teaser?: boolean }[] }[];
    };
    const listed = home.articlesByDomain.flatMap((entry) => entry.articles);
    expect(listed.find(isOneOf([titles.teaser]))!.teaser).toBe(true);
    expect(listed.filter((article) => article.teaser)).toHaveLength(1);
    const domains = (await (await fetch(`${server.baseUrl}/api/domains`, { headers: { cookie: await server.loginCookie() } })).json()) as {
      url: string;
      teasers: number;
    }[];
    expect(domains.find((domain) => domain.url.includes(new URL(web.sites[3]!.origin).host))!.teasers).toBe(1);
    expect(domains.filter((domain) => domain.teasers > 0)).toHaveLength(1);
  });
});
