// Console content in a real newsctl database: source domains in every status with their articles,
// trends of several analyses, the avoid list, system logs, model calls and the saved state of the
// last spider, re-fetcher and analyzer runs — what an administrator sees after a few days of use.
import type { Sql } from '../../../src/db/client.js';
import { recordRun } from '../../helpers/runs.js';

const minutesAgo = (now: number, minutes: number) => new Date(now - minutes * 60_000).toISOString();

export const CONSOLE_DOMAINS = [
  { url: 'harbourgazette.example', status: 'success', priority: 9, articles: 14, startingUrl: null, error: null },
  { url: 'metroledger.example', status: 'active', priority: 7, articles: 9, startingUrl: 'https://metroledger.example/latest', error: null },
  {
    url: 'valleytribune.example',
    status: 'error',
    priority: null,
    articles: 3,
    startingUrl: null,
    error: 'No articles found on the start page, in its feeds or in its sitemaps after 3 attempts',
  },
  { url: 'coastalcourier.example', status: 'active', priority: 5, articles: 6, startingUrl: null, error: null },
  { url: 'summitpost.example', status: 'success', priority: 3, articles: 11, startingUrl: null, error: null },
  { url: 'clickfarm.example', status: 'avoided', priority: 1, articles: 0, startingUrl: null, error: null },
] as const;

export const CONSOLE_TRENDS = [
  { title: 'Measles cases climb in three states as vaccination rates dip', topic: 'health', score: 9.2, batch: 4, analyzed: 148, minutes: 35 },
  { title: 'Hospitals expand weekend clinics ahead of flu season', topic: 'health', score: 7.5, batch: 4, analyzed: 148, minutes: 35 },
  { title: 'Central bank signals a pause in rate increases', topic: 'finance', score: 8.8, batch: 4, analyzed: 121, minutes: 35 },
  { title: 'Regional lenders report fewer loan defaults', topic: 'finance', score: 6.1, batch: 3, analyzed: 97, minutes: 190 },
  { title: 'Statehouses race to pass budgets before recess', topic: 'usa', score: 8.1, batch: 4, analyzed: 133, minutes: 35 },
  { title: 'Coastal nations sign a joint flood-defence pact', topic: 'international', score: 7.9, batch: 4, analyzed: 102, minutes: 35 },
  { title: 'Open-source browser engine ships a faster renderer', topic: 'tech', score: 8.4, batch: 4, analyzed: 88, minutes: 35 },
  { title: 'Grid operators add battery storage for summer peaks', topic: 'energy', score: 7.2, batch: 3, analyzed: 64, minutes: 190 },
  { title: 'Telescope survey maps a million distant galaxies', topic: 'science', score: 6.8, batch: 3, analyzed: 71, minutes: 190 },
  { title: 'Farmers markets report record spring turnout', topic: 'food', score: 5.9, batch: 3, analyzed: 45, minutes: 190 },
] as const;

export const CONSOLE_AVOID = [
  { url: 'spamwire.example', reason: 'Copies other sites word for word' },
  { url: 'adnetwork.example', reason: null },
] as const;

export const CONSOLE_LOGS = [
  { component: 'SPIDER', level: 'info', message: 'Spider finished: 23 new articles from 5 of 5 sites in 6m 12s', minutes: 50 },
  { component: 'DOMAIN_MANAGER', level: 'info', message: 'Domain added: coastalcourier.example', minutes: 70 },
  { component: 'SPIDER', level: 'warning', message: 'Domain valleytribune.example: No articles found on the start page', minutes: 52 },
  { component: 'TRENDS', level: 'info', message: 'Trends analysis finished: 7 trends in 8 topics', minutes: 34 },
  { component: 'AI_MODEL', level: 'error', message: 'Model call failed after 3 attempts: 429 Too Many Requests', minutes: 33 },
  { component: 'GENERATOR', level: 'info', message: 'Generated "Measles cases climb in three states" (612 words)', minutes: 20 },
] as const;

export const SPIDER_ACTIVITY = [
  '10:42:05 Spider finished: 23 new articles from 5 of 5 sites in 6m 12s',
  '10:41:58 summitpost.example: done, 4 new articles',
  '10:41:50 NEW: Telescope survey maps a million distant galaxies',
  '10:41:32 Crawling summitpost.example',
  '10:40:11 valleytribune.example: error: No articles found on the start page',
  '10:39:47 NEW: Central bank signals a pause in rate increases',
  '10:36:01 Spider started: 5 domains to crawl',
];

