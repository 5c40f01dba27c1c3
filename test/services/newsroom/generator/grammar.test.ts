// The part-of-speech questions the offline writers ask: does a clause state something, whom does a
// sentence name and by what role, is a word a role.
import { describe, expect, it } from 'vitest';
import { headlinePresent, pointedAt, SAID_BEFORE, statesAGeneralTruth, statesSomething } from '../../../../src/services/newsroom/generator/grammar.js';
import { isRole, peopleIn } from '../../../../src/services/newsroom/generator/person-names.js';

describe('grammar', () => {
  it('finds the things a sentence points back at, and not a time or a clause', () => {
    expect(pointedAt('The company said this plan would save money.')).toEqual(['plan']);
    expect(pointedAt('Analysts doubt those targets can be met.')).toEqual(['targets']);
    expect(pointedAt('The vote on these new rules came on Monday.')).toEqual(['rules']);
    expect(pointedAt('Three utilities will miss that deadline, the board said.')).toEqual(['deadline']);
    expect(pointedAt('About 1,200 of those residents were evacuated.')).toEqual(['residents']);
    // A time said before, and "one" standing for a noun said before: the sentence does not say what.
    expect(pointedAt('For most of that time, fishermen on both banks shared the river.')).toEqual([SAID_BEFORE]);
    expect(pointedAt('Prices were lower in those years.')).toEqual([SAID_BEFORE]);
    expect(pointedAt('On Friday the total of all those winters became clear.')).toEqual([SAID_BEFORE]);
    expect(pointedAt('Harvests were thin in those summers.')).toEqual([SAID_BEFORE]);
    expect(pointedAt('A Belgian maker pulled the other lever, cutting the weight of its bars.')).toEqual([SAID_BEFORE]);
    expect(pointedAt('Shipments to 18 close allies, including Japan and Chile, will not need one.')).toEqual([SAID_BEFORE]);
    expect(pointedAt('Firms without one will face fines of up to $10,000.')).toEqual([SAID_BEFORE]);
    expect(pointedAt('The old bridge will close when the new one opens, officials said.')).toEqual([SAID_BEFORE]);
    // A question word standing for the question asked before.
    expect(pointedAt('The council has now decided, at some length, that how soon is a matter for the courts.')).toEqual([SAID_BEFORE]);
    expect(pointedAt('Why is anyone’s guess.')).toEqual([SAID_BEFORE]);
    // "that" as the thing a verb acts on, said before.
    expect(pointedAt('The ferry union, whose banners still hang at the pier, says it will try to stop that in federal court.')).toEqual([SAID_BEFORE]);
    expect(pointedAt('The county cannot afford that, the treasurer said.')).toEqual([SAID_BEFORE]);
    // After a preposition "that" is a determiner, whatever follows its noun.
    expect(pointedAt('“I have fished out of that creek for thirty years,” the ferryman said.')).toEqual(['creek']);
    expect(pointedAt('Inspectors found that same strain on a melon in Ohio.')).toEqual(['strain']);
    expect(pointedAt('Nine years later, that something has a name.')).toEqual([SAID_BEFORE]);
    // "In that" with a noun, a number-and-word describing it, and a sentence opening on "That" and its noun.
    expect(pointedAt('In that 2,400-household survey, most renters said rents rose.')).toEqual(['survey']);
    expect(pointedAt('In that 90-page report, the board faulted the pilots.')).toEqual(['report']);
    expect(pointedAt('That scene repeats what the harbor master told the council.')).toEqual(['scene']);
    // After an opening day with no verb before it, and a describing word standing as the thing itself.
    expect(pointedAt('On Friday that silence ended when the mill reopened.')).toEqual(['silence']);
    expect(pointedAt('By Tuesday that deadline had passed without a vote.')).toEqual(['deadline']);
    expect(pointedAt('On Sunday that calm gave way to a second night of storms.')).toEqual(['calm']);
    expect(pointedAt('That quiet ended when the first trucks came back.')).toEqual(['quiet']);
    expect(pointedAt('The mayor said on Friday that silence would not help the town.')).toEqual([]);
    expect(pointedAt('Officials said Tuesday that rates would rise in the spring.')).toEqual([]);
    for (const sentence of [
      'The board agreed that ferries run hourly.',
      'Growers warned so that buyers would stock up.',
      'The union will try to show that in March the ferry ran without inspectors.',
      'The board will decide that in future the bridge closes at night.',
      'The ruling that in effect ends the ban was welcomed by growers.',
      'Growers said that on Monday prices fell again.',
      'Nobody knows how long the repairs will take.',
      'Officials asked where the money was.',
      'Officials said that growth slowed.',
      'The levy differs in that it covers renters.',
      'That is what the harbor master told the council.',
      'Regulators said that deadline would hold.',
      'The mayor said that the city would rebuild.',
      'We have never seen water this high in the harbor.',
      "With this week's rain the reservoir is at its highest level.",
      'The fire started at 3 a.m. this morning.',
      'This is the largest fire this year.',
      'Those who lost homes will get aid.',
      'Only one of the plants reopened on Monday.',
      'On the other hand, exports rose for a third month.',
      'Crowds gathered on the other side of the river.',
      'Crews finished phase one.',
      'The plan passed, 51 to one.',
      'Officials said the count was one.',
    ])
      expect(pointedAt(sentence), sentence).toEqual([]);
  });

  it('tells a clause in the simple past as a headline does, in the present, by its subject’s number', () => {
    expect(headlinePresent('Rescuers reached the trapped miners')).toBe('Rescuers reach the trapped miners');
    expect(headlinePresent('Clinics in Tallinn reported fewer cases')).toBe('Clinics in Tallinn report fewer cases');
    expect(headlinePresent('The Bureau of Labor Statistics revised its estimate')).toBe('The Bureau of Labor Statistics revises its estimate');
    expect(headlinePresent('Farmers and grocers welcomed the ruling')).toBe('Farmers and grocers welcome the ruling');
    expect(headlinePresent('The port authority and the Coast Guard found two more wrecks')).toBe('The port authority and the Coast Guard find two more wrecks');
    expect(headlinePresent('The Food and Drug Administration found two more cases')).toBe('The Food and Drug Administration finds two more cases');
    expect(headlinePresent('The port will reopen the north quay')).toBe('The port is set to reopen the north quay');
    expect(headlinePresent('Ferries will resume on Friday')).toBe('Ferries are set to resume on Friday');
    // A past time, in the clause or in the sentence it was cut from, keeps it in the past.
    expect(headlinePresent('The glacier covered the valley 10,000 years ago')).toBeNull();
    expect(headlinePresent('The plant opened a second line', 'The plant opened a second line in 2019.')).toBeNull();
    // A helper, a relative clause's verb, or no verb: nothing to retell.
    expect(headlinePresent('The bridge was closed for repairs')).toBeNull();
    expect(headlinePresent('Shops that stayed open are busy')).toBeNull();
    expect(headlinePresent('A quiet week for markets')).toBeNull();
  });

  it('knows a clause that states something from a noun phrase, a participle, a relative clause or a list', () => {
    for (const clause of [
      'Bird flu found in dairy herds in two states',
      'Seven years later, that something has a name',
      'Officials say the plant could reopen by 2027',
      'Prices have not yet risen',
      'It was the largest fine ever',
      'The fine was imposed by the European Commission',
      'The bill passed by a wide margin',
      'Prices rose by 4 percent',
      'The index rose sharply on Tuesday',
      'Output falls for a third month',
      'The provision aimed at cloud projects was dropped',
      'The company aimed its new phones at students',
      'Stocks jumped on Tuesday',
      'The city needed to borrow five million dollars',
      'The ferry needed for the crossing was late',
      'One of the oldest ferries was retired on Friday',
      "The county's ferries stopped running on Friday",
    ])
      expect(statesSomething(clause), clause).toBe(true);
    for (const phrase of [
      'Newer kind of limit',
      'An agricultural economist at Iowa State University',
      'A capsule carrying samples from the asteroid',
      'Two states that had not previously reported infected herds',
      'Maine and upstate New York',
      'Cereals and baked goods',
      'Saying Monday it would cut the weight of several bars',
      'A fine imposed by the European Commission on Tuesday',
      'A bill passed by the House last week',
      'A rule written by regulators in Brussels',
      'A rose for every nurse in the ward',
      'A provision aimed squarely at cloud build-outs',
      // "at large" reads to the tagger as an adverb, not a preposition.
      'A levy aimed squarely at large foreign lenders',
      'A grant meant for large rural hospitals',
      'A bill designed to cut costs for farmers',
      'A virus linked to bats',
      // A clause whose subject was left behind in its sentence.
      'Demanded the inquiry be reopened',
      'Urged calm on both sides of the border',
      // A participle describing its noun, with no verb of the line's own.
      'Stablecoins pegged to the euro',
      'The cobalt used in phone batteries',
      // Before "for", "needed" and "required" describe the noun: no verb of the line's own.
      'Well short of the 61 votes needed for a quorum',
      'The permits required for a new pier',
      // Ranked among others: its plural noun is no verb ("breaches").
      'One of the largest hospital data breaches in years',
      'One of the most costly harbor floods on record',
      // A possessive the tagger reads as "is" ("Ohio's" as "Ohio is").
      "Roughly a fifth of Ohio's farming income",
      "About 8 percent of the harbor's shipping traffic",
    ])
      expect(statesSomething(phrase), phrase).toBe(false);
  });

  it('tells a general truth that sets a scene from news told in the present', () => {
    for (const sentence of [
      'A tide gauge is, in essence, a ruler standing in the sea.',
      'Lighthouses are usually the first thing a sailor sees of a harbour.',
      'Sea otters are often described as the gardeners of the kelp forest: busy, clever and loud.',
      'Peat bogs are slow machines for storing carbon.',
    ])
      expect(statesAGeneralTruth(sentence), sentence).toBe(true);
    for (const sentence of [
      'Hospitals are full.',
      'Ferries are cancelled until the storm passes.',
      'Residents are angry about the fare rise.',
      'Prices are rising across the region.',
      'The harbour is closed until Friday.',
      'Farmers say the new rule is unfair.',
      'Egg prices have doubled since March.',
      'In the past, dredgers were used to clear the channel.',
      'Container ships typically carry 14,000 boxes.',
      'A license is now required for most exports of advanced chips.',
      'In other words, this is a big deal.',
    ])
      expect(statesAGeneralTruth(sentence), sentence).toBe(false);
  });

  it('knows a person by their first name, with their title and the role said before or after the name', () => {
    expect(peopleIn('The plant will reopen, according to company spokeswoman Dana Kowalczyk, who said crews were ready.')).toEqual([
      { name: 'Dana Kowalczyk', surname: 'Kowalczyk', fullName: 'Dana Kowalczyk', role: 'company spokeswoman', appositive: null },
    ]);
    expect(peopleIn('Health director Maria Okafor said the system works.')[0]).toMatchObject({ name: 'Maria Okafor', role: 'health director' });
    expect(peopleIn('Governor Elena Brandt signed it.')[0]).toMatchObject({ name: 'Elena Brandt', role: 'Governor' });
    expect(peopleIn('"We are ready," said Sen. Marguerite Hale, a Democrat.')[0]).toMatchObject({ name: 'Sen. Marguerite Hale', fullName: 'Marguerite Hale' });
    expect(peopleIn('Janelle Ortiz, an economist at Iowa State University, said prices rose.')[0]).toMatchObject({
      surname: 'Ortiz',
      role: null,
      appositive: 'an economist at Iowa State University',
    });
    for (const text of ['Prices in West Texas rose.', 'The Port of Long Beach reopened.', 'Brent crude rose in London.', 'Kowalczyk said the job was hard.'])
      expect(peopleIn(text), text).toEqual([]);
    for (const role of ['spokeswoman', 'economist', 'mayor', 'chief', 'official']) expect(isRole(role), role).toBe(true);
    for (const word of ['company', 'plant', 'week']) expect(isRole(word), word).toBe(false);
  });
});
