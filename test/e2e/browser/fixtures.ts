// Sample content for the browser tests and screenshots, in the shapes of the daemon's API contract.

export const TOPICS = ['health', 'food', 'finance', 'usa', 'international', 'tech', 'energy', 'science'] as const;
export type Topic = (typeof TOPICS)[number];

export interface Article {
  id: number;
  title: string;
  sourceUrl: string;
  scrapedAt: string;
  domainName: string;
}
export interface DomainArticles {
  domain: { id: number; url: string; priority: number | null };
  articles: Article[];
}
export interface TopTrend {
  id: number;
  title: string;
  category: string;
  htmlFilePath: string | null;
}
export interface HomePageData {
  articlesByDomain: DomainArticles[];
  topTrends: Partial<Record<Topic, TopTrend[]>>;
  recentArticlesByCategory: Partial<Record<Topic, Article[]>>;
  lastRunTimes: { spiderLastRun: string | null; trendsAnalyzerLastRun: string | null };
}
const minutesAgo = (now: number, minutes: number): string => new Date(now - minutes * 60_000).toISOString();

export const LONG_TITLE =
  'Regional hospitals report a steady decline in seasonal flu admissions as vaccination campaigns reach record numbers across three states this winter';

const HEADLINES: Record<Topic, string[]> = {
  health: ['New study links daily walks to better sleep', 'Clinics extend weekend hours for flu shots', 'Hospital staffing improves after training push'],
  food: ['Farmers markets see record spring turnout', 'Bakery cooperative opens its third shop'],
  finance: ['Central bank holds rates steady for now', 'Small lenders report fewer loan defaults'],
  usa: ['State legislatures wrap up busy sessions', 'Census update shows shifting commuter patterns'],
  international: ['Trade talks resume after a two-week pause', 'Coastal cities plan joint flood defences'],
  tech: ['Open-source browser engine ships a faster renderer', 'Chip makers expand packaging capacity'],
  energy: ['Grid operators add record battery storage', 'Wind farm maintenance crews get new drones'],
  science: ['Telescope maps a distant star nursery', 'Ocean survey finds new deep-sea sponge species'],
};

/** A home page with three domains (priorities 2, missing = 4, 9), trends and recent articles per topic. */
export function sampleHomePage(now: number): HomePageData {
  let id = 1;
  const article = (domainName: string, title: string, minutes: number): Article => ({
    id: id++,
    title,
    sourceUrl: `https://${domainName}/story/${id}`,
    scrapedAt: minutesAgo(now, minutes),
    domainName,
  });
  const articlesByDomain: DomainArticles[] = [
    {
      domain: { id: 1, url: 'lowpriority.example', priority: 2 },
      articles: [article('lowpriority.example', 'Library extends opening hours', 45)],
    },
    {
      domain: { id: 2, url: 'citydesk.example', priority: null },
      articles: [
        article('citydesk.example', LONG_TITLE, 0.5),
        article('citydesk.example', 'Council approves new cycle lanes', 1.5),
        article('citydesk.example', 'Museum reopens its east wing', 5),
      ],
    },
    {
      domain: { id: 3, url: 'headline.example', priority: 9 },
      articles: [
        article('headline.example', 'Harbour bridge repairs finish early', 60),
        article('headline.example', 'Rail line adds late-night trains', 150),
        article('headline.example', 'Weather service upgrades its radar', 49 * 60 + 10),
      ],
    },
  ];
  const topTrends: Partial<Record<Topic, TopTrend[]>> = {};
  const recent: Partial<Record<Topic, Article[]>> = {};
  for (const topic of TOPICS) {
    if (topic === 'science') continue; // one topic without trends or articles
    topTrends[topic] = HEADLINES[topic].map((title, index) => ({
      id: id++,
      title: `${title} (${topic} trend)`,
      category: topic,
      htmlFilePath: index === 0 ? `/${topic}/trend-${index + 1}.html` : null,
    }));
    recent[topic] = HEADLINES[topic].map((title, index) => article(`${topic}news.example`, title, 3 + index * 70));
  }
  topTrends.health = [
    ...(topTrends.health ?? []),
    ...['Hydration myths debunked', 'Allergy season starts early', 'Mental health apps reviewed'].map((title) => ({
      id: id++,
      title,
      category: 'health',
      htmlFilePath: null,
    })),
  ];
  return {
    articlesByDomain,
    topTrends,
    recentArticlesByCategory: recent,
    lastRunTimes: { spiderLastRun: '2025-01-15T21:05:00.000Z', trendsAnalyzerLastRun: '2025-07-04T17:30:00.000Z' },
  };
}

export function emptyHomePage(): HomePageData {
  return {
    articlesByDomain: [],
    topTrends: {},
    recentArticlesByCategory: {},
    lastRunTimes: { spiderLastRun: null, trendsAnalyzerLastRun: null },
  };
}

/** `domains` × `perDomain` articles for the first-paint benchmark. */
export function largeHomePage(now: number, domains: number, perDomain: number): HomePageData {
  const home = sampleHomePage(now);
  let id = 10_000;
  home.articlesByDomain = Array.from({ length: domains }, (_, d) => ({
    domain: { id: d + 1, url: `source${d + 1}.example`, priority: (d % 9) + 1 },
    articles: Array.from({ length: perDomain }, (_, a) => ({
      id: id++,
      title: `Story ${a + 1} from source ${d + 1}: ${LONG_TITLE}`,
      sourceUrl: `https://source${d + 1}.example/story/${a + 1}`,
      scrapedAt: minutesAgo(now, a * 17 + d),
      domainName: `source${d + 1}.example`,
    })),
  }));
  return home;
}

/** Three harbour stories crawled today, a day ago and six days ago, for the search page. */
export function searchHome(now: number): HomePageData {
  const story = (id: number, url: string, title: string, daysAgo: number): Article => ({
    id,
    title,
    sourceUrl: `https://${url}/story/${id}`,
    scrapedAt: new Date(now - daysAgo * 24 * 3600_000 - 60_000).toISOString(),
    domainName: url,
  });
  return {
    ...emptyHomePage(),
    articlesByDomain: [
      { domain: { id: 1, url: 'headline.example', priority: null }, articles: [story(1, 'headline.example', 'Harbour bridge repairs finish early', 0)] },
      { domain: { id: 2, url: 'citydesk.example', priority: null }, articles: [story(2, 'citydesk.example', 'Harbour festival returns this summer', 1)] },
      // A domain stored with a scheme and port (an intranet site): search shows its host name.
      { domain: { id: 3, url: 'http://archive.example:8080', priority: null }, articles: [story(3, 'archive.example', 'Old harbour maps go on display', 6)] },
    ],
  };
}
