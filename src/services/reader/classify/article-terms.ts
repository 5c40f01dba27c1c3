// The weighted terms of one article, shared by training and classification so the model always
// sees text the way it was trained on it.
import { modelWords, topicTerms, type TitleText } from './words.js';

export interface TermWeighting {
  /** Weight of each body term relative to a title term (a headline says more per word). */
  bodyWeight: number;
  /** Only the first words of a body count: the lead carries the topic, and it bounds the cost. */
  bodyWords: number;
}

export function articleTerms(title: TitleText, body: string | undefined, weighting: TermWeighting): Map<string, number> {
  const terms = new Map<string, number>();
  for (const term of topicTerms(modelWords(title))) terms.set(term, (terms.get(term) ?? 0) + 1);
  if (body && weighting.bodyWeight > 0) {
    const words = modelWords(body.length > weighting.bodyWords * 12 ? body.slice(0, weighting.bodyWords * 12) : body);
    if (words.length > weighting.bodyWords) words.length = weighting.bodyWords;
    for (const term of topicTerms(words)) terms.set(term, (terms.get(term) ?? 0) + weighting.bodyWeight);
  }
  return terms;
}
