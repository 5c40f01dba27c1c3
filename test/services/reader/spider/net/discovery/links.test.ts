import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleLinks, articleUrlScore, createGuardedClient, type GuardedClient } from '../../../../../../src/services/reader/spider/net/index.js';
import { startNewsWeb, type NewsWeb } from '../../../../../fixtures/news-web/index.js';

describe('articleUrlScore', () => {
  const score = (url: string) => articleUrlScore(new URL(url));

  it.each([
    'https://news.example/2024/05/01/council-approves-river-parks-budget/',
    'https://news.example/world/coastal-nations-unveil-new-ferry-routes-1234567',
    'https://news.example/news/border-towns-delay-flood-warnings.html',
    'https://news.example/article/123456/state-lawmakers-fund-housing',
    'https://news.example/business/20240501-bakeries-extend-hours',
    'https://news.example/story/the-long-slug-of-a-real-article-here',
  ])('scores %s as an article', (url) => {
    expect(score(url)).toBeGreaterThanOrEqual(2);
  });

  it.each([
    'https://news.example/',
    'https://news.example/politics',
    'https://news.example/world/',
    'https://news.example/tag/river-parks-budget/',
    'https://news.example/author/maya-okafor/',
    'https://news.example/category/world/',
    'https://news.example/about-us',
    'https://news.example/privacy-policy',
    'https://news.example/search?q=parks',
    'https://news.example/page/2/',
    'https://news.example/2024/05/01/photo-of-the-river-parks.jpg',
    'https://news.example/files/annual-report-for-the-year.pdf',
    'https://news.example/2024/05/01/story-about-parks/?replytocom=5',
    'https://news.example/wp-login.php',
    'https://news.example/feed/',
  ])('scores %s below the threshold', (url) => {
    expect(score(url)).toBeLessThan(2);
  });
});

describe('articleLinks', () => {
  const html = `<!DOCTYPE html><html><head><base href="/front/"></head><body>
<header><nav><a href="/2024/05/01/nav-link-to-a-real-looking-story/">In the nav</a></nav></header>
<div role="navigation"><a href="/2024/05/01/role-navigation-story-link/">Role nav</a></div>
<main>
  <h2><a href="/2024/05/01/council-approves-river-parks-budget/?utm_source=home">Council approves river parks budget</a></h2>
  <h2><a href="../2024/05/02/relative-story-about-ferry-routes/">Relative</a></h2>
  <h2><a href="https://NEWS.example:443/2024/05/01/council-approves-river-parks-budget/#comments">Again</a></h2>
  <h2><a href="https://www.news.example/2024/05/03/www-subdomain-story-link/">www</a></h2>
  <h2><a href="https://elsewhere.example/2024/05/03/another-site-story-link/">Elsewhere</a></h2>
  <a href="javascript:openStory('/2024/05/04/js-story')">JS</a>
  <a href=" JavaScript:alert(1)">JS 2</a>
  <a href="java&#9;script:alert(1)">JS 3</a>
  <a href="mailto:desk@news.example">Mail</a>
  <a href="data:text/html,hi">Data</a>
  <a href="tel:123">Call</a>
  <a href="#top">Top</a>
  <a href="/tag/parks/">Parks</a>
  <a href="/author/maya/">Maya</a>
  <a rel="tag" href="/2024/05/05/rel-tag-looks-like-a-story/">Tagged</a>
  <a href="/politics">Politics</a>
</main>
<footer><a href="/2024/05/06/footer-story-link-looks-real/">Footer story</a></footer>
</body></html>`;

  it('keeps same-site article links in document order, canonical and de-duplicated', () => {
    const links = articleLinks(html, 'https://news.example/');
    expect(links.map((l) => l.url)).toEqual([
      'https://news.example/2024/05/01/council-approves-river-parks-budget/',
      'https://news.example/2024/05/02/relative-story-about-ferry-routes/',
      'https://www.news.example/2024/05/03/www-subdomain-story-link/',
    ]);
    expect(links[0]!.text).toBe('Council approves river parks budget');
  });

  it('takes a custom same-site rule', () => {
    const links = articleLinks(html, 'https://news.example/', { isSameSite: (url) => url.hostname === 'elsewhere.example' });
    expect(links.map((l) => l.url)).toEqual(['https://elsewhere.example/2024/05/03/another-site-story-link/']);
  });

  it('treats an IP host with a port as its own site', () => {
    const page = '<a href="/2024/05/01/a-story-on-an-ip-host/">x</a><a href="http://127.0.0.2:9999/2024/05/01/other-port-story-here/">y</a>';
    expect(articleLinks(page, 'http://127.0.0.2:8080/').map((l) => l.url)).toEqual(['http://127.0.0.2:8080/2024/05/01/a-story-on-an-ip-host/']);
  });
});

describe('article links on the local news web', () => {
  let web: NewsWeb;
  let client: GuardedClient;
  beforeAll(async () => {
    web = await startNewsWeb({ sites: 4 });
    client = createGuardedClient({ userAgent: 'newsctl/0.1', allowPrivateNetworks: web.allowPrivateNetworks });
  });
  afterAll(async () => {
    client.close();
    await web.close();
  });

  it('finds exactly the articles each home page lists, and none of its listing or junk links', async () => {
    for (const site of web.sites) {
      const home = await client.fetch(site.homeUrl);
      const found = articleLinks(home.text(), home.url).map((l) => l.url);
      const listed = site.articles.filter((a) => a.routes.includes('home')).map((a) => a.url);
      expect(found.sort()).toEqual(listed.sort());
    }
  });

  it('drops javascript:, data:, mailto:, other hosts and loopback tricks from a hostile page', async () => {
    const page = await client.fetch(web.hostile!.urls.hostileLinks);
    expect(articleLinks(page.text(), page.url).map((l) => l.url)).toEqual(web.hostile!.linksArticleUrls);
  });
});
