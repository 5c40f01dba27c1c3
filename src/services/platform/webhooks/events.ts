// The events webhooks can ask for, and how an endpoint names them: shared by the setting's checks
// and the sender (no imports, so the settings table can use it without a cycle).
export const WEBHOOK_EVENTS = ['trend.created', 'article.generated', 'audio.ready', 'crawl.finished'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

const namesOf = (events: string) =>
  events
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);

/** The events an endpoint's comma-separated list names (`*`: all of them). */
export function eventsOf(endpoint: { events: string }): WebhookEvent[] {
  const names = namesOf(endpoint.events);
  if (names.includes('*')) return [...WEBHOOK_EVENTS];
  return WEBHOOK_EVENTS.filter((event) => names.includes(event));
}

export function unknownEvents(endpoint: { events: string }): string[] {
  return namesOf(endpoint.events).filter((name) => name !== '*' && !(WEBHOOK_EVENTS as readonly string[]).includes(name));
}