export async function seedConsole(sql: Sql, now = Date.now()): Promise<void> {
  const crawled: { id: number; host: string }[] = [];
  for (const [index, domain] of CONSOLE_DOMAINS.entries()) {
    const [row] = await sql<{ id: number }[]>`
      insert into domains (url, host, status, priority, starting_url, error_message, last_scraped)
      values (${domain.url}, ${domain.url}, ${domain.status}, ${domain.priority}, ${domain.startingUrl}, ${domain.error},
              ${domain.status === 'avoided' ? null : minutesAgo(now, 50 + index)})
      returning id`;
    if (domain.status !== 'avoided') crawled.push({ id: row!.id, host: domain.url });
    for (let n = 0; n < domain.articles; n++) {
      const url = `https://${domain.url}/news/${n + 1}`;
      await sql`
        insert into articles (domain_id, domain_name, source_url, canonical_url, title, content, word_count, scraped_at)
        values (${row!.id}, ${domain.url}, ${url}, ${url}, ${`Report ${n + 1} from ${domain.url}`}, ${'Text of the report. '.repeat(60)},
                ${n % 4 === 0 ? 180 : 640}, ${minutesAgo(now, 60 + n * 7)})`;
    }
  }
  if (CONSOLE_AVOID.length > 0) await sql`insert into avoid_domains ${sql(CONSOLE_AVOID.map((entry) => ({ url: entry.url, reason: entry.reason })))}`;
  await sql`insert into avoid_domains (url, reason) values ('clickfarm.example', 'Marked avoided in the domain list')`;

  for (const trend of CONSOLE_TRENDS) {
    await sql`
      insert into trends (title, description, topic, relevance_score, articles_analyzed, batch_number, identified_at)
      values (${trend.title}, ${`Several sources report that ${trend.title.toLowerCase()}.`}, ${trend.topic}, ${trend.score},
              ${trend.analyzed}, ${trend.batch}, ${minutesAgo(now, trend.minutes)})`;
  }

  for (const log of CONSOLE_LOGS) {
    await sql`insert into logs (timestamp, component, level, message) values (${minutesAgo(now, log.minutes)}, ${log.component}, ${log.level}, ${log.message})`;
  }
  for (let n = 0; n < 12; n++) {
    await sql`insert into llm_calls (feature, provider, model, ok, total_tokens, duration_ms, created_at)
              values ('trends', 'openai-compatible', 'mistral-large-latest', ${n !== 3}, 1800, 2400, ${minutesAgo(now, 34 + n)})`;
  }

  // The last runs, as the jobs left them: a crawl of the 5 sites (23 articles in 6m 12s), a re-fetch
  // pass and an analysis.
  const crawlStart = now - 56 * 60_000;
  const spiderRun = await recordRun(sql, {
    job: 'spider',
    params: { startedAt: new Date(crawlStart).toISOString(), totalSites: crawled.length },
    createdAt: new Date(crawlStart),
    finishedAt: new Date(crawlStart + 372_000),
    activity: SPIDER_ACTIVITY,
  });
  const stored = [7, 5, 4, 4, 3];
  for (const [position, domain] of crawled.entries()) {
    await sql`insert into crawl_claims (run_id, domain_id, host, position, status, articles_stored, progress, finished_at)
              values (${spiderRun}, ${domain.id}, ${domain.host}, ${position}, 'done', ${stored[position] ?? 0}, 1, now())`;
  }
  await recordRun(sql, { job: 'refetch', progress: { total: 40, processed: 40, updated: 31, failed: 9 }, createdAt: new Date(now - 45 * 60_000) });
  await recordRun(sql, {
    job: 'trends-analyzer',
    result: { stopped: false, error: null },
    createdAt: new Date(now - 36 * 60_000),
    finishedAt: new Date(now - 35 * 60_000),
  });
}

/** Empties everything seedConsole and the console's own actions write, so one daemon serves a file. */
export async function resetConsole(sql: Sql): Promise<void> {
  await sql`truncate trend_articles, trends, articles, domains, avoid_domains, logs, llm_calls, settings,
            generated_articles, login_failures, sessions restart identity cascade`;
  // The seeded runs (each job's summary), and the generator's: Start left on (a job run) would keep
  // the next test's Start disabled. The daemon holding such a run lets it go at its next renewal.
  await sql`delete from job_runs where job in ('generator', 'generate-article')
            or (job in ('spider', 'refetch', 'trends-analyzer') and status in ('completed', 'failed', 'stopped', 'skipped'))`;
}

