// Languages (issue 42, item 2): each stored article carries the language its text reads as; a page in
// a language the `languages` setting leaves out is recorded as skipped with its reason (never an
// article, never classified), counted per domain, and not fetched again by the next crawl; a change
// of the setting keeps that language from the next crawl on. Both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDomain, listDomains } from '../../../../src/services/reader/domains/index.js';
import { detectLanguage, languageVerdict } from '../../../../src/services/reader/extract/language.js';
import { updateSetting } from '../../../../src/services/platform/settings/index.js';
import { startSpider, waitForSpider } from '../../../../src/services/reader/spider/index.js';
import { startNewsWeb, type NewsWeb } from '../../../fixtures/news-web/index.js';
import { startTestServer, type TestServer } from '../../../helpers/server.js';

const ENGLISH = [
  'The council of Port Linden voted on Tuesday to rebuild the harbor wall that the storm broke last month.',
  'Engineers said the new wall would be two meters higher and could be finished before the winter storms arrive.',
  'Fishermen who lost their boats will get help from a fund the town opened with money from the regional government.',
  'The mayor told residents at a packed meeting that the work would start in the spring and that the ferry would keep running.',
  'Shop owners along the quay said they hoped the new wall would bring back the visitors who stayed away after the flood.',
  'A second vote next month will decide how much of the cost the town will borrow and how much will come from its reserves.',
];
const FRENCH = [
  'Le conseil municipal de Port-Linden a voté mardi la reconstruction de la digue que la tempête a brisée le mois dernier.',
  'Les ingénieurs ont expliqué que la nouvelle digue serait plus haute de deux mètres et pourrait être achevée avant l’hiver.',
  'Les pêcheurs qui ont perdu leur bateau recevront l’aide d’un fonds ouvert par la ville avec l’argent de la région.',
  'Le maire a annoncé devant une salle comble que les travaux commenceraient au printemps et que le bac continuerait de circuler.',
  'Les commerçants du quai espèrent que la nouvelle digue fera revenir les visiteurs qui ont boudé la ville après l’inondation.',
  'Un second vote, le mois prochain, dira quelle part du coût la ville empruntera et quelle part viendra de ses réserves.',
];
const GERMAN = [
  'Der Stadtrat von Port Linden hat am Dienstag beschlossen, die Hafenmauer wieder aufzubauen, die der Sturm im letzten Monat zerstört hat.',
  'Die Ingenieure sagten, die neue Mauer werde zwei Meter höher sein und könne noch vor den Winterstürmen fertig werden.',
  'Fischer, die ihre Boote verloren haben, sollen Geld aus einem Fonds bekommen, den die Stadt mit Mitteln der Region eröffnet hat.',
  'Der Bürgermeister sagte vor vollem Saal, die Arbeiten begännen im Frühjahr und die Fähre werde weiter fahren.',
  'Die Händler am Kai hoffen, dass die neue Mauer die Besucher zurückbringt, die nach der Flut ausgeblieben sind.',
];

describe('detectLanguage and languageVerdict', () => {
  it('read the text, and fall back to the page’s declaration only when the text is too short', () => {
    const first = (title: string, paragraphs: string[]) => detectLanguage(title, paragraphs.join('\n\n'))?.[0]?.language;
    expect(first('Harbor wall to be rebuilt', ENGLISH)).toBe('en');
    expect(first('La digue sera reconstruite', FRENCH)).toBe('fr');
    expect(first('Hafenmauer wird neu gebaut', GERMAN)).toBe('de');
    // A short English story full of German names: too little to tell, the page says.
    expect(detectLanguage('Scholz fires Lindner', 'Olaf Scholz dismissed Christian Lindner on Wednesday; the Bundestag votes in Berlin.')).toBeNull();
    expect(languageVerdict(null, 'en-GB', ['en'])).toEqual({ language: 'en', keep: true });
    expect(languageVerdict(null, null, ['en'])).toEqual({ language: null, keep: true });
    // A template's lang="en" on a French text: the text decides.
    expect(languageVerdict([{ language: 'fr', share: 0.6 }], 'en-US', ['en'])).toEqual({ language: 'fr', keep: false });
    // A chosen language at least half as likely as the first guess keeps the page; a distant one does not.
    expect(
      languageVerdict(
        [
          { language: 'id', share: 0.38 },
          { language: 'en', share: 0.26 },
        ],
        null,
        ['en'],
      ),
    ).toEqual({ language: 'en', keep: true });
    expect(
      languageVerdict(
        [
          { language: 'de', share: 0.46 },
          { language: 'en', share: 0.04 },
        ],
        null,
        ['en'],
      ),
    ).toEqual({ language: 'de', keep: false });
    expect(languageVerdict([{ language: 'de', share: 0.5 }], null, ['en', 'de'])).toEqual({ language: 'de', keep: true });
  });
});

