import { describe, expect, it } from 'vitest';
import { modelWords, topicTerms, topicWords, wordStem } from '../../../../src/services/reader/classify/words.js';

describe('topicWords', () => {
  it('lower-cases, drops apostrophes and possessives, and writes digit runs as 0', () => {
    expect(topicWords("Trump's 2014 plan: DON'T buy S&P 500 shares")).toEqual(['trump', '0', 'plan', 'dont', 'buy', 's', 'p', '0', 'shares']);
  });

  it('joins the contractions one source split ("is n\'t"), with curly apostrophes too', () => {
    expect(topicWords('facebook is n’t good')).toEqual(topicWords("Facebook isn't good"));
  });

  it('folds accents', () => {
    expect(topicWords('Café Señor')).toEqual(['cafe', 'senor']);
  });
});

describe('modelWords and topicTerms', () => {
  it('drops function words and plural endings', () => {
    expect(modelWords('The planets of the galaxies')).toEqual(['planet', 'galaxy']);
    expect(wordStem('glass')).toBe('glass');
    expect(wordStem('virus')).toBe('virus');
    expect(wordStem('batteries')).toBe('battery');
  });

  it('adds adjacent pairs to the single words', () => {
    expect(topicTerms(['natural', 'gas', 'prices'])).toEqual(['natural', 'gas', 'prices', 'natural gas', 'gas prices']);
  });
});
