// What the extractive writers may take from a source sentence: an aside (a feature's scene or the
// story's history) is told, never as the news. Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { opensOnAnAside, shapeSentence } from '../../../../src/services/newsroom/generator/sentences.js';

describe('asides', () => {
  it("knows a sentence opening on the story's history or a scene", () => {
    for (const sentence of [
      'When the Linden mill opened its first loom shed on Canal Street in 1902, its owners hired mostly from the valley farms.',
      'In 1987, the harbour authority sold the pier to a private developer for one dollar.',
      'Back in 2011, the council first proposed a tram line along the river.',
      'Decades ago, the valley grew more apples than any county in the state.',
      'For years, residents have complained about the noise from the quarry.',
      'For decades geologists have argued over where the valley’s salt came from.',
      'When the first tide tables were printed in the early eighteenth century, they covered only three ports.',
      'At a crowded stall in the school gym, the longest line was for the hospital.',
    ])
      expect(opensOnAnAside(sentence), sentence).toBe(true);
  });

  it('reads the news as news, whatever years it mentions', () => {
    const year = new Date().getUTCFullYear();
    for (const sentence of [
      `In ${year + 4}, the plant will supply a fifth of the region's power, the operator said.`,
      'When the council met on Tuesday, it voted to close the bridge to trucks.',
      'For the first time in decades, the valley grew no apples at all this autumn.',
      'Since 2019, prices at the pump have risen by a third.',
      'For years to come, the bridge will carry only buses.',
      'In the twenty-first century, no harbour here has closed for longer.',
      'The reactor, which first went online in 1971, will restart in the spring.',
      'The mill, opened in 1902, closed on Friday with the loss of 300 jobs.',
    ])
      expect(opensOnAnAside(sentence), sentence).toBe(false);
  });

  it('marks the shape of such a sentence, so that it never leads', () => {
    expect(shapeSentence('In 1987, the harbour authority sold the pier to a private developer for one dollar.')?.aside).toBe(true);
    expect(shapeSentence('The harbour authority sold the pier to a private developer for one dollar on Monday.')?.aside).toBe(false);
  });
});

describe('a site telling its reader what to do', () => {
  it('is no sentence for a compiled article', () => {
    for (const sentence of [
      'Watch out for text messages pretending to come from the water company.',
      'Do not drink from taps in the old town until the notice is lifted.',
      "Don't expect the northern line to run before Friday, the operator warned.",
    ])
      expect(shapeSentence(sentence), sentence).toBeNull();
    for (const sentence of [
      'Stop signs were stolen from six junctions in the old town overnight.',
      'Drink sales rose by a third at the harbour festival this summer.',
      'Watch makers in the valley cut 200 jobs on Friday, the union said.',
      'Rescue teams in the valley are searching for at least 12 people.',
      'Support for the harbour party doubled and the governing coalition lost six seats.',
      'Inside the old mill, the looms have been silent since March.',
    ])
      expect(shapeSentence(sentence), sentence).not.toBeNull();
  });
});
