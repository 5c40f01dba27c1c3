// Figures in the text a synthesizer speaks: money, percentages, units, years, ranges and decades as
// a newsreader says them; counts, prices and times left for the synthesizer to read as numbers.
import { describe, expect, it } from 'vitest';
import { spokenFigures, yearWords } from '../../../../src/services/newsroom/audio/spoken-figures.js';

describe('spoken figures', () => {
  it.each([
    [1905, 'nineteen oh five'],
    [1900, 'nineteen hundred'],
    [1999, 'nineteen ninety-nine'],
    [2000, 'two thousand'],
    [2008, 'two thousand eight'],
    [2010, 'twenty ten'],
    [2026, 'twenty twenty-six'],
    [1066, 'ten sixty-six'],
  ])('says the year %i as "%s"', (year, words) => {
    expect(yearWords(year)).toBe(words);
  });

  it.each([
    ['Revenue reached $4.5bn last year.', 'Revenue reached 4.5 billion dollars last year.'],
    ['a $3 trillion plan', 'a 3 trillion dollars plan'],
    ['It costs $1.50 a ride, or £300 a year.', 'It costs 1 dollar and 50 cents a ride, or 300 pounds a year.'],
    ['a fare of $0.75', 'a fare of 75 cents'],
    ['US$2m in grants and €12.5 million more', '2 million dollars in grants and 12.5 million euros more'],
    ['$1,200 to $5 more', '1,200 dollars to 5 dollars more'],
    ['Prices rose 4.5% and 12 %, a 0.25pp rise.', 'Prices rose 4.5 percent and 12 percent, a 0.25 percentage points rise.'],
    ['winds of 60 mph (97 km/h) and 30°C heat', 'winds of 60 miles per hour (97 kilometers per hour) and 30 degrees Celsius heat'],
    ['a 200 MW farm storing 800 MWh, 12km away', 'a 200 megawatts farm storing 800 megawatt hours, 12 kilometers away'],
    ['Since 1999, and in 2026, as in mid-2025.', 'Since nineteen ninety-nine, and in twenty twenty-six, as in mid-twenty twenty-five.'],
    ['the 2020-2024 plan and the 2019–22 term', 'the twenty twenty to twenty twenty-four plan and the twenty nineteen to twenty twenty-two term'],
    ['since the 1990s and the 2000s, not the 1900s', 'since the nineteen nineties and the two thousands, not the nineteen hundreds'],
  ])('says %j as %j', (written, spoken) => {
    expect(spokenFigures(written)).toBe(spoken);
  });

  it('leaves counts, prices per share, times, scores and other numbers to the synthesizer', () => {
    for (const text of [
      '1,200 people were evacuated and 2,026 homes flooded.',
      'The 2024 election, 3 to 1, at 10:30 p.m.',
      'Route 2026 closed; shares fell 3 points to 4.25.',
      'It is 5 am and 12 cm of snow fell on 40 miles of road.',
      'A $5 tip is more than $5 to some.',
    ]) {
      const spoken = spokenFigures(text);
      expect(spoken.replace(/\$5( tip| to)/g, '5 dollars$1')).toBe(text.replace(/\$5( tip| to)/g, '5 dollars$1').replace('12 cm', '12 centimeters'));
    }
  });
});
