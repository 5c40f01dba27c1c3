import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml, html, safeHref } from '../../src/services/reader/pages/html.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { NEWSCTL_SITE_NAME: 'Morning Ledger' } });
});
afterAll(async () => server?.close());

describe('/{topic}.html pages', () => {
  it('list the topic’s trends and newest articles, escaped, with only http(s) links', async () => {
    await server.sql`insert into trends (title, topic, relevance_score) values ('Battery <b>boom</b>', 'energy', 8)`;
    await server.sql`
      insert into articles (domain_name, source_url, canonical_url, title, topic) values
        ('grid.test', 'https://grid.test/a', 'https://grid.test/a', 'Utilities add storage <script>alert(1)</script>', 'energy'),
        ('bad.test', 'javascript:alert(1)', 'javascript:alert(1)', 'Hostile link', 'energy'),
        ('food.test', 'https://food.test/b', 'https://food.test/b', 'Sourdough returns', 'food'),
        ('xn--bcher-kva.example', 'https://xn--bcher-kva.example/c', 'https://xn--bcher-kva.example/c', 'Library reopens', 'energy'),
        ('xn--80ak6aa92e.com', 'https://xn--80ak6aa92e.com/d', 'https://xn--80ak6aa92e.com/d', 'Lookalike news', 'energy')`;
    // Seeded behind the services' back: say so, as they do (the page comes from the public snapshot).
    server.ctx.events.emit('home_data_updated', {});
    const response = await fetch(`${server.baseUrl}/energy.html`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const page = await response.text();
    expect(page).toContain('<title>Energy news — Morning Ledger</title>');
    expect(page).toContain('Battery &lt;b&gt;boom&lt;/b&gt;');
    expect(page).toContain('<a href="https://grid.test/a" rel="noopener noreferrer">Utilities add storage &lt;script&gt;alert(1)&lt;/script&gt;</a>');
    expect(page).not.toContain('<script>');
    expect(page).not.toContain('href="javascript:');
    expect(page).toContain('Hostile link');
    expect(page).not.toContain('Sourdough');
    // An internationalised source reads in Unicode; its link stays as stored. A name that could pass
    // for another ("аррӏе", all Cyrillic) keeps its encoded form.
    expect(page).toContain('<a href="https://xn--bcher-kva.example/c" rel="noopener noreferrer">Library reopens</a> <small>— bücher.example,');
    expect(page).toContain('<small>— xn--80ak6aa92e.com,');
  });

  it('say so when a topic has nothing yet', async () => {
    const page = await (await fetch(`${server.baseUrl}/science.html`)).text();
    expect(page).toContain('No science trends identified yet.');
    expect(page).toContain('No recent articles found for Science.');
  });

  it('exist only for the eight topics', async () => {
    const page = await (await fetch(`${server.baseUrl}/sports.html`)).text();
    expect(page).not.toContain('Sports news');
  });
});

describe('html helpers', () => {
  it('escape every interpolated value and keep nested fragments', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const inner = html`<i>${'<x>'}</i>`;
    expect(html`<p>${inner}${['<', html`<br>`]}</p>`.value).toBe('<p><i>&lt;x&gt;</i>&lt;<br></p>');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,hi')).toBeNull();
    expect(safeHref('https://ok.test/a b')).toBe('https://ok.test/a%20b');
  });
});