describe('crawling sites in two languages', () => {
  let web: NewsWeb;
  let server: TestServer;
  const stories = (paragraphs: string[], n: number) =>
    Array.from({ length: n }, (_, i) => ({
      title: `${paragraphs[0]!
        .split(' ')
        .slice(0, 6 + i)
        .join(' ')}`,
      paragraphs: paragraphs.map((p) => `${p} (${i + 1})`),
      hoursAgo: 1 + i,
    }));
  beforeAll(async () => {
    web = await startNewsWeb({
      sites: 2,
      hostile: false,
      articlesPerSite: 0,
      extraArticles: (site) => (site === 0 ? stories(ENGLISH, 3) : stories(FRENCH, 3)),
    });
    server = await startTestServer({
      env: { NEWSCTL_ALLOW_PRIVATE_NETWORKS: web.allowPrivateNetworks.join(','), NEWSCTL_SPIDER_REQUEST_TIMEOUT_MS: '3000' },
    });
    for (const site of web.sites) await addDomain(server.ctx, { url: site.origin, throttle: 1 });
  });
  afterAll(async () => {
    await server?.close();
    await web?.close();
  });

  it('keeps the chosen language, records the other as skipped per site, and fetches it no more', { timeout: 120_000 }, async () => {
    await startSpider(server.ctx);
    await waitForSpider(server.ctx);
    const articles = await server.sql<
      { domainName: string; language: string | null; topic: string | null }[]
    >`select domain_name, language, topic from articles`;
    expect(articles).toHaveLength(3);
    expect(new Set(articles.map((a) => a.language))).toEqual(new Set(['en']));
    expect(articles.every((a) => a.domainName === new URL(web.sites[0]!.origin).host)).toBe(true);
    const skipped = await server.sql<{ reason: string; language: string | null }[]>`select reason, language from skipped_pages`;
    expect(skipped).toHaveLength(3);
    expect(skipped.every((page) => page.reason === 'language' && page.language === 'fr')).toBe(true);
    const domains = await listDomains(server.ctx);
    const french = domains.find((d) => d.url.includes(new URL(web.sites[1]!.origin).host))!;
    expect(french.skipped).toEqual({ language: 3 });
    expect(french.articlesCount).toBe(0);
    expect(domains.find((d) => d !== french)!.skipped).toEqual({});
    // Through the API too.
    const cookie = await server.loginCookie();
    const listed = (await (await fetch(`${server.baseUrl}/api/domains`, { headers: { cookie } })).json()) as { skipped: Record<string, number> }[];
    expect(listed.map((d) => d.skipped)).toContainEqual({ language: 3 });

    // The next crawl reads no skipped page again.
    web.clearLog();
    await startSpider(server.ctx);
    await waitForSpider(server.ctx);
    const frenchHost = new URL(web.sites[1]!.origin).hostname;
    const articlePaths = new Set(web.sites[1]!.articles.map((a) => new URL(a.url).pathname));
    expect(web.requestsTo(frenchHost).filter((r) => articlePaths.has(r.path))).toEqual([]);
  });

  it('a language added to the setting is kept from the next crawl on', { timeout: 120_000 }, async () => {
    await updateSetting(server.ctx, 'languages', { languages: ['en', 'fr'] });
    await server.sql`delete from skipped_pages`;
    await startSpider(server.ctx);
    await waitForSpider(server.ctx);
    const french = await server.sql<{ language: string }[]>`select language from articles where language = 'fr'`;
    expect(french).toHaveLength(3);
  });
});
