import { describe, expect, it } from 'vitest';
import { sameCalendarDay, sameLabel } from '../../../../bench/lib/metadata-score.js';
import { scoreCorpus, scorePage, shingles, tokenize } from '../../../../bench/lib/shingle-score.js';

describe('tokenize and shingles', () => {
  it('splits on anything but letters, digits and underscore, keeping case', () => {
    expect(tokenize("Don't stop—the ferry_2 leaves at 9:30!")).toEqual(['Don', 't', 'stop', 'the', 'ferry_2', 'leaves', 'at', '9', '30']);
    expect(tokenize('Ärger in Köln')).toEqual(['Ärger', 'in', 'Köln']);
  });

  it('counts 4-grams as a multiset; short texts make one shingle; empty makes none', () => {
    expect(shingles(['a', 'b', 'c', 'd', 'a', 'b', 'c', 'd'])).toEqual(
      new Map([
        ['a b c d', 2],
        ['b c d a', 1],
        ['c d a b', 1],
        ['d a b c', 1],
      ]),
    );
    expect(shingles(['a', 'b'])).toEqual(new Map([['a b', 1]]));
    expect(shingles([]).size).toBe(0);
  });
});

describe('scorePage', () => {
  it('ignores line breaks and punctuation but not glued words', () => {
    expect(scorePage('one two.\n\nthree four five', 'one two three four five').f1).toBe(1);
    expect(scorePage('one twothree four five', 'one two three four five').f1).toBe(0);
  });

  it('counts true positives, excess and missing shingles', () => {
    const score = scorePage('a b c d e f', 'a b c d e g h');
    // ours: abcd bcde cdef; gold: abcd bcde cdeg degh
    expect([score.tp, score.fp, score.fn]).toEqual([2, 1, 2]);
    expect(score.precision).toBeCloseTo(2 / 3);
    expect(score.recall).toBeCloseTo(2 / 4);
    expect(score.exactMatch).toBe(false);
  });

  it('gives an empty prediction no precision and zero recall', () => {
    const score = scorePage('', 'a b c d');
    expect(score.precision).toBeNull();
    expect(score.recall).toBe(0);
  });
});

describe('scoreCorpus', () => {
  it('takes F1 of the mean precision and mean recall, not the mean of page F1s', () => {
    const pages = [scorePage('a b c d', 'a b c d'), scorePage('a b c d x', 'a b c d y z w')];
    const corpus = scoreCorpus(pages);
    const p = (1 + 1 / 2) / 2;
    const r = (1 + 1 / 4) / 2;
    expect(corpus.precision).toBeCloseTo(p);
    expect(corpus.recall).toBeCloseTo(r);
    expect(corpus.f1).toBeCloseTo((2 * p * r) / (p + r));
    expect(corpus.exactMatch).toBe(0.5);
  });

  it('leaves pages without a prediction out of precision but in recall', () => {
    const corpus = scoreCorpus([scorePage('a b c d', 'a b c d'), scorePage('', 'e f g h')]);
    expect(corpus.precision).toBe(1);
    expect(corpus.recall).toBe(0.5);
  });
});

describe('metadata comparison', () => {
  it('compares labels after normalisation', () => {
    expect(sameLabel('Jane Doe, John Roe', 'jane doe john roe')).toBe(true);
    expect(sameLabel(null, 'x')).toBe(false);
  });

  it('compares dates on the gold calendar day', () => {
    expect(sameCalendarDay('2024-05-03T23:30:00Z', '2024-05-04T01:30:00+02:00')).toBe(true);
    expect(sameCalendarDay('2024-05-03T23:30:00Z', '2024-05-03T10:00:00+02:00')).toBe(false);
    expect(sameCalendarDay('2024-05-03T23:30:00-07:00', '2024-05-03')).toBe(true);
    expect(sameCalendarDay('2024-05-03', '2024-05-03T10:00:00+02:00')).toBe(true);
    expect(sameCalendarDay(null, '2024-05-03')).toBe(false);
  });
});
