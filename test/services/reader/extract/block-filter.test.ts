import { describe, expect, it } from 'vitest';
import { isAdLabel, isByline, isCredit, isDateLine, isReadMore } from '../../../../src/services/reader/extract/block-filter.js';

describe('block rules', () => {
  it('recognises date lines in several languages, but not prices or facts with a year', () => {
    for (const line of [
      'Published Jun 04, 2026 • Last updated 1 day ago • 2 minute read',
      'Stand: 28.04.2023 17:23 Uhr',
      '2 hours ago',
      'Publicado el 3 de mayo de 2024 a las 10:20',
    ]) {
      expect(isDateLine(line)).toBe(true);
    }
    for (const line of ['$10.00', 'Founded: 2000', 'The council met on 3 May 2024 to discuss the new ferry timetable for winter.']) {
      expect(isDateLine(line)).toBe(false);
    }
  });

  it('recognises bylines', () => {
    expect(isByline('By Jane Doe', null)).toBe(true);
    expect(isByline('Von Anna Berg und Per Lund', null)).toBe(true);
    expect(isByline('by intro exact h1 h2', null)).toBe(false);
    expect(isByline('Jane Doe Senior Reporter', 'Jane Doe')).toBe(true);
    expect(isByline('Doe said the ferry was late again this morning.', 'Jane Doe')).toBe(false);
  });

  it('recognises "read more" teasers but not sentences that start with the same words', () => {
    expect(isReadMore({ text: 'READ MORE: Harbour fees rise again', linkChars: 26 })).toBe(true);
    expect(isReadMore({ text: 'Lesen Sie auch', linkChars: 0 })).toBe(true);
    expect(isReadMore({ text: 'MORE: Ferry strike ends', linkChars: 0 })).toBe(true);
    expect(isReadMore({ text: 'More than forty people waited for the ferry on the pier in the rain.', linkChars: 0 })).toBe(false);
    expect(isReadMore({ text: 'Related questions were raised at the council meeting on Tuesday evening.', linkChars: 0 })).toBe(false);
  });

  it('recognises advertisement labels and photo credits', () => {
    expect(isAdLabel('Advertisement')).toBe(true);
    expect(isAdLabel('Story continues below advertisement')).toBe(true);
    expect(isAdLabel('Advertisement revenue fell sharply last year.')).toBe(false);
    expect(isCredit('The ferry in the harbour (Picture: PA)')).toBe(true);
    expect(isCredit('Foto: dpa')).toBe(true);
    expect(isCredit('Photographers gathered at the pier to watch the boats.')).toBe(false);
  });
});
