// A story's title and description from its most central members: a week's biggest stories hold
// thousands of articles, and the summary reads the first 2,000 headlines and 200 leads in centrality order.
import { describe, expect, it } from 'vitest';
import { extractiveSummary, representativeTitle } from '../../../../../src/services/reader/trends/engine/summarize.js';
import type { StoryCluster } from '../../../../../src/services/reader/trends/engine/types.js';

function story(central: number, fringe: number): StoryCluster {
  const articles = [
    ...Array.from({ length: central }, (_, i) => ({
      id: `c${i}`,
      title: 'Harbor bridge reopens to traffic after two years of repairs',
      body: 'The harbor bridge reopened to cars and buses on Monday after two years of repairs, the city said.',
    })),
    ...Array.from({ length: fringe }, (_, i) => ({
      id: `f${i}`,
      title: 'Traffic jams expected downtown as weekend festival begins',
      body: 'Traffic jams are expected downtown this weekend as the festival begins, police warned drivers.',
    })),
  ];
  // Equally central: what the members share decides (members still come in centrality order).
  return { storyId: 'story-test', articles, centrality: articles.map(() => 0.5), keyTerms: [] };
}

describe('a story summary', () => {
  it('reads a small story whole: the members most of it shares give the title', () => {
    const small = story(10, 90);
    expect(representativeTitle(small)).toBe('Traffic jams expected downtown as weekend festival begins');
  });

  it('reads a giant story’s most central members, not the thousands past them', () => {
    const giant = story(2_000, 20_000);
    const title = representativeTitle(giant);
    expect(title).toBe('Harbor bridge reopens to traffic after two years of repairs');
    expect(extractiveSummary(giant, title)).toContain('The harbor bridge reopened to cars and buses on Monday');
    expect(extractiveSummary(giant, title)).not.toContain('festival');
  });
});
