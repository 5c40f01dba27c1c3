// What a sung line must be, on stories written for this test: a line ends on what its verb says
// (not "…footage showed"), has its subject, says more than who told it, is no sentence's first
// words, and sings its own story: a couplet is one story's, never a story's line beside another's.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Story } from '../../../../src/services/newsroom/audio/stories.js';
import { offlineLyrics, parseLyrics } from '../../../../src/services/newsroom/music/index.js';
import { writtenLine } from '../../../../src/services/newsroom/music/lyrics.js';
import { loadPronunciations } from '../../../../src/shared/text/pronounce.js';
import { toldStory } from '../../../fixtures/stories/told-story.js';

const story = toldStory;
/** A plain story beside the one a test is about, whose couplet scans. */
const countyFair = story('County fair returns to Dayton after two years', 'The Montgomery County fair will reopen in Dayton on Friday.', [
  'Organizers expect about 50,000 visitors over the weekend.',
]);

/** The lines of each section, in order. */
async function sections(stories: Story[]): Promise<string[][]> {
  const lyrics = await offlineLyrics(stories);
  return lyrics.split(/\n\s*\n/).map((section) => parseLyrics(section).map((line) => line.text));
}

beforeAll(loadPronunciations);

describe('sung lines', () => {
  it('never ends on a verb that needs its object, opens on its verb, or only says who told it', () => {
    // "…showed that the driver…" cut before "that": the line would end on "showed".
    expect(writtenLine('Dashboard video shown to the jury showed that the driver ran the red light at 70 miles an hour.', 10) ?? '').not.toMatch(/showed$/);
    // The news told first and its source after: the line is the news.
    expect(writtenLine('The county will reopen the Elm Street pool, a parks spokesperson said in Dayton.', 10)).toBe(
      'The county is set to reopen the Elm Street pool',
    );
    // Whom they told, without what: no line.
    for (const sentence of [
      'The port authority and the Coast Guard told boaters, anglers and ferry crews not to enter the channel until Monday.',
      'Health officials urged the public, the schools and the hospitals to boil tap water.',
    ])
      expect(writtenLine(sentence, 10) ?? '', sentence).not.toMatch(/\b(boaters|public)$/);
    for (const line of [
      writtenLine('The transit authority said in Boston on Monday.', 10),
      writtenLine('Union leaders, who have opposed the plan for months, demanded the vote be delayed until spring.', 10),
    ])
      expect(line === null || !/^(Demanded|The transit authority said)/.test(line), String(line)).toBe(true);
    // What a relative clause's speaker says has its subject before the saying ("which the company says produces…").
    expect(
      writtenLine('The mill fitted a wood-chip boiler in the spring, which the company says produces cheaper steam than the old coal boiler did.', 10),
    ).toBe('The mill fitted a wood-chip boiler in the spring');
    expect(writtenLine('The county paved the lane with recycled tires, which the county engineer says produces a quieter road than asphalt does.', 10)).toBe(
      'The county paves the lane with recycled tires',
    );
  });

  it('tells a line written down from a sentence as a headline does, so that it is no copy of the sentence’s first words', () => {
    expect(writtenLine('Inspectors reported cracks in two support beams and closed the bridge to trucks until the repairs are done.', 10)).toBe(
      'Inspectors report cracks in two support beams',
    );
    // A day it names keeps the event in the past: such a sentence's first words give no line at all.
    expect(writtenLine('The blaze started late Friday in a storage shed at the Millbrook depot, about 20 miles south of the city.', 10)).toBeNull();
    expect(writtenLine('The blaze started in a storage shed at the Millbrook depot late Friday, about 20 miles south of the city.', 10)).toBe(
      'The blaze starts in a storage shed',
    );
    // A participle describing a noun keeps its phrase or goes with it.
    expect(writtenLine('The recall covers whole melons shipped between Oct. 2 and Oct. 19 to grocers in nine states.', 10)).toBe(
      'The recall covers whole melons',
    );
    // A gerund's phrase after the object ends where it starts.
    expect(writtenLine('The bakery says its rye loaves will cost about 8 percent more starting in January.', 10)).toBe(
      'Its rye loaves will cost about 8 percent more',
    );
    // A line that is not the sentence's start keeps its tense: what was said, in the simple past.
    expect(writtenLine('The mayor said ticket sales had fallen by a third after the fare rise in March.', 10)).toBe('Ticket sales fell by a third');
  });

  it('sings each story in a couplet of its own: a story with one line to sing is left out, not paired with the next', async () => {
    const alone = story('Library extends weekend hours', 'The library said.', []);
    const dam = story('Flood gates close as river rises', 'Engineers closed the flood gates at noon as the river rose past its banks.', [
      'Water reached the second step of the town hall.',
    ]);
    const school = story('School board approves new bus routes', 'The school board approved eleven new bus routes for the autumn term.', [
      'Buses will stop at every corner of the east side.',
    ]);
    const market = story('Farmers market moves to the harbor', 'The farmers market will move to the harbor front in June.', [
      'Stallholders asked for more shade and water taps.',
    ]);
    const sung = await sections([dam, alone, school, market]);
    const all = sung.flat();
    expect(all).not.toContain('Library extends weekend hours');
    const ofStory = (line: string) => [dam, school, market].findIndex((s) => [s.title, s.lead, ...s.facts].some((text) => text.includes(line)));
    for (const lines of sung) {
      const told = lines.filter((line) => ofStory(line) >= 0);
      expect(told.length % 2, lines.join(' / ')).toBe(0);
      for (let i = 0; i + 1 < told.length; i += 2) expect(ofStory(told[i + 1]!), `${told[i]} / ${told[i + 1]}`).toBe(ofStory(told[i]!));
    }
    // The chorus is the main story's.
    expect(sung.find((lines) => lines.includes('Flood gates close as river rises'))).toBeDefined();
  });

  it('sings no line that points back at what its sentence’s neighbours said', async () => {
    const fossil = story('Museum names the giant turtle found on the ranch', 'The museum named a giant fossil turtle found on a cattle ranch in Nebraska.', [
      'Nine years later, that mystery has a name.',
      'Ranch hands found the shell in a dry creek bed.',
    ]);
    const bakery = story('Bakers raise bread prices as flour costs climb', 'Bakeries across the county raised bread prices by a tenth this month.', [
      'One family bakery in Linden pulls the other lever and bakes smaller loaves.',
      'Flour prices rose by a fifth since the spring harvest.',
    ]);
    const lines = (await sections([fossil, bakery])).flat();
    expect(lines).toContain('Ranch hands found the shell in a dry creek bed');
    expect(lines).toContain('Flour prices rose by a fifth since the spring harvest');
    for (const line of lines) expect(line).not.toMatch(/that mystery|the other lever/);
  });

  it('sings no subject the listener has not heard of: a scene’s thing, a count standing for a noun', async () => {
    const ferry = story('Ferry sinks off Halden, at least 12 dead', 'A ferry sank in heavy seas off Halden early on Tuesday, killing at least 12 people.', [
      'Rescuers pulled 84 people from the water, and 19 were still missing.',
      'Forty crew members fought the fire on board, and two of them were hurt.',
      'Turnout at the harbor vigil was high, and the candles in the chapel ran out before midnight.',
      'The ferry was carrying twice the passengers it was licensed for.',
    ]);
    ferry.sourceSentences = [
      ferry.title,
      ferry.lead,
      'In a small chapel above the harbor, volunteers had set out two hundred candles for the vigil.',
      ...ferry.facts,
    ];
    const lines = (await sections([ferry])).flat();
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).not.toMatch(/^(19 were|The candles|Two of them)/);
    // Cut before its time, a line does not end on "early" ("…off Halden early | on Tuesday").
    for (const line of lines) expect(line).not.toMatch(/\bearly$/);
  });

  it('sings no clause that only says what a count showed', async () => {
    const vote = story(
      'Harbor party wins most seats in council vote',
      'The Harbor Party won the most seats in the city council election on Sunday, final results showed on Monday.',
      ['Turnout rose to 61 percent, the highest in two decades.', 'The party leader said she would invite two smaller parties to talks.'],
    );
    const lines = (await sections([vote])).flat();
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).not.toMatch(/^Final results showed/i);
  });

  it('sings no quotation as a fact', async () => {
    const mill = story(
      'Linden mill to close after 120 years',
      'The Linden mill will close its last loom shed in March, cutting 300 jobs, its owners said on Monday.',
      [
        '"You cannot keep a mill running on memories," said Ada Birch, who worked its looms for thirty years.',
        '"Nobody buys a bolt of cloth from a valley any more, and nobody will."',
        'The county plans to retrain the workers at its college from April.',
      ],
    );
    const lines = (await sections([mill])).flat();
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).not.toMatch(/memories|bolt of cloth|Nobody will/i);
    // With only quotations to go with its headline, the headline is sung without them.
    const quoted = story(mill.title, mill.lead, ['"Nobody buys a bolt of cloth from a valley any more."']);
    const sung = (await sections([quoted])).flat();
    expect(sung).toContain('Linden mill to close after 120 years');
    for (const line of sung) expect(line).not.toMatch(/bolt of cloth/i);
  });
});

