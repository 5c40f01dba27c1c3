// A source's sentence after words of ours keeps its first word's capital only for a name, as the
// story's own sentences write it (sentences written for this test).
import { describe, expect, it } from 'vitest';
import { lowerFirstWord, writtenInLowerCase } from '../../../src/shared/text/first-word.js';

const told = [
  'Brightway said hackers took names and addresses of 38 million customers.',
  'The retailer said its management learned of the attack on Friday.',
  'Apple and other firms were not affected, Brightway said.',
  'Shares of Brightway fell 6 percent.',
];

describe('lowerFirstWord', () => {
  it('lowers a common word the sources write in lower case, and every function word', () => {
    expect(lowerFirstWord('Management apologised to customers on Monday.', told)).toBe('management apologised to customers on Monday.');
    expect(lowerFirstWord('The retailer will pay for credit monitoring.', told)).toBe('the retailer will pay for credit monitoring.');
    expect(lowerFirstWord('Shares fell 6 percent.', told)).toBe('Shares fell 6 percent.');
    expect(lowerFirstWord('A bottle of oil costs a third less.', told)).toBe('a bottle of oil costs a third less.');
  });

  it('asks whether a word the sources never write inside a sentence is a common word', () => {
    const common = (word: string) => ['reviewers', 'apple'].includes(word.toLowerCase());
    expect(lowerFirstWord('Reviewers questioned the battery life.', told, common)).toBe('reviewers questioned the battery life.');
    expect(lowerFirstWord('Halden Savings will close 40 branches.', told, common)).toBe('Halden Savings will close 40 branches.');
    // Written with its capital inside a sentence, it is a name, whatever the word list says.
    expect(lowerFirstWord('Apple was not affected.', [...told, 'Shoppers at Apple stores were not affected.'], common)).toBe('Apple was not affected.');
    expect(lowerFirstWord('I was there.', told, () => true)).toBe('I was there.');
  });

  it('keeps a name, an initialism and a word the sources never write in lower case', () => {
    expect(lowerFirstWord('Brightway will pay for credit monitoring.', told)).toBe('Brightway will pay for credit monitoring.');
    expect(lowerFirstWord('Apple was not affected.', told)).toBe('Apple was not affected.');
    expect(lowerFirstWord('NASA confirmed the landing.', told)).toBe('NASA confirmed the landing.');
    expect(lowerFirstWord('Customers can claim two years of monitoring.', [])).toBe('Customers can claim two years of monitoring.');
    // A common word before a capitalised common word is the first word of a name made of them; before
    // a person's name it is still lowered.
    const sweets = ['Sweet Ridge Confections raised its prices.', 'Shoppers still want something sweet, said grandmother Ada Lund.'];
    const common = (word: string) => ['sweet', 'ridge', 'treats', 'grandmother'].includes(word.toLowerCase());
    expect(lowerFirstWord('Sweet Ridge Confections raised its prices again.', sweets, common)).toBe('Sweet Ridge Confections raised its prices again.');
    expect(lowerFirstWord('Sweet treats cost more this year.', sweets, common)).toBe('sweet treats cost more this year.');
    expect(lowerFirstWord('Grandmother Ada Lund got the email at 6 a.m.', sweets, common)).toBe('grandmother Ada Lund got the email at 6 a.m.');
    expect(lowerFirstWord('The Federal Reserve held rates.', told, common)).toBe('the Federal Reserve held rates.');
    // Named in a possessive, it is still named.
    expect(lowerFirstWord('Harbor shares fell.', ['Analysts cut their view of Harbor’s shares.', 'Every harbor in the region closed.'])).toBe(
      'Harbor shares fell.',
    );
  });

  it('reads a capital inside a longer name as the name’s, where the sources also write the word in lower case', () => {
    const cocoa = ['The International Cocoa Organization expects a deficit.', 'Futures of cocoa rose for a fifth day.'];
    expect(writtenInLowerCase('Cocoa', cocoa)).toBe(true);
    expect(lowerFirstWord('Cocoa prices hit a record.', cocoa)).toBe('cocoa prices hit a record.');
    // Only ever inside a name, or once on its own, it is a name.
    expect(writtenInLowerCase('Cocoa', [cocoa[0]!])).toBe(false);
    expect(writtenInLowerCase('Cocoa', [...cocoa, 'Shares of Cocoa fell.'])).toBe(false);
  });

  it('counts no capital a word takes at a sentence’s or a quotation’s head', () => {
    const quoted = ['“Customers come first,” the chief executive said.', 'Angry customers lined up at the store.'];
    expect(lowerFirstWord('Customers lined up at the store.', quoted)).toBe('customers lined up at the store.');
  });
});
