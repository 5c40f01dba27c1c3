// The story sets the story-topic scripts measure on: pseudo-stories cut from the labelled topic
// files, and the stories written for the fixtures. The held-out web's stories are apart: a setting
// is never chosen on them.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { modelPath, packageRoot } from '../../src/paths.js';
import type { StoryArticleText } from '../../src/services/reader/classify/story-topic.js';
import { compileTopicModel, type TopicModel, type TopicModelFile } from '../../src/services/reader/classify/topic-model.js';
import { isTopic, type Topic } from '../../src/shared/topics.js';
import { HELD_OUT_STORIES } from '../../test/fixtures/stories/held-out-web.js';
import { tellingParagraphs, WEB_STORIES, type WebStory } from '../../test/fixtures/stories/local-web.js';
import { TOPIC_DEV_STORIES } from '../../test/fixtures/stories/topic-dev-stories.js';

export interface LabelledStory {
  key?: string;
  topic: Topic;
  articles: StoryArticleText[];
}

export const datasets = resolve(process.env.NEWSCTL_DATASETS ?? resolve(packageRoot, '../shared/data'));

export function shippedTopicModel(): TopicModel {
  return compileTopicModel(JSON.parse(readFileSync(modelPath('topics'), 'utf8')) as TopicModelFile);
}

/** A topic file's CC BY rows, each topic's cut into stories of 3, 4, 5, 3, … rows, in file order. */
export function pseudoStories(file: string): LabelledStory[] {
  const byTopic = new Map<Topic, StoryArticleText[]>();
  for (const line of readFileSync(resolve(datasets, 'trends', file), 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const row = JSON.parse(line) as Record<string, unknown>;
    if (row.licence !== 'CC-BY-4.0' || typeof row.title !== 'string' || !isTopic(row.topic)) continue;
    const list = byTopic.get(row.topic) ?? [];
    list.push({ title: row.title, body: typeof row.body === 'string' ? row.body : '' });
    byTopic.set(row.topic, list);
  }
  const stories: LabelledStory[] = [];
  for (const [topic, list] of byTopic)
    for (let i = 0, n = 0; i + 3 <= list.length; n++) {
      const size = 3 + (n % 3);
      stories.push({ topic, articles: list.slice(i, i + size) });
      i += size;
    }
  return stories;
}

const webStory = (prefix: string) => (story: WebStory) => ({
  key: `${prefix}${story.key}`,
  topic: story.topic,
  articles: story.titles.map((title, i) => ({ title, body: tellingParagraphs(story, i).join('\n\n') })),
});

/** The stories written to develop the story topic, then the local web's (settings were chosen on both). */
export function developmentStories(prefixed = false): LabelledStory[] {
  return [
    ...TOPIC_DEV_STORIES.map((story) => ({
      key: `${prefixed ? 'development ' : ''}${story.key}`,
      topic: story.topic,
      articles: story.tellings.map(([title, ...paragraphs]) => ({ title, body: paragraphs.join('\n\n') })),
    })),
    ...WEB_STORIES.map(webStory(prefixed ? 'local ' : '')),
  ];
}

/** The held-out web's stories: measured, never chosen on. */
export function heldOutStories(): LabelledStory[] {
  return HELD_OUT_STORIES.map(webStory('held-out '));
}
