// Why a story is filed under its topic: what the trends analyzer stores on each trend and what
// `newsctl trends list --explain` and the console's trend card show.
import type { Topic } from './topics.js';

export interface TopicEvidence {
  /** Who decided: the offline classifier reading the story, the configured model, or the administrator. */
  source: 'offline' | 'model' | 'override';
  /** The offline classifier's probability of the topic for the story as a whole (null when unknown). */
  confidence: number | null;
  /** The topic that came second, with its probability; for an override, the analyzer's own topic. */
  runnerUp: Topic | null;
  runnerUpConfidence: number | null;
  /** The story's own words that weigh most for the topic against the runner-up, strongest first. */
  words: string[];
  /** The story's sentence that says most for the topic. */
  sentence: string | null;
}

/**
 * One line for a terminal or a card: "evidence: outbreak, vaccine, measles; runner-up usa (21 %)",
 * or, for a topic the administrator set, what the analyzer had read.
 */
export function describeTopicEvidence(evidence: TopicEvidence): string {
  const percent = (share: number | null) => (share === null ? '' : ` (${Math.round(share * 100)} %)`);
  if (evidence.source === 'override') {
    const read = evidence.runnerUp ? `; the analyzer read ${evidence.runnerUp}${percent(evidence.runnerUpConfidence)}` : '';
    return `set by the administrator${read}${evidence.words.length > 0 ? `: ${evidence.words.join(', ')}` : ''}`;
  }
  const parts: string[] = [];
  if (evidence.source === 'model') parts.push('decided by the model');
  if (evidence.words.length > 0) parts.push(`evidence: ${evidence.words.join(', ')}`);
  if (evidence.runnerUp) parts.push(`runner-up ${evidence.runnerUp}${percent(evidence.runnerUpConfidence)}`);
  return parts.join('; ');
}
