// People named in full before they are called by surname: the writer keeps sentences of several
// sources, so the one that introduced someone may not be among them.
import { describe, expect, it } from 'vitest';
import { newsDayStories } from '../../../fixtures/stories/news-day.js';
import { writeOfflineArticle } from '../../../../src/services/newsroom/generator/offline-writer.js';
import { introductionsFirst, laterMentionsBySurname, peopleIntroducer } from '../../../../src/services/newsroom/generator/people.js';

const SOURCES = [
  'The plant aims to return to service by March 2027, according to company spokeswoman Dana Kowalczyk, who said crews were ready.',
  'Janelle Ortiz, an economist at Iowa State University, said prices would rise.',
  'Governor Elena Brandt signed the order on Monday.',
  'Farm economist Ana Muñoz and chef Zoë Lefèvre-Durand spoke after him.',
  '"Kowalczyk knows the plant," said one engineer.',
];

const introduce = (chosen: string[]) => {
  const next = peopleIntroducer(chosen, SOURCES);
  return chosen.map(next);
};

describe('people introduced by name', () => {
  it('puts the sentence that names a person in full before one calling them by a single name', () => {
    const chains = [
      ['The county will mail new ballots to 40,000 voters, the clerk said.'],
      ['Elmer’s verdict: “They should have told us in June.”'],
      ['Printing errors left off two races.'],
      ['Grandfather Elmer Voss, 72, found the faulty ballot in his mailbox on Friday.', 'He called the clerk the same morning.'],
    ];
    const text = (chain: string[]) => chain.join(' ');
    expect(introductionsFirst(chains, text, 'County reprints ballots after printing error')).toEqual([chains[0], chains[3], chains[1], chains[2]]);
    // Named in the headline already, or by no one in full: the order stands.
    expect(introductionsFirst(chains, text, 'Elmer Voss finds a faulty ballot')).toEqual(chains);
    expect(introductionsFirst(chains.slice(0, 3), text, 'County reprints ballots')).toEqual(chains.slice(0, 3));
  });

  it('names a person in full, with their role, where a sentence first calls them by surname alone', () => {
    expect(
      introduce([
        'Crews replaced 1,000 tubes, a job Kowalczyk described as grueling.',
        'Kowalczyk said the plant was safe.',
        'Brandt’s order takes effect today.',
      ]),
    ).toEqual([
      'Crews replaced 1,000 tubes, a job company spokeswoman Dana Kowalczyk described as grueling.',
      'Kowalczyk said the plant was safe.',
      'Governor Elena Brandt’s order takes effect today.',
    ]);
    // Names as the sources spell them: accents, hyphens.
    expect(introduce(['Muñoz expects prices to rise.', 'Restaurants agree, Lefèvre-Durand said.'])).toEqual([
      'Farm economist Ana Muñoz expects prices to rise.',
      'Restaurants agree, chef Zoë Lefèvre-Durand said.',
    ]);
  });

  it('knows a first name the tagger reads as a place ("Odessa Marchetti") from how the sources write it', () => {
    const sources = [
      'Lead plaintiff Odessa Marchetti, a retired nurse, called the ruling a victory for her street.',
      'The old map split the county three ways.',
    ];
    const chosen = ['"We read it twice at the kitchen table," said Marchetti, the lead plaintiff.', 'Marchetti said the fight took six years.'];
    const next = peopleIntroducer(chosen, sources);
    expect(chosen.map(next)).toEqual([
      '"We read it twice at the kitchen table," said Odessa Marchetti, the lead plaintiff.',
      'Marchetti said the fight took six years.',
    ]);
    // A place before a surname that names a firm is no first name when the sources write the word in lower case.
    const firm = peopleIntroducer(['Marchetti said the deal was done.'], ['Shares of Little Marchetti rose.', 'A little rain fell.']);
    expect(firm('Marchetti said the deal was done.')).toBe('Marchetti said the deal was done.');
    // A word opening a sentence before a firm's name is no first name: "When Linden Mills opened…".
    const mill = peopleIntroducer(
      ['Linden shares closed down 4 percent on Monday.'],
      ['When Linden Mills opened its first loom shed in 1902, its owners hired from the valley.'],
    );
    expect(mill('Linden shares closed down 4 percent on Monday.')).toBe('Linden shares closed down 4 percent on Monday.');
    // A capitalised word after "the" names an institution, never a person by surname: "the House"
    // is not the "White House" another source names.
    const house = peopleIntroducer(
      ['Members of the House say the extra money would force another vote.'],
      ['The White House says the governor would sign the measure.', 'Lawmakers in the Senate want more money.'],
    );
    expect(house('Members of the House say the extra money would force another vote.')).toBe(
      'Members of the House say the extra money would force another vote.',
    );
  });

  it('sets a described person’s description after their name when the sentence goes on, and capitalises a sentence’s start', () => {
    expect(introduce(['Ortiz said costs would rise by spring.'])).toEqual([
      'Janelle Ortiz, an economist at Iowa State University, said costs would rise by spring.',
    ]);
    expect(introduce(['Prices rose, Ortiz said.'])).toEqual(['Prices rose, Janelle Ortiz, an economist at Iowa State University, said.']);
    // Before a full stop or a possessive the commas could not close: the name alone.
    expect(introduce(['Prices rose, according to Ortiz.'])).toEqual(['Prices rose, according to Janelle Ortiz.']);
    expect(introduce(['Ortiz’s forecast was right.'])).toEqual(['Janelle Ortiz’s forecast was right.']);
    expect(introduce(['Kowalczyk declined to comment.'])).toEqual(['Company spokeswoman Dana Kowalczyk declined to comment.']);
  });

  it('leaves a person already named in full, a quotation, a longer name and a word that only looks like a surname', () => {
    const kept = [
      'Spokeswoman Dana Kowalczyk said the fuel had arrived. Kowalczyk added that tests begin soon.',
      '“Ask Ortiz,” the mayor said.',
      'Shares of Brandt Holdings fell.',
      'The Governor met farmers.',
    ];
    expect(introduce(kept)).toEqual(kept);
  });

  it('leaves a place that shares its name with a person named in the sources', () => {
    const next = peopleIntroducer(['Lawmakers in Washington approved the bill.'], ['Senator Patty Washington wrote the bill.']);
    expect(next('Lawmakers in Washington approved the bill.')).toBe('Lawmakers in Washington approved the bill.');
  });

  it('does not guess between two people who share a surname', () => {
    const next = peopleIntroducer(
      ['Okafor said the tests worked.'],
      ['Health director Maria Okafor spoke first.', 'Dr. Helen Okafor, a veterinary epidemiologist, disagreed.'],
    );
    expect(next('Okafor said the tests worked.')).toBe('Okafor said the tests worked.');
  });

  // Introduced in a sentence that tells the lead again, or in one too long to print (over 60 words).
  const introductions = {
    retold: 'The Nuclear Regulatory Commission cleared the Palisade plant to restart on Tuesday, company spokeswoman Dana Kowalczyk said.',
    long: `By dawn the trucks were lined up at the gate, and company spokeswoman Dana Kowalczyk, ${'who has worked at the site through two owners and one long shutdown, '.repeat(4)}walked the line with a clipboard.`,
  };
  it.each(Object.entries(introductions))(
    'introduces someone the article keeps only by surname (introduced in a sentence %s), changing nothing else',
    (_, introduction) => {
      const sources = [
        {
          url: 'https://ledger.test/1',
          title: 'Regulators approve restart of Palisade nuclear plant',
          domain: 'ledger.test',
          siteName: 'Harbor Ledger',
          text: [
            'Federal regulators on Tuesday approved the restart of the Palisade nuclear plant, which closed in 2022.',
            'The owner will load fresh fuel at the plant next month and aims for commercial operation by March.',
          ].join('\n\n'),
        },
        {
          url: 'https://valley.test/2',
          title: 'Palisade nuclear plant cleared to restart',
          domain: 'valley.test',
          siteName: 'Valley Post',
          text: `${introduction}\n\nThe plant will supply 800 megawatts, enough for about 800,000 homes.`,
        },
        {
          url: 'https://ridge.test/3',
          title: 'Closed reactor to reopen after approval',
          domain: 'ridge.test',
          siteName: 'Ridge Daily',
          text: 'A nuclear plant that closed two years ago won approval to restart on Tuesday.\n\nKowalczyk said the utility would hire 200 workers at the Palisade plant before it reopens.',
        },
      ];
      const article = writeOfflineArticle({ title: 'Regulators approve restart of Palisade nuclear plant', description: '', sources, targetWords: 90 });
      const body = article.content.split('\n\n**Sources**')[0]!;
      const first = body.indexOf('Kowalczyk');
      expect(first).toBeGreaterThan(-1);
      // The first mention names her in full; a later one may be her surname.
      expect(body.slice(Math.max(0, first - 'company spokeswoman Dana '.length), first)).toMatch(/spokeswoman Dana $/i);
      for (const sentence of article.body) {
        const named = sentence.sourceText.includes('Dana Kowalczyk')
          ? sentence.sourceText
          : sentence.sourceText.replace(/^Kowalczyk/, 'Company spokeswoman Dana Kowalczyk');
        expect(sentence.named).toBe(named);
        expect(sentence.text).toContain(named.slice(0, -1));
      }
    },
  );
});

