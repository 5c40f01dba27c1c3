// A fact retold in other words is one fact; sentences sharing most of their words but saying
// otherwise (another figure, the other direction, a denial) are two.
import { describe, expect, it } from 'vitest';
import { retold, saysOtherwise, storyMeanings } from '../../../../src/services/newsroom/generator/fact-meaning.js';
import { termOverlap, termSet } from '../../../../src/services/newsroom/generator/sentences.js';
import { WEB_STORIES } from '../../../fixtures/stories/local-web.js';

/** Each pair judged within its story (the story's other sentences give the context meanings are taken from). */
function judge(story: readonly string[], a: string, b: string): boolean {
  const sentences = [...story, a, b];
  const meanings = storyMeanings(sentences);
  const at = (text: string) => ({ text, meaning: meanings[sentences.lastIndexOf(text)]! });
  return retold(at(a), at(b), termOverlap(termSet(a), termSet(b)));
}

describe('the same fact, by meaning', () => {
  const quake = WEB_STORIES.find((story) => story.key === 'quake')!.facts.flat();

  it('knows a retelling that shares almost no words', () => {
    const a = 'East Japan Railway halted bullet trains between Tokyo and Aomori while engineers inspected the tracks.';
    const b = 'Shinkansen services in the north were stopped for inspections of tracks and bridges.';
    expect(termOverlap(termSet(a), termSet(b))).toBeLessThan(0.2);
    expect(judge(quake, a, b)).toBe(true);
  });

  it('knows two sources giving one quantity with what it counts, in their own words, as one fact', () => {
    const story = [
      'State regulators fined the Granite Falls utility 3 million dollars on Tuesday over the failed spillway.',
      'The spillway gave way during April floods, flooding 200 homes downstream.',
    ];
    const a = 'The utility now has 60 days to repair the cracked spillway or face fines every day.';
    const b = 'Separately, regulators gave the company 60 days to bring its dam up to code or face penalty payments.';
    expect(termOverlap(termSet(a), termSet(b))).toBeLessThan(0.35);
    expect(judge(story, a, b)).toBe(true);
    // Another quantity ("60 miles"), or the same one sharing nothing else, is no retelling.
    expect(judge(story, a, 'Separately, regulators said the company owns 60 miles of canals it must bring up to code.')).toBe(false);
    expect(judge(story, a, 'Downstream towns get 60 days of drinking water from the reservoir behind the dam.')).toBe(false);
  });

  it('knows two sources giving one large count of one thing as one fact, though they share no other word', () => {
    const story = [
      'The county ordered residents of the river valley to leave their homes on Friday as the levee weakened.',
      'Engineers said the levee could fail within two days if the rain continues.',
    ];
    const a = 'Emergency managers estimate that about 14,500 valley residents live behind the weakened earthen levee south of town.';
    const b = 'Some 14,500 valley households were told to pack essentials and medicine, including families near the fairgrounds outside Millbrook.';
    expect(termOverlap(termSet(a), termSet(b))).toBeLessThan(0.2);
    expect(judge(story, a, b)).toBe(true);
    // The same count of another thing, a sum or a time is no retelling by itself.
    expect(judge(story, a, 'Volunteers filled 14,500 sandbags overnight at the fairgrounds outside Millbrook.')).toBe(false);
    const sum = 'Repairs to the levee will cost about $14,500 per meter, officials in Millbrook said.';
    expect(judge(story, 'The state set aside $14,500 per household for temporary housing.', sum)).toBe(false);
    // Nor is a large number of seconds, cents or per cent, as `quantities` writes their units.
    const seconds = 'The sirens sounded for 3,600 seconds before the first buses left the fairgrounds.';
    expect(judge(story, seconds, 'Pumps at the north gate ran 3,600 seconds without a break.')).toBe(false);
    const cents = 'Sandbags cost the county 2,500 cents apiece at the fairgrounds outside Millbrook.';
    expect(judge(story, cents, 'Fuel for the pumps rose by 2,500 cents over the week.')).toBe(false);
    const rise = 'Calls to the county hotline rose 1,200 per cent on Friday night.';
    expect(judge(story, rise, 'River gauges showed flows up 1,200 per cent from the spring average.')).toBe(false);
  });

  it('keeps apart sentences that share most words but say something else', () => {
    const story = [
      'Shares of Harbor Bank rose 5 percent on Monday after its quarterly report.',
      'The bank earned 2 billion dollars in the quarter.',
      'Analysts had expected lower profits.',
    ];
    const pairs: [string, string][] = [
      ['Shares of Harbor Bank rose 5 percent on Monday after the report.', 'Shares of Harbor Bank fell 5 percent on Monday after the report.'],
      ['The council approved the harbor plan on Monday.', 'The council did not approve the harbor plan on Monday.'],
      ['The storm killed 12 people in the harbor district.', 'The storm killed 40 people in the harbor district.'],
    ];
    for (const [a, b] of pairs) {
      expect(termOverlap(termSet(a), termSet(b)), a).toBeGreaterThan(0.5);
      expect(saysOtherwise(a, b), a).toBe(true);
      expect(judge(story, a, b), a).toBe(false);
    }
  });

  it('reads no direction in a comparison of something else, and no denial in what a thing lacks', () => {
    // "More" and "less" compare what follows them; "without" says what something lacks.
    expect(
      saysOtherwise(
        'Millers said organic flour costs more and keeps less well in damp cellars.',
        'Organic flour is pricier and spoils sooner when stored damp, bakers noted.',
      ),
    ).toBe(false);
    expect(
      saysOtherwise(
        'Engineers said the crack could also come from cold weather, and more tests are needed.',
        'Inspectors cautioned that a beam without any load could also crack in the cold.',
      ),
    ).toBe(false);
    // A change's direction and a denial still count.
    expect(saysOtherwise('Flour prices rose in March.', 'Flour prices fell in March.')).toBe(true);
    expect(saysOtherwise('The mill reopened on Monday.', 'The mill has not reopened.')).toBe(true);
  });

  it('reads a denied degree ("none seriously") as how badly, not as a denial', () => {
    expect(
      saysOtherwise(
        'Two ferry crew members were treated for minor injuries after the collision.',
        'Two of the crew were hurt in the collision, none seriously, the harbor master said.',
      ),
    ).toBe(false);
    expect(saysOtherwise('Three passengers were injured, not seriously.', 'Three passengers had minor injuries.')).toBe(false);
    // Whether anyone was hurt at all is still a denial.
    expect(saysOtherwise('No one was hurt in the collision.', 'Two of the crew were hurt in the collision.')).toBe(true);
    expect(saysOtherwise('None of the crew were hurt.', 'Two of the crew were hurt, none seriously.')).toBe(true);
  });

  it('reads a share said in words as the figure another source gives, and compares figures of one kind only', () => {
    // "about a third" is the 35 percent; the 18 months is another kind of figure, not another figure.
    expect(
      saysOtherwise(
        'Patients given the infusion declined 35 percent more slowly than the others.',
        'The infusion slowed the decline by about a third over 18 months.',
      ),
    ).toBe(false);
    expect(saysOtherwise('Ticket prices rose 35 percent this year.', 'Ticket prices rose by half this year.')).toBe(true);
    expect(saysOtherwise('The plant will cost 9 billion dollars.', 'The plant will cost $12 billion.')).toBe(true);
    expect(saysOtherwise('The strike lasted 6 weeks.', 'The strike lasted 9 weeks.')).toBe(true);
    expect(saysOtherwise('The plant employs 3,000 people.', 'The plant took 18 months to build.')).toBe(false);
    expect(saysOtherwise('Fares rose 4% in March.', 'Fares went up 4 percent in March.')).toBe(false);
  });

  it('does not merge different facts of one story that talk about the same things', () => {
    const quakeStory = WEB_STORIES.find((story) => story.key === 'quake')!;
    const sentences = quakeStory.facts.flat();
    const meanings = storyMeanings(sentences);
    const factOf = quakeStory.facts.flatMap((wordings, fact) => wordings.map(() => fact));
    for (let i = 0; i < sentences.length; i++) {
      for (let j = i + 1; j < sentences.length; j++) {
        if (factOf[i] === factOf[j]) continue;
        const shared = termOverlap(termSet(sentences[i]!), termSet(sentences[j]!));
        expect(
          retold({ text: sentences[i]!, meaning: meanings[i]! }, { text: sentences[j]!, meaning: meanings[j]! }, shared),
          `${sentences[i]} / ${sentences[j]}`,
        ).toBe(false);
      }
    }
  });
});
