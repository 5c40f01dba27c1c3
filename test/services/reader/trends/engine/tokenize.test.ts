import { describe, expect, it } from 'vitest';
import { stem, terms } from '../../../../../src/services/reader/trends/engine/tokenize.js';

describe('terms', () => {
  it('drops stop words and one-letter words, and stems what is left', () => {
    expect(terms('The Heartbleed bugs are fixed in a hurry')).toEqual(['heartbleed', 'bug', 'fix', 'hurry']);
  });

  it('gives inflections of one word one term', () => {
    expect(stem('acquires')).toBe(stem('acquired'));
    expect(stem('acquire')).toBe(stem('acquiring'));
    expect(stem('companies')).toBe(stem('company'));
    expect(stem('running')).toBe('run');
  });

  it('keeps words that only look inflected', () => {
    expect(stem('news')).toBe('news');
    expect(stem('virus')).toBe('virus');
    expect(stem('beijing')).toBe('beijing');
  });

  it('keeps numbers and joins acronyms and thousands', () => {
    expect(terms('U.S. to cut 4,000 jobs, $41.4 million saved')).toEqual(['usa', 'cut', '4000', 'job', '41.4', 'million', 'sav']);
  });

  it('folds accents and case', () => {
    expect(terms('Beyoncé')).toEqual(terms('BEYONCE'));
  });
});
