import { TOPICS, type Topic } from '../api/types';

export const TOPIC_LABELS: Record<Topic, string> = {
  health: 'Health',
  food: 'Food',
  finance: 'Finance',
  usa: 'USA',
  international: 'Intl.',
  tech: 'Tech',
  energy: 'Energy',
  science: 'Science',
};

export const DEFAULT_TOPIC: Topic = 'health';
export { TOPICS };
