import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { modelPath } from '../../../../src/paths.js';
import { classifyTopic, classifyTopics, TOPICS, type Topic } from '../../../../src/services/reader/classify/index.js';

// Headlines written for this test (not taken from any data set), each clearly about one topic.
const CLEAR: Record<Topic, { title: string; body?: string }[]> = {
  health: [
    { title: 'New study links poor sleep to higher risk of heart disease and diabetes' },
    { title: 'Doctors warn flu season could strain hospitals as vaccination rates fall' },
  ],
  food: [{ title: 'The best chocolate chip cookie recipe you will ever bake' }, { title: 'Five easy weeknight pasta dinners with fresh tomatoes and basil' }],
  finance: [
    { title: 'Fed holds interest rates steady as inflation cools and stocks rally' },
    { title: 'Bank shares slump after quarterly earnings miss analyst forecasts' },
  ],
  usa: [
    { title: 'Police arrest suspect after shooting at Texas high school' },
    { title: 'Tornado tears through Oklahoma county, governor declares emergency' },
  ],
  international: [
    { title: 'Ukraine and Russia agree to new round of ceasefire talks in Istanbul' },
    { title: 'Prime minister resigns as protests spread across the capital of Pakistan' },
  ],
  tech: [
    { title: 'Apple unveils new iPhone with faster chip and better camera' },
    { title: 'Hackers breach social media app, exposing millions of user passwords' },
  ],
  energy: [
    { title: 'OPEC agrees to cut crude output as oil prices slump' },
    { title: 'Refinery outage pushes gasoline and diesel prices higher' },
    { title: 'Solar and wind power overtake coal in electricity generation' },
    {
      title: 'Utility plans new natural gas pipeline',
      body: 'The pipeline would carry natural gas from shale fields to power plants and an LNG export terminal.',
    },
  ],
  science: [{ title: 'NASA rover finds signs of ancient water on Mars' }, { title: 'Scientists discover new species of deep sea fish near coral reef' }],
};

describe('classifyTopic (offline model)', () => {
  it('ships a model file under 8 MB (twice the size before word vectors)', () => {
    expect(statSync(modelPath('topics')).size).toBeLessThan(8 * 1000 * 1000);
  });

  it.each(TOPICS.map((topic) => [topic]))('predicts %s on clear articles', (topic) => {
    for (const article of CLEAR[topic]) {
      const prediction = classifyTopic(article);
      expect(prediction.topic, article.title).toBe(topic);
      expect(prediction.confidence).toBeGreaterThan(0);
      expect(prediction.confidence).toBeLessThanOrEqual(1);
    }
  });

  it('gives the same answers in a batch as one by one', () => {
    const articles = Object.values(CLEAR).flat();
    expect(classifyTopics(articles)).toEqual(articles.map((article) => classifyTopic(article)));
    expect(classifyTopics([])).toEqual([]);
  });

  it('reads case-insensitively', () => {
    const title = 'OPEC agrees to cut crude output as oil prices slump';
    expect(classifyTopic({ title: title.toUpperCase() })).toEqual(classifyTopic({ title: title.toLowerCase() }));
  });

  it('falls back to international, with no confidence to speak of, for text it knows nothing of', () => {
    expect(classifyTopic({ title: 'zzqx vvbn' })).toEqual({ topic: 'international', confidence: 1 / TOPICS.length });
    expect(classifyTopic({ title: '' }).topic).toBe('international');
  });

  it('lets the body decide when the title says nothing', () => {
    const body = 'The recipe calls for butter, flour, sugar and chocolate; bake the cookies for twelve minutes.';
    expect(classifyTopic({ title: 'You have to try this', body }).topic).toBe('food');
  });
});
