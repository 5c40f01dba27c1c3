// A small batch of made-up articles with known stories, written for these tests.
import type { StoryInput } from '../../../../../src/services/reader/trends/engine/index.js';

const DAY = '2031-03-09';
const at = (time: string) => `${DAY}T${time}:00.000Z`;

/** One event covered by five different newsrooms in their own words. */
export const volcano: StoryInput[] = [
  {
    id: 'v1',
    title: 'Volcano erupts on Ardenne Island, forcing thousands to evacuate',
    body: 'The Mount Cress volcano on Ardenne Island erupted before dawn on Sunday. Civil defence officials ordered the evacuation of 12,000 residents from villages on its slopes. No injuries have been reported so far.',
    source: 'Harbor Times',
    publishedAt: at('06:10'),
  },
  {
    id: 'v2',
    title: 'Thousands flee as Mount Cress volcano erupts on Ardenne Island',
    body: 'Residents of Ardenne Island packed ferries and buses after Mount Cress began spewing ash and lava. Officials said the eruption could last for days.',
    source: 'Northern Courier',
    publishedAt: at('07:45'),
  },
  {
    id: 'v3',
    title: 'Ardenne Island eruption sends ash cloud over the capital',
    body: 'A thick ash cloud from the Mount Cress eruption drifted over the island capital on Sunday afternoon. Schools will stay closed on Monday.',
    source: 'Daily Ledger',
    publishedAt: at('13:20'),
  },
  {
    id: 'v4',
    title: 'Mount Cress eruption: evacuation of 12,000 Ardenne Island residents under way',
    source: 'Radio Meridian',
    publishedAt: at('09:05'),
  },
  {
    id: 'v5',
    title: 'Flights grounded across the region as Ardenne Island volcano spews ash',
    source: 'Skyline News',
    publishedAt: at('15:30'),
  },
];

/** One wire story, reprinted with small edits. */
export const wireCopies: StoryInput[] = [
  { id: 'w1', title: 'Meridian Bank to cut 4,000 jobs in restructuring', source: 'Wire Service', publishedAt: at('08:00') },
  { id: 'w2', title: 'UPDATE 1-Meridian Bank to cut 4,000 jobs in restructuring', source: 'Market Watcher', publishedAt: at('09:30') },
  { id: 'w3', title: 'Meridian Bank to cut 4,000 jobs in major restructuring', source: 'Business Daily', publishedAt: at('10:15') },
];

/** Two articles of one newsroom on one local story. */
export const bikeLanes: StoryInput[] = [
  { id: 'b1', title: 'City council approves new bike lanes on Harbor Street', source: 'Town Gazette', publishedAt: at('11:00') },
  { id: 'b2', title: 'Council approves Harbor Street bike lanes after long debate', source: 'Town Gazette', publishedAt: at('17:40') },
];

/** Unrelated articles, all stamped with the very same crawl time. */
export const sameCrawlTime: StoryInput[] = [
  { id: 'u1', title: 'Local bakery wins national sourdough prize', source: 'Town Gazette', publishedAt: at('12:00') },
  { id: 'u2', title: 'Study links daily walking to better sleep in older adults', source: 'Health Weekly', publishedAt: at('12:00') },
  { id: 'u3', title: 'Chess prodigy, 11, becomes youngest grandmaster in Norland', source: 'Board Report', publishedAt: at('12:00') },
  { id: 'u4', title: 'Quarterly smartphone shipments fall for third straight quarter', source: 'Tech Ledger', publishedAt: at('12:00') },
];

export const corpus: StoryInput[] = [...volcano, ...wireCopies, ...bikeLanes, ...sameCrawlTime];

/** A fixed shuffle (no randomness in tests). */
export function reordered<T>(list: T[]): T[] {
  return list
    .map((entry, i) => ({ entry, key: (i * 7919 + 13) % 101 }))
    .sort((a, b) => a.key - b.key)
    .map(({ entry }) => entry);
}
