// The eight topics every article belongs to. Other modules import the
// list and the type from here, so the order is part of the contract: it is the order of the
// Trends tabs and of the model file's weight columns.
export const TOPICS = ['health', 'food', 'finance', 'usa', 'international', 'tech', 'energy', 'science'] as const;

export type Topic = (typeof TOPICS)[number];

/** Each topic's name as pages and the console write it (the home page's tabs abbreviate International). */
export const TOPIC_NAMES: Record<Topic, string> = {
  health: 'Health',
  food: 'Food',
  finance: 'Finance',
  usa: 'USA',
  international: 'International',
  tech: 'Tech',
  energy: 'Energy',
  science: 'Science',
};

export function isTopic(value: unknown): value is Topic {
  return typeof value === 'string' && (TOPICS as readonly string[]).includes(value);
}