describe('sung headlines and quotations', () => {
  it('never ends a line before where a verb puts something, nor before a phrasal verb’s particle', () => {
    for (const [sentence, cut] of [
      ['Diners in the valley put a surcharge of one dollar on every egg dish on the menu this week.', /(surcharge|dollar)$/],
      ['The new export measures are meant to keep advanced chips out of the hands of rival militaries abroad.', /chips$/],
      ['The county will shut the old coal plant down by the end of next year.', /plant$/],
      ['A ministry official said the checks are meant to keep stolen catalytic converters from being shipped to scrapyards abroad.', /converters$/],
    ] as const)
      expect(writtenLine(sentence, 10) ?? '', sentence).not.toMatch(cut);
    expect(writtenLine('Diners put a surcharge on omelets after egg prices doubled in a month.', 10)).toBe('Diners put a surcharge on omelets');
  });

  it('sings a headline that names its source last with the source first, never stopping on "say"', async () => {
    const heat = story(
      '2026 will be the hottest year on record, weather scientists say',
      'Weather scientists said 2026 will be the hottest year since records began.',
      ['Every month from March to October set a record.', 'Oceans absorbed much of the extra heat.'],
    );
    heat.sourceSentences = [heat.title, heat.lead, ...heat.facts];
    const lines = (await sections([heat])).flat();
    expect(lines).toContain('Weather scientists say 2026 will be the hottest year on record');
    for (const line of lines) expect(line).not.toMatch(/\bsay$/);
  });

  it('sings the shorter of a headline’s lines when neither scans, not its label', async () => {
    const jobs = story(
      'It’s official: Linden’s unemployment rate reached its lowest level in generations',
      'Unemployment in Linden fell to 2.9 percent in November, the county said.',
      ['Factories in the valley hired more than 400 workers since the summer.'],
    );
    const lines = (await sections([jobs])).flat();
    expect(lines).toContain('Linden’s unemployment rate reached its lowest level in generations');
    expect(lines.join(' ')).not.toMatch(/official/i);
    // After a name and a comma, what follows is the second of two names, no clause of its own.
    const merger = story(
      'Halden Savings, Ostby Mutual Trust agree to $2.1 billion bank merger',
      'Halden Savings agreed on Monday to merge with Ostby Mutual Trust.',
      ['The banks say they will close 40 branches over two years.'],
    );
    const sung = (await sections([merger])).flat();
    expect(sung.some((line) => line.startsWith('Ostby Mutual Trust agree'))).toBe(false);
    // A story alone sings each of its facts once: not the lead whole and again written down.
    expect(sung.filter((line) => /^Halden Savings agree/.test(line)).length).toBeLessThanOrEqual(1);
  });

  it('sings the shortest of a story’s facts when none scans', async () => {
    const flood = story('Floods close schools across Linden County', 'Floodwater closed every school in Linden County on Tuesday.', [
      'Meteorologists recorded unprecedented precipitation accumulations throughout every metropolitan observatory.',
      'Emergency crews evacuated residents from flooded neighborhoods overnight.',
    ]);
    const port = story('Port of Linden reopens after dredging', 'The Port of Linden reopened to cargo ships on Monday after months of dredging.', [
      'Ships had been diverted to Harlow since June.',
    ]);
    // The lead retells the headline; of the two facts left, neither scans: the shorter is sung.
    const lines = (await sections([countyFair, flood, port])).flat();
    expect(lines).toContain('Emergency crews evacuated residents from flooded neighborhoods overnight');
    expect(lines.join(' ')).not.toMatch(/Meteorologists/);
  });

  it('follows a headline with a fact it does not tell again in other words', async () => {
    const bread = story('Baker chain to raise bread prices 6%', 'Corner Loaf will raise the price of its bread on March 1.', [
      'Its loaves will cost about 6 percent more.',
      'The chain blamed a poor wheat harvest in Kansas.',
    ]);
    const lines = (await sections([countyFair, bread])).flat();
    const at = lines.indexOf('Baker chain to raise bread prices 6%');
    expect(at, lines.join(' | ')).toBeGreaterThanOrEqual(0);
    // "6%" and "6 percent" are one figure: the second line is the harvest, not the price again.
    expect(lines[at + 1], lines.join(' | ')).toMatch(/wheat harvest/);
    expect(lines.join(' ')).not.toMatch(/6 percent more/);
  });

  it('names in its range of topics only the stories it sings', async () => {
    const clinic = story(
      'Linden opens a walk-in clinic for children',
      'A walk-in clinic for children opened in Linden on Monday.',
      ['It will see patients until 10 p.m. every day.'],
      {
        topic: 'health',
      },
    );
    // Its only fact is quoted words, which are never sung: the story gives no couplet.
    const reactor = story(
      'Reactor cleared to restart on the lake',
      '“We are ready to run again,” the plant manager said.',
      ['“It is a good day for the town,” said the mayor.'],
      {
        topic: 'energy',
      },
    );
    const lines = (await sections([countyFair, reactor, clinic])).flat();
    expect(lines.join(' ')).not.toMatch(/Reactor|energy/i);
    expect(
      lines.some((line) => /^(From|All about) .*health/.test(line)),
      lines.join(' | '),
    ).toBe(true);
  });

  it('sings no fact that holds someone’s quoted words, whatever comes before them', async () => {
    const breach = story('Retailer says hackers stole shoppers’ data', 'Hackers stole the names and addresses of 38 million shoppers from the retailer.', [
      'One shopper’s reaction: “Two years? They will have my address forever.”',
      'The retailer will pay for two years of credit monitoring for every shopper.',
      'Its “Safe Shopper” badge was removed from the checkout page.',
    ]);
    const lines = (await sections([breach])).flat();
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).not.toMatch(/address forever|Two years\?/);
  });
});
