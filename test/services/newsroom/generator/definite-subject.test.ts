// A definite subject that refers back to what its source said just before. Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { termSet } from '../../../../src/services/newsroom/generator/sentences.js';
import { definiteBackReference, introducedThingsFirst, type PlacedSentence } from '../../../../src/services/newsroom/generator/definite-subject.js';

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

describe('introducedThingsFirst', () => {
  const sentence = (text: string, sourceIndex: number, rawIndex: number): PlacedSentence => ({ text, terms: termSet(text), sourceIndex, rawIndex });
  const known = termSet('Harbour night market draws record crowd');
  const scene = sentence('Volunteers on the pier had hung two hundred paper lanterns before the stalls opened.', 0, 0);
  const mention = sentence('Attendance reached 12,000, and the lanterns on the pier were gone by nine.', 0, 4);
  const news = sentence('The council will run the market every Friday until October.', 1, 2);
  const texts = (chains: PlacedSentence[][]) => chains.map((chain) => chain.map((s) => s.text.split(' ')[0]).join('+'));

  it('prints the sentence that brought a thing in before one naming it as "the" thing', () => {
    expect(texts(introducedThingsFirst([[news], [mention], [scene]], known))).toEqual(['The', 'Volunteers', 'Attendance']);
  });

  it('leaves the order alone when the thing was said before, is in the headline, or only another source brings it in', () => {
    expect(texts(introducedThingsFirst([[scene], [news], [mention]], known))).toEqual(['Volunteers', 'The', 'Attendance']);
    expect(texts(introducedThingsFirst([[mention], [scene]], termSet('Lanterns light up the pier at the harbour night market')))).toEqual([
      'Attendance',
      'Volunteers',
    ]);
    const elsewhere = { ...scene, sourceIndex: 1 };
    expect(texts(introducedThingsFirst([[mention], [elsewhere]], known))).toEqual(['Attendance', 'Volunteers']);
    // A sentence after the mention in its source does not introduce it.
    const later = { ...scene, rawIndex: 6 };
    expect(texts(introducedThingsFirst([[mention], [later]], known))).toEqual(['Attendance', 'Volunteers']);
  });
});
