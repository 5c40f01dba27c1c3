// The source sentences an extractive writer may print at all: not a site telling its reader what to
// do. Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { shapeSentence } from '../../../../src/services/newsroom/generator/sentences.js';

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
