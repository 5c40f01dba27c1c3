// Wire copies and teasers as a reader sees them in the React site: an article another outlet
// republished is listed once, under its original, "also published by" the republisher (domain
// cards, the topic tabs, search); a paywall's teaser carries its mark. The API and the
// server-rendered topic page are tested in test/api and test/services; this is the page itself.
import { describe, expect, it } from 'vitest';
import type { Sql } from '../../../src/db/client.js';
import { browserSuite } from './harness.js';

const suite = browserSuite();

const ORIGINAL = 'Hospital wait times fall for the first time in a decade';
const COPY = 'Hospital wait times fall for first time in ten years';
const TEASER = "Inside the fight over the county's new clinic";
const OWN = 'Clinic volunteers honoured at the town hall';

/** An agency's article, a paper's word-for-word copy of it, the paper's own article and its paywalled one. */
async function seedCopies(sql: Sql): Promise<void> {
  const [agency] = await sql<{ id: number }[]>`insert into domains (url, host, priority) values ('agency.example', 'agency.example', 1) returning id`;
  const [paper] = await sql<{ id: number }[]>`insert into domains (url, host, priority) values ('paper.example', 'paper.example', 2) returning id`;
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
  const [original] = await sql<{ id: number }[]>`
    insert into articles (domain_id, domain_name, source_url, canonical_url, title, scraped_at, topic, topic_source)
    values (${agency!.id}, 'agency.example', 'https://agency.example/wait-times', 'https://agency.example/wait-times', ${ORIGINAL}, ${at(30)}, 'health', 'offline')
    returning id`;
  await sql`
    insert into articles (domain_id, domain_name, source_url, canonical_url, title, scraped_at, topic, topic_source, copy_of, copy_kind)
    values (${paper!.id}, 'paper.example', 'https://paper.example/health/wait-times', 'https://paper.example/health/wait-times', ${COPY}, ${at(10)},
            'health', 'offline', ${original!.id}, 'copy')`;
  await sql`
    insert into articles (domain_id, domain_name, source_url, canonical_url, title, scraped_at, topic, topic_source, teaser)
    values (${paper!.id}, 'paper.example', 'https://paper.example/clinic-fight', 'https://paper.example/clinic-fight', ${TEASER}, ${at(5)}, 'health', 'offline', true),
           (${paper!.id}, 'paper.example', 'https://paper.example/volunteers', 'https://paper.example/volunteers', ${OWN}, ${at(20)}, 'health', 'offline', false)`;
}

describe('wire copies and teasers on the site', () => {
  it('lists a republished article once, under its original, with who republished it, and marks the teaser', async () => {
    const { page } = await suite.visit();
    const server = suite.server();
    await seedCopies(server.sql);
    // Seeded behind the services' back: announced as a crawl would, so the public snapshot is rebuilt.
    server.ctx.events.emit('home_data_updated', {});
    await page.goto('/');

    // Domain cards: the copy is not a line of the paper's card; the original says who republished it.
    const cards = page.getByTestId('domain-grid').locator('article');
    await cards.first().waitFor();
    const agencyCard = cards.filter({ hasText: ORIGINAL });
    const paperCard = cards.filter({ hasText: TEASER });
    expect(await agencyCard.getByTestId('also-published-by').textContent()).toBe(' · also published by paper.example');
    expect(await paperCard.locator('li').allTextContents()).toHaveLength(2);
    expect(await paperCard.textContent()).not.toContain(COPY);
    const teaserLine = paperCard.locator('li', { hasText: TEASER });
    expect(await teaserLine.getByTestId('teaser-mark').textContent()).toMatch(/^Preview — subscribers only at paper\.example$/i);
    expect(await paperCard.locator('li', { hasText: OWN }).getByTestId('teaser-mark').count()).toBe(0);

    // The health tab: three articles, the original once with its mark, the teaser marked.
    const topicArticles = page.getByRole('tabpanel').getByTestId('topic-articles').locator('li');
    await topicArticles.first().waitFor();
    const titles = await topicArticles.locator('a').allTextContents();
    expect(titles.sort()).toEqual([ORIGINAL, OWN, TEASER].sort());
    expect(await topicArticles.filter({ hasText: ORIGINAL }).getByTestId('also-published-by').textContent()).toContain('paper.example');
    expect(await topicArticles.filter({ hasText: TEASER }).getByTestId('teaser-mark').count()).toBe(1);

    // Search: the copy's words find the original, once.
    await page.goto('/search?q=hospital%20wait%20times');
    await page.getByText('Found 1 result(s)', { exact: true }).waitFor();
    const result = page.getByTestId('search-results').getByRole('link');
    expect(await result.locator('span').first().textContent()).toBe(ORIGINAL);
    expect(await result.getByTestId('also-published-by').textContent()).toBe('Also published by paper.example');
  });
});