interface StorySeed {
  title: string;
  description: string;
  topic: string;
  relevance: number;
  /** Sentences of the story; each source tells most of them, in its own order. */
  facts: string[];
  hosts: string[];
}

const STORIES: StorySeed[] = [
  {
    title: 'Measles cases climb in three states as vaccination rates dip',
    description: 'Health departments in three states report the most measles cases in a decade as childhood vaccination rates fall.',
    topic: 'health',
    relevance: 9.2,
    hosts: ['harbourgazette.example', 'metroledger.example', 'summitpost.example'],
    facts: [
      'Health departments in three states reported 214 measles cases since January, the highest count in a decade.',
      'Most of the cases were in children under five who had not received the first dose of the vaccine.',
      'Vaccination rates among kindergarten pupils fell to 91 percent last school year, below the 95 percent needed to stop outbreaks.',
      'Clinics in the affected counties extended their opening hours and offered free vaccinations on weekends.',
      'Doctors urged parents to check their children’s records before the new school year begins in August.',
      'Nineteen patients were treated in hospital, and officials said none of them is in critical condition.',
    ],
  },
  {
    title: 'Central bank signals a pause in rate increases',
    description: 'The central bank kept its main rate unchanged and said inflation is easing faster than expected.',
    topic: 'finance',
    relevance: 8.8,
    hosts: ['coastalcourier.example', 'harbourgazette.example', 'valleytribune.example'],
    facts: [
      'The central bank left its main interest rate at 4.5 percent on Wednesday, ending a run of seven consecutive increases.',
      'Policymakers said inflation fell to 3.1 percent in May and is easing faster than they had expected in the spring.',
      'The governor told reporters that further increases were not ruled out if energy prices rise again.',
      'Mortgage lenders said they expected fixed rates to drift lower over the summer.',
      'Shares of regional banks rose more than two percent after the announcement.',
    ],
  },
  {
    title: 'Open-source browser engine ships a faster renderer',
    description: 'A new release of an open-source browser engine draws pages up to 40 percent faster on older laptops.',
    topic: 'tech',
    relevance: 8.4,
    hosts: ['metroledger.example', 'summitpost.example', 'coastalcourier.example'],
    facts: [
      'The open-source browser engine released version 12 on Tuesday with a rewritten page renderer.',
      'Its developers measured pages drawing up to 40 percent faster on laptops more than five years old.',
      'The new renderer uses less memory for long pages, which helps tablets with small amounts of storage.',
      'Three smaller browsers built on the engine said they would adopt the release within a month.',
      'The project is maintained by about 300 volunteers and a foundation funded by donations.',
    ],
  },
];

/** Crawled sources and a trend for each story, ready for the generator (offline writer). */
export async function seedStories(sql: Sql, now = Date.now()): Promise<void> {
  for (const story of STORIES) {
    const articleIds: number[] = [];
    for (const [index, host] of story.hosts.entries()) {
      // Each source leaves one fact out and starts from a different one.
      const facts = story.facts.filter((_, fact) => fact % story.hosts.length !== (index + 1) % story.hosts.length || fact === 0);
      const text = [...facts.slice(index % facts.length), ...facts.slice(0, index % facts.length)].join('\n\n');
      const url = `https://${host}/news/${story.topic}-${index + 1}`;
      const title = [story.title, `${story.title}, officials say`, `What we know: ${story.title.toLowerCase()}`][index % 3]!;
      const [row] = await sql<{ id: number }[]>`
        insert into articles (domain_name, source_url, canonical_url, title, content, topic, word_count, scraped_at)
        values (${host}, ${url}, ${url}, ${title}, ${text}, ${story.topic}, ${text.split(/\s+/).length}, ${minutesAgo(now, 90 + index * 10)})
        returning id`;
      articleIds.push(row!.id);
    }
    // The console's seeded trends already name these stories: give them their sources.
    const [trend] =
      (await sql<{ id: number }[]>`update trends set description = ${story.description} where title = ${story.title} returning id`)[0] !== undefined
        ? await sql<{ id: number }[]>`select id from trends where title = ${story.title}`
        : await sql<{ id: number }[]>`
            insert into trends (title, description, topic, relevance_score, batch_number, articles_analyzed, identified_at)
            values (${story.title}, ${story.description}, ${story.topic}, ${story.relevance}, 5, ${story.hosts.length}, ${minutesAgo(now, 30)})
            returning id`;
    for (const id of articleIds) await sql`insert into trend_articles (trend_id, article_id) values (${trend!.id}, ${id})`;
  }
}
