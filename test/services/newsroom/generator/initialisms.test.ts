// An initialism and the words it stands for, as one story's sources write them: the writer compares
// sentences with both names. Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { spelledOutInitialisms, withBothNames } from '../../../../src/services/newsroom/generator/initialisms.js';
import { writeOfflineArticle } from '../../../../src/services/newsroom/generator/offline-writer.js';

describe('initialisms', () => {
  it('finds the words a story spells an initialism out with, names and lower-case terms alike', () => {
    const spelled = spelledOutInitialisms([
      'Engineers at the Marine Safety Board inspected the hulls.',
      'The MSB said the Food and Drug Administration had no role.',
      'The FDA and the AI tools were not involved; artificial intelligence helped read the scans.',
      'Clinics offer the MMR shot against measles, mumps and rubella.',
    ]);
    expect(Object.fromEntries(spelled)).toEqual({
      MSB: 'Marine Safety Board',
      FDA: 'Food and Drug Administration',
      AI: 'artificial intelligence',
      MMR: 'measles mumps and rubella',
    });
  });

  it('spells out nothing from small words or a lower-case phrase with "the" in it', () => {
    expect(spelledOutInitialisms(['US regulators approved the drug.', 'It is injected under the skin.', 'Staff said it was ready.']).size).toBe(0);
  });

  it('gives a sentence both names of what it names', () => {
    const spelled = new Map([['MSB', 'Marine Safety Board']]);
    expect(withBothNames('The MSB found cracks.', spelled)).toBe('The MSB found cracks. (Marine Safety Board)');
    expect(withBothNames('The Marine Safety Board found cracks.', spelled)).toBe('The Marine Safety Board found cracks. (MSB)');
    expect(withBothNames('Ferries stopped.', spelled)).toBe('Ferries stopped.');
  });

  it('lets the writer tell once a fact two sources credit to one body under its two names', () => {
    const sources = [
      {
        url: 'https://halden-post.test/ferries',
        domain: 'halden-post.test',
        title: 'Ferry line halts crossings after hull cracks found',
        text: 'The Halden Ferry Company suspended all crossings on Monday after inspectors found cracks in the hulls of two boats.\n\nEngineers at the Marine Safety Board said the cracks could also come from old welds, and more checks are planned.',
      },
      {
        url: 'https://island-news.test/ferries',
        domain: 'island-news.test',
        title: 'Cracked hulls stop Halden ferries',
        text: 'Ferries between Halden and the islands stopped running on Monday when cracks were found in two hulls.\n\nInvestigators at the MSB cautioned that metal fatigue could also explain the damage to the hulls.',
      },
    ];
    const written = writeOfflineArticle({ title: sources[0]!.title, description: '', sources, targetWords: 400 });
    const credited = written.body.filter((sentence) => /Marine Safety Board|MSB/.test(sentence.sourceText));
    expect(credited).toHaveLength(1);
  });
});
