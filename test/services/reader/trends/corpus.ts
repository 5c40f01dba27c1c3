// Stored articles with known stories, written for these tests, and a helper that stores them.
import type { Sql } from '../../../../src/db/client.js';
import type { Topic } from '../../../../src/services/reader/classify/index.js';

export interface CorpusArticle {
  key: string;
  topic: Topic;
  host: string;
  title: string;
  body: string;
  /** Hours before the reference time. */
  hoursAgo: number;
}

/** One event, four newsrooms, four wordings. */
export const harbourFire: CorpusArticle[] = [
  {
    key: 'fire-1',
    topic: 'usa',
    host: 'harbor-times.test',
    title: 'Warehouse fire at Port Linden forces evacuation of nearby homes',
    body: 'A fire broke out overnight at a cargo warehouse in Port Linden. Firefighters evacuated 300 homes as thick smoke spread across the harbour district. No injuries were reported.',
    hoursAgo: 5,
  },
  {
    key: 'fire-2',
    topic: 'usa',
    host: 'northern-courier.test',
    title: 'Port Linden warehouse blaze sends smoke over harbour district',
    body: 'Residents of the harbour district woke to heavy smoke from the Port Linden warehouse blaze. The fire chief said the flames were contained by morning.',
    hoursAgo: 4,
  },
  {
    key: 'fire-3',
    topic: 'usa',
    host: 'daily-ledger.test',
    title: 'Hundreds evacuated as Port Linden warehouse fire burns through the night',
    body: 'Crews fought the Port Linden warehouse fire for seven hours. About 300 households were told to leave their homes.',
    hoursAgo: 3,
  },
  {
    key: 'fire-4',
    topic: 'usa',
    host: 'radio-meridian.test',
    title: 'Investigators search for cause of Port Linden warehouse fire',
    body: 'Fire investigators began examining the burned Port Linden warehouse on Tuesday. The owner said the building stored furniture and paper goods.',
    hoursAgo: 1,
  },
];

/** A second story of the same topic, two sources. */
export const bridgeVote: CorpusArticle[] = [
  {
    key: 'bridge-1',
    topic: 'usa',
    host: 'harbor-times.test',
    title: 'Linden County votes to rebuild the Old Mill bridge',
    body: 'County commissioners approved 40 million dollars to rebuild the Old Mill bridge. Construction should start next spring.',
    hoursAgo: 6,
  },
  {
    key: 'bridge-2',
    topic: 'usa',
    host: 'daily-ledger.test',
    title: 'Old Mill bridge rebuild approved by Linden County commissioners',
    body: 'The Old Mill bridge will be rebuilt after a unanimous vote by Linden County commissioners. The bridge has been closed since floods last year.',
    hoursAgo: 7,
  },
];

/** Unrelated articles of one topic: none of them is a trend. */
export const unrelated: CorpusArticle[] = [
  {
    key: 'solo-1',
    topic: 'usa',
    host: 'town-gazette.test',
    title: 'High school robotics team wins state championship',
    body: 'The Riverside robotics team beat 40 schools to take the state title.',
    hoursAgo: 2,
  },
  {
    key: 'solo-2',
    topic: 'usa',
    host: 'northern-courier.test',
    title: 'Farmers market returns to Main Street for the summer',
    body: 'Thirty vendors will sell produce every Saturday until September.',
    hoursAgo: 8,
  },
  {
    key: 'solo-3',
    topic: 'usa',
    host: 'radio-meridian.test',
    title: 'Library extends weekend opening hours',
    body: 'The central library will now open on Sundays from noon to five.',
    hoursAgo: 9,
  },
];

/** Another topic, one story of two sources. */
export const rateDecision: CorpusArticle[] = [
  {
    key: 'rates-1',
    topic: 'finance',
    host: 'market-watcher.test',
    title: 'Central bank of Arland holds interest rates at 4 percent',
    body: 'The Central Bank of Arland kept its benchmark rate at 4 percent on Wednesday. Policymakers said inflation was cooling slowly.',
    hoursAgo: 3,
  },
  {
    key: 'rates-2',
    topic: 'finance',
    host: 'business-daily.test',
    title: 'Arland central bank leaves rates unchanged as inflation cools',
    body: 'Arland’s central bank left interest rates unchanged at 4 percent. Governor Mira Hale said cuts could come later this year.',
    hoursAgo: 2,
  },
];

/** Old news about the fire: outside the analyzer's window. */
export const oldFireArticle: CorpusArticle = {
  key: 'fire-old',
  topic: 'usa',
  host: 'archive.test',
  title: 'Port Linden warehouse fire of 2019 remembered',
  body: 'Five years ago a fire destroyed a Port Linden warehouse.',
  hoursAgo: 24 * 5,
};

/** Stores the articles as crawled `hoursAgo` before `now`; returns their ids by key. */
export async function storeCorpus(sql: Sql, articles: CorpusArticle[], now = new Date()): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const article of articles) {
    const at = new Date(now.getTime() - article.hoursAgo * 3_600_000);
    const url = `https://${article.host}/${article.key}`;
    const [row] = await sql<{ id: number }[]>`
      insert into articles (domain_name, source_url, canonical_url, title, content, topic, topic_source, published_at, scraped_at)
      values (${article.host}, ${url}, ${url}, ${article.title}, ${article.body}, ${article.topic}, 'offline', ${at}, ${at})
      returning id`;
    ids.set(article.key, row!.id);
  }
  return ids;
}

/** A sentence without its closing punctuation (a headline quoted as a sentence gains a full stop). */
export function bareSentence(sentence: string): string {
  return sentence.trim().replace(/[.!?]+$/, '');
}

/** Every sentence (and headline) the articles contain, bare. */
export function sourceSentences(articles: CorpusArticle[]): Set<string> {
  const sentences = new Set<string>();
  for (const article of articles) {
    sentences.add(bareSentence(article.title));
    for (const sentence of article.body.split(/(?<=[.!?])\s+/)) sentences.add(bareSentence(sentence));
  }
  return sentences;
}
