// A site's name for prose (articles, bulletins, podcasts, interviews): the name its pages declare,
// else one read from its domain, with a run-together label split into words by the shipped word
// list ("harbortimes" → "Harbor Times"); never an IP address or a port (src/shared/site-names.ts).
import { knownWordRanks } from '../classify/index.js';
import { siteNameForProse } from '../../../shared/site-names.js';

const LONGEST_LABEL = 40;
/** What each word beyond the first costs: a label is split only when its words are much commoner than it. */
const SPLIT_COST = Math.log(50);

/**
 * The label as the fewest, most common words (Zipf costs: a word of rank r costs log(r + 2), each
 * word after the first log 50 more), or as itself when that costs less or it cannot be read as words.
 */
export function splitRunTogether(label: string): string[] {
  const ranks = knownWordRanks();
  const lower = label.toLowerCase();
  if (lower.length > LONGEST_LABEL || !/^[a-z]+$/.test(lower)) return [label];
  const own = ranks.get(lower);
  const cost = new Float64Array(lower.length + 1).fill(Infinity);
  const from = new Int32Array(lower.length + 1).fill(-1);
  cost[0] = 0;
  for (let end = 1; end <= lower.length; end++) {
    for (let start = Math.max(0, end - 20); start < end; start++) {
      if (cost[start] === Infinity) continue;
      const word = lower.slice(start, end);
      const rank = ranks.get(word);
      // One- and two-letter pieces read as words too easily ("a", "in"): only as common words.
      if (rank === undefined || (word.length <= 2 && rank > 200)) continue;
      const total = cost[start]! + Math.log(rank + 2) + (start > 0 ? SPLIT_COST : 0);
      if (total < cost[end]!) [cost[end], from[end]] = [total, start];
    }
  }
  // A common word stays whole ("tidewater"); a rare one splits when its parts are much commoner ("nytimes").
  if (cost[lower.length] === Infinity || (own !== undefined && Math.log(own + 2) <= cost[lower.length]!)) return [label];
  const words: string[] = [];
  for (let end = lower.length; end > 0; end = from[end]!) words.unshift(lower.slice(from[end]!, end));
  return words;
}

/** The site's name for prose; null when it has none a person would say (an address). */
export function proseSiteName(host: string, declared?: string | null): string | null {
  return siteNameForProse(host, declared, splitRunTogether);
}
