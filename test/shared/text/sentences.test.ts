// The one sentence splitter: what crawled prose does to a naive one (issue 40's cut summaries).
import { describe, expect, it } from 'vitest';
import { splitSentences, wordCount } from '../../../src/shared/text/sentences.js';

describe('splitSentences', () => {
  it('keeps abbreviations, initials, months and decimals inside their sentence', () => {
    const text =
      'The U.S. Commerce Department on Tuesday issued rules for chip exports. The rules take effect on Jan. 15, officials said. ' +
      'Sen. Maria Ortiz and J. R. Smith of Acme Inc. welcomed them at 9 a.m. Eastern. Shares rose 3.5 percent by noon. Dr. Lee was not asked.';
    expect(splitSentences(text)).toEqual([
      'The U.S. Commerce Department on Tuesday issued rules for chip exports.',
      'The rules take effect on Jan. 15, officials said.',
      'Sen. Maria Ortiz and J. R. Smith of Acme Inc. welcomed them at 9 a.m. Eastern.',
      'Shares rose 3.5 percent by noon.',
      'Dr. Lee was not asked.',
    ]);
  });

  it('splits after a closing quote, keeps a quotation of several sentences whole, and starts again at each paragraph', () => {
    const text = '“We will rebuild. We always have,” the mayor said. Crews began on Monday.\nA second paragraph follows';
    expect(splitSentences(text)).toEqual(['“We will rebuild. We always have,” the mayor said.', 'Crews began on Monday.', 'A second paragraph follows']);
  });

  it('ends a sentence on a time or a firm’s abbreviation where the next one starts', () => {
    const text =
      'The letter arrived at 6 a.m. “Important news about your account,” it began. The bank said the breach was found at 9 p.m. Tuesday. ' +
      'The alert went out at 7 a.m. The bank’s shares fell. Halden Corp. Chief Executive Ana Ruiz apologised.';
    expect(splitSentences(text)).toEqual([
      'The letter arrived at 6 a.m.',
      '“Important news about your account,” it began.',
      'The bank said the breach was found at 9 p.m. Tuesday.',
      'The alert went out at 7 a.m.',
      'The bank’s shares fell.',
      'Halden Corp. Chief Executive Ana Ruiz apologised.',
    ]);
  });

  it('does not split where no capital or digit follows, nor on an empty text', () => {
    expect(splitSentences('prices rose. then fell')).toEqual(['prices rose. then fell']);
    expect(splitSentences('  \n ')).toEqual([]);
  });
});

describe('wordCount', () => {
  it('counts words with letters or digits, not punctuation', () => {
    expect(wordCount('The U.S. — and 3 others — said “yes”.')).toBe(7);
  });
});
