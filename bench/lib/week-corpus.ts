// A week of a large newsroom's crawl, made in memory for the analysis benches. The labelled trends
// data has 25,000 real headlines and a week of 2,000 sources has 100,000 articles, so each story's
// headline and 14 facts are sentences walked through the word pairs of its topic's real
// headlines (a chain of which word follows which): real words and word pairs at their real
// frequencies, but no two stories alike — whole headlines reused would tie unrelated stories by
// their rare phrases. Each story is told by one to eight of `sites` sources within hours of each
// other, each in its own words (a word dropped, a clause moved, facts left out or in another order),
// a few followed up a day or two later. Seeded, so every run analyses the same week.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RecentArticleRow } from '../../src/db/article-topics.js';
import type { Topic } from '../../src/services/reader/classify/index.js';
import { pick, seededRandom } from '../../test/fixtures/news-web/text.js';
import { datasetsRoot } from './stories-set.js';

interface Headline {
  title: string;
  topic: string;
}

function headlines(): Headline[] {
  const out: Headline[] = [];
  const seen = new Set<string>();
  for (const file of ['topics-train.jsonl', 'topics-dev.jsonl']) {
    for (const line of readFileSync(join(datasetsRoot(), 'trends', file), 'utf8').split('\n')) {
      if (!line) continue;
      const row = JSON.parse(line) as { title: string; topic: string };
      const title = row.title.replace(/\s+/g, ' ').trim();
      if (title.split(' ').length < 5 || seen.has(title.toLowerCase())) continue;
      seen.add(title.toLowerCase());
      out.push({ title, topic: row.topic });
    }
  }
  return out;
}

/** How many outlets tell a story: most news is one site's, a few stories are everyone's. */
function tellers(next: () => number): number {
  const r = next();
  return r < 0.45 ? 1 : r < 0.7 ? 2 : r < 0.85 ? 3 : 4 + Math.floor(next() * 5);
}

/** Which word follows which in a topic's headlines (repeats kept: a likely pair is drawn more often). */
interface Chain {
  starts: string[];
  next: Map<string, string[]>;
}

function chainOf(titles: readonly string[]): Chain {
  const chain: Chain = { starts: [], next: new Map() };
  for (const title of titles) {
    const words = title.split(' ');
    chain.starts.push(words[0]!);
    for (let i = 0; i < words.length; i++) {
      const follower = words[i + 1] ?? '';
      const list = chain.next.get(words[i]!);
      if (list) list.push(follower);
      else chain.next.set(words[i]!, [follower]);
    }
  }
  return chain;
}

/** A sentence of 8 to 18 words walked through the chain. */
function sentence(chain: Chain, next: () => number): string {
  const words = [pick(next, chain.starts)];
  const length = 8 + Math.floor(next() * 11);
  while (words.length < length) {
    const followers = chain.next.get(words.at(-1)!);
    const word = followers ? pick(next, followers) : '';
    words.push(word || pick(next, chain.starts).toLowerCase());
  }
  return words.join(' ');
}

/** One outlet's headline for the story: a word dropped or a clause moved, sometimes as told. */
function retold(title: string, next: () => number): string {
  const words = title.split(' ');
  const r = next();
  if (r < 0.3) return title;
  if (r < 0.7 && words.length > 5) words.splice(1 + Math.floor(next() * (words.length - 2)), 1);
  else {
    const cut = 2 + Math.floor(next() * (words.length - 3));
    return `${words.slice(cut).join(' ')}: ${words.slice(0, cut).join(' ')}`;
  }
  return words.join(' ');
}

export interface WeekCorpusOptions {
  articles: number;
  sites: number;
  days: number;
  /** The week's last moment. */
  end: Date;
  leadCharacters?: number;
}

export function weekCorpus(options: WeekCorpusOptions): RecentArticleRow[] {
  const next = seededRandom(20261202);
  const all = headlines();
  const titles = new Map<string, string[]>();
  for (const { title, topic } of all) {
    const list = titles.get(topic);
    if (list) list.push(title);
    else titles.set(topic, [title]);
  }
  const chains = new Map([...titles].map(([topic, list]) => [topic, chainOf(list)]));
  const leadCharacters = options.leadCharacters ?? 1_500;
  const spanMs = options.days * 86_400_000;
  const start = options.end.getTime() - spanMs;
  const rows: RecentArticleRow[] = [];
  for (let story = 0; rows.length < options.articles; story++) {
    const topic = all[story % all.length]!.topic;
    const chain = chains.get(topic)!;
    const headline = sentence(chain, next);
    const facts = Array.from({ length: 14 }, () => sentence(chain, next));
    const at = start + next() * spanMs;
    // A story followed up a day or two later (by the same or other outlets).
    const days = next() < 0.1 ? [0, 1 + Math.floor(next() * 2)] : [0];
    for (const day of days) {
      for (let t = 0, n = tellers(next); t < n && rows.length < options.articles; t++) {
        const publishedAt = new Date(Math.min(options.end.getTime(), at + day * 86_400_000 + next() * 8 * 3_600_000));
        const told = facts.filter(() => next() < 0.8).sort(() => next() - 0.5);
        const paragraphs = [retold(headline, next), ...told.map((fact) => retold(fact, next))];
        const site = Math.floor(next() * options.sites);
        rows.push({
          id: rows.length + 1,
          title: retold(headline, next),
          lead: paragraphs.join('\n\n').slice(0, leadCharacters),
          domainName: `site${site}.test`,
          publishedAt,
          scrapedAt: publishedAt,
          ownTopic: topic as Topic,
          topicSource: null,
        });
      }
    }
  }
  return rows;
}
