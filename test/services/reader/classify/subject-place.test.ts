// Subject before place (issue 13): usa and international say where, the six others say what. An
// article about a subject that happens in the US ("Texas", "Congress", "federal") is filed under
// its subject; usa and international are for news with no clear subject. Articles written for this
// test (no data set row), each a headline and the first paragraph a crawl would store.
import { describe, expect, it } from 'vitest';
import { classifyStory, classifyTopic, type Topic } from '../../../../src/services/reader/classify/index.js';
import { STORY_SUBJECT_RULE } from '../../../../src/services/reader/classify/story-topic.js';

const SUBJECT_IN_THE_US: { topic: Topic; title: string; body: string }[] = [
  {
    topic: 'energy',
    title: 'Texas grid operator approves record battery storage',
    body: 'The Electric Reliability Council of Texas approved plans for 10 gigawatts of new battery storage on the state power grid. The batteries will store solar and wind power during the day and release electricity in the evening peak.',
  },
  {
    topic: 'health',
    title: 'Measles outbreak in West Texas grows to 124 cases',
    body: 'The measles outbreak in West Texas has grown to 124 cases, most of them in unvaccinated children, the state health department said. Eighteen patients have been treated in hospital.',
  },
  {
    topic: 'tech',
    title: 'Congress passes bill to protect children’s privacy online',
    body: 'Congress passed a bill that bars apps and social media platforms from collecting personal data from users under 17 without consent. Platforms would have to turn off targeted advertising for minors.',
  },
  {
    topic: 'finance',
    title: 'Federal Reserve holds interest rates steady, signals cuts later this year',
    body: 'The Federal Reserve kept its benchmark interest rate between 5.25 and 5.5 percent on Wednesday. Stock markets rose after the decision, and bond yields fell.',
  },
  {
    topic: 'health',
    title: 'Federal regulators approve twice-yearly HIV prevention shot',
    body: 'The Food and Drug Administration approved an injection given twice a year to prevent HIV infection. In clinical trials it cut new infections by more than 99 percent.',
  },
];

const PLACE_ONLY: { topic: Topic; title: string; body: string }[] = [
  {
    topic: 'usa',
    title: 'Tornadoes tear through Oklahoma and Kansas, killing five',
    body: 'At least five people were killed when tornadoes tore through towns in Oklahoma and Kansas overnight. The governor declared a state of emergency and sent the National Guard.',
  },
  {
    topic: 'international',
    title: 'Centre-right wins most seats in Portugal election but falls short of majority',
    body: 'The centre-right Democratic Alliance won the most seats in the parliamentary election on Sunday. Coalition talks in Lisbon could take weeks.',
  },
];

// Three tellings of one story, each leaning to usa in its own words (state, cities, governor), all
// about the same subject: below the subject threshold on the whole, but the sources agree on it.
const HEAT_WAVE = [
  {
    title: 'California asks residents to save power as heat wave grips the state',
    body: 'California asked residents to set thermostats to 78 degrees on Wednesday evening as temperatures in Sacramento passed 110.\n\nThe state grid operator warned of rolling blackouts if demand kept climbing.',
  },
  {
    title: 'Sacramento bakes; state grid calls for conservation',
    body: 'Governor Gavin Newsom urged Californians to turn off appliances after 4 p.m.\n\nThe California Independent System Operator said power demand could reach a record.',
  },
  {
    title: 'Californians told to cut power use during evening peak',
    body: 'Officials in Los Angeles and San Diego opened cooling centers.\n\nThe grid operator said solar output drops in the evening, when demand is highest.',
  },
];

// Three unrelated US stories in one bag, one of them about power prices: as much energy on the whole
// as the heat wave has, but one source, not all of them.
const UNRELATED_US_NEWS = [
  { title: 'Police in Ohio arrest suspect in highway shootings', body: 'Police in Columbus arrested a man suspected of firing at cars on Interstate 70.' },
  {
    title: 'Utility in Georgia raises electricity rates for the summer',
    body: 'Georgia Power customers will pay more for power from June, the state commission decided.',
  },
  {
    title: 'Flooding closes schools across eastern Kentucky',
    body: 'Heavy rain flooded roads in eastern Kentucky and the governor closed schools for two days.',
  },
];

describe('subject before place', () => {
  it.each(SUBJECT_IN_THE_US.map((article) => [article.topic, article.title, article]))(
    'files %s news set in the US under its subject: %s',
    (topic, _title, article) => {
      expect(classifyTopic(article).topic).toBe(topic);
    },
  );

  it('keeps usa and international for news whose subject is where it happened', () => {
    for (const article of PLACE_ONLY) expect(classifyTopic(article).topic, article.title).toBe(article.topic);
  });

  it('decides a story from its articles together', () => {
    const [battery] = SUBJECT_IN_THE_US;
    const [tornado] = PLACE_ONLY;
    // Two tellings of the battery story, one of them a bare headline that names only the place.
    const bare = { title: 'Texas approves a big grid plan', body: '' };
    expect(classifyStory([battery!, bare].map(({ title, body }) => ({ title, body }))).topic).toBe('energy');
    expect(classifyStory([tornado!, tornado!].map(({ title, body }) => ({ title, body }))).topic).toBe('usa');
  });

  it('files a story under the subject its sources agree on, though each leans to the place', () => {
    const story = classifyStory(HEAT_WAVE);
    expect(story.topic).toBe('energy');
    // The subject has less than the threshold's share: the sources' agreement decided it.
    expect(story.confidence!).toBeLessThan(STORY_SUBJECT_RULE.threshold);
    expect(story.runnerUp).toBe('usa');
  });

  it('keeps the place for a bag of place stories one of which has a subject', () => {
    const story = classifyStory(UNRELATED_US_NEWS);
    expect(story.topic).toBe('usa');
    expect(story.runnerUp).toBe('energy');
    expect(story.runnerUpConfidence!).toBeGreaterThanOrEqual(STORY_SUBJECT_RULE.floor);
  });
});
