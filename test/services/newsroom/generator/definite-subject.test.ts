// A definite subject that refers back to what its source said just before. Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { definiteBackReference } from '../../../../src/services/newsroom/generator/definite-subject.js';

describe('definiteBackReference', () => {
  it('finds the noun a definite subject takes from the sentences just before it', () => {
    const before = ['Nine hundred people left their homes, the regional flood and rescue agency said.', 'The river crested at 9.2 metres on Friday.'];
    expect(definiteBackReference('The agency is leading the evacuation.', before)).toEqual(['agency']);
    expect(definiteBackReference('The new pumps arrived on Saturday.', ['The council ordered two new pumps from Leeds.'])).toEqual(['pump']);
  });

  it('finds nothing for a subject its source did not name just before, or three sentences back', () => {
    expect(definiteBackReference('The fire broke out late on Sunday.', [])).toEqual([]);
    expect(definiteBackReference('The bridge reopened on Monday.', ['Heavy rain fell all week.'])).toEqual([]);
    expect(
      definiteBackReference('The agency is leading the search.', ['The rescue agency said 40 were missing.', 'Waves were high.', 'Boats were sent.']),
    ).toEqual([]);
    expect(definiteBackReference('Officials said the agency was leading the search.', ['The rescue agency said 40 were missing.'])).toEqual([]);
  });
});
