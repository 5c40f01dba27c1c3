// Hand-offs to the external AI assistant's 'received' page.
import { topicPagePath } from '../../../src/shared/pages.js';
import type { Topic } from '../../../src/shared/topics.js';

function receivedPage(assistantUrl: string): URL {
  const base = new URL(assistantUrl);
  // An assistant in a folder (NEWSCTL_ASSISTANT_URL=https://host/assistant) has its page inside it;
  // resolved as it is, 'received' would replace the folder's name.
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  return new URL('received', base);
}

/** A visitor's question about a topic, with the topic's page on this site as context. */
export function questionLink(assistantUrl: string, question: string, topic: Topic, origin: string): string {
  const url = receivedPage(assistantUrl);
  url.searchParams.set('query', question);
  url.searchParams.set('url', `${origin}${topicPagePath(topic)}`);
  return url.toString();
}

/** The implications prompt with the trend's title in place of every {trend}. */
export function implicationsLink(assistantUrl: string, promptText: string, trendTitle: string): string {
  const url = receivedPage(assistantUrl);
  url.searchParams.set('query', promptText.replaceAll('{trend}', trendTitle));
  return url.toString();
}