describe('people named in full again', () => {
  const shorten = (sentences: string[]) => sentences.map(laterMentionsBySurname());

  it('calls a person named in full before by surname, dropping the role and the description', () => {
    expect(
      shorten([
        'Governor Elena Brandt signed the order on Monday.',
        'Governor Elena Brandt said the rates would fall by spring.',
        'Janelle Ortiz, an economist at Iowa State University, said prices would rise.',
        'Prices rose, according to Janelle Ortiz, an economist at Iowa State University.',
        'Costs, said company spokeswoman Dana Kowalczyk, are falling. Company spokeswoman Dana Kowalczyk added that tests begin soon.',
        'Crews were ready, company spokeswoman Dana Kowalczyk said.',
      ]),
    ).toEqual([
      'Governor Elena Brandt signed the order on Monday.',
      'Brandt said the rates would fall by spring.',
      'Janelle Ortiz, an economist at Iowa State University, said prices would rise.',
      'Prices rose, according to Ortiz.',
      'Costs, said company spokeswoman Dana Kowalczyk, are falling. Company spokeswoman Dana Kowalczyk added that tests begin soon.',
      'Crews were ready, Kowalczyk said.',
    ]);
  });

  it('keeps full names two people share a surname by, quotations, and a name bound to a word before it', () => {
    const kept = [
      'Health director Maria Okafor spoke first.',
      'Dr. Helen Okafor, a veterinary epidemiologist, disagreed.',
      'Maria Okafor said the tests worked.',
      'Senator Patty Hale wrote the bill.',
      '“Senator Patty Hale wrote it,” an aide said.',
      'The state’s Senator Patty Hale voted for it.',
    ];
    expect(shorten(kept)).toEqual(kept);
  });

  it('shortens in the offline article a name its sources give in full in two printed sentences, keeping it whole in `named`', () => {
    const rates = newsDayStories().find((story) => story.title.startsWith('Central bank'))!;
    const article = writeOfflineArticle({ title: rates.title, description: rates.description, targetWords: 250, sources: rates.sources });
    const body = article.content.split('\n\n**Sources**')[0]!;
    expect(body.match(/Elena Brandt/g)).toHaveLength(1);
    expect(body).toMatch(/\bBrandt told reporters that a cut could come/);
    expect(article.body.find((sentence) => sentence.sourceText.includes('told reporters'))?.named).toMatch(/^Governor Elena Brandt told reporters/);
  });
});
