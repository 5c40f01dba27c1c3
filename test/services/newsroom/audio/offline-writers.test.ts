// The offline writers and small rules of the audio features, on the fixtures' day of news: the
// podcast conversation, its enhancement, the interview and its refinement, lyrics, the music
// configuration, file and download names, and the daily slot across a daylight-saving change.
import { describe, expect, it } from 'vitest';
import type { TrendSourceArticle } from '../../../../src/db/trends.js';
import { fillTemplate, renderBacking, valueAt } from '../../../../src/providers/music/index.js';
import { lineSyllables, linesRhyme, loadPronunciations, rhymeKey, rhymeOf, wordSyllables } from '../../../../src/shared/text/pronounce.js';
import { offlineConversation } from '../../../../src/services/newsroom/audio/conversation.js';
import { downloadName, newAudioFileName } from '../../../../src/services/newsroom/audio/files.js';
import { coversTopic, offlineInterview, refineOffline } from '../../../../src/services/newsroom/audio/interview.js';
import { storyName } from '../../../../src/services/newsroom/audio/story-name.js';
import { dailyCron } from '../../../../src/services/platform/schedule/cadence.js';
import { nextSlot } from '../../../../src/services/platform/schedule/cron.js';
import { enhanceOffline } from '../../../../src/services/newsroom/audio/podcast.js';
import { splitForSpeech } from '../../../../src/services/newsroom/audio/script.js';
import { reportedBy, storyFromSources, type Story } from '../../../../src/services/newsroom/audio/stories.js';
import { offlineSummary } from '../../../../src/services/newsroom/audio/latest-news.js';
import { sameFact } from '../../../../src/services/newsroom/generator/offline-writer.js';
import { termSet } from '../../../../src/services/newsroom/generator/sentences.js';
import type { Topic } from '../../../../src/shared/topics.js';
import { offlineLyrics, parseLyrics, parseMusicConfig } from '../../../../src/services/newsroom/music/index.js';
import { balanceQuotes, writtenLine } from '../../../../src/services/newsroom/music/lyrics.js';
import { newsDayStories } from '../../../fixtures/stories/news-day.js';
import { toldStory } from '../../../fixtures/stories/told-story.js';

/** A trend's source article as the database gives it: the fields a test sets, its address from its host and id by default. */
function sourceArticle(fields: Pick<TrendSourceArticle, 'id' | 'title' | 'domainName' | 'content'> & Partial<TrendSourceArticle>): TrendSourceArticle {
  return { sourceUrl: `https://${fields.domainName}/${fields.id}`, excerpt: null, author: null, publishedAt: null, scrapedAt: new Date(), ...fields };
}

const stories: Story[] = newsDayStories().map((story) => {
  const articles = story.sources.map((source, id) =>
    sourceArticle({ id, title: source.title, sourceUrl: source.url, domainName: source.domain, content: source.text }),
  );
  return storyFromSources(story.title, story.topic as Topic, story.description, articles)!;
});

describe('offline podcast', () => {
  const script = offlineConversation(stories, ['Alex', 'Jordan'], 'Morning Ledger');
  const lines = script.split('\n');

  it("speaks the news, not a feature's scene or the story's history", () => {
    const article = (id: number, content: string) => sourceArticle({ id, title: 'Linden mill to close its loom shed', domainName: `mill${id}.test`, content });
    const mill = storyFromSources('Linden mill to close its loom shed', 'finance', '', [
      article(
        1,
        [
          'The Linden mill will close its last loom shed in March, cutting 300 jobs, its owners said on Monday.',
          'When the mill opened its first loom shed on Canal Street in 1902, its owners hired mostly from the valley farms.',
          'For more than a year, orders for the Linden mill’s cloth have fallen every month, the owners said.',
        ].join('\n\n'),
      ),
      article(
        2,
        [
          'Linden’s last loom shed will close in March with the loss of 300 jobs, the mill’s owners announced on Monday.',
          'In a rented hall above a bakery in Linden, mill workers had gathered on Monday night to hear the news from their union.',
          'The county plans to retrain the mill’s workers at its college from April.',
        ].join('\n\n'),
      ),
    ])!;
    for (const fact of mill.facts) expect(fact).not.toMatch(/Canal Street|rented hall/);
    // A purpose says how, not what follows: no reason why the story matters.
    const moved = storyFromSources('Linden mill to close its loom shed', 'finance', '', [
      article(3, `${mill.lead}\n\nThe owners moved the last orders to a plant in Portugal so that customers get their cloth on time.`),
    ]);
    expect(moved?.facts.join(' ')).toContain('so that customers');
    expect(moved?.why).toBeNull();
    // Nor is a purpose's modal ("so that … could reach"); a consequence after it still is.
    const told = (...sentences: string[]) =>
      storyFromSources('Linden mill to close its loom shed', 'finance', '', [article(4, [mill.lead, ...sentences].join('\n\n'))]);
    const purpose = told(
      'By Tuesday night the owners and the union had agreed to a week of talks so that the last orders could still leave the mill, the union said.',
    );
    expect(purpose?.facts.join(' ')).toMatch(/so that the last orders could/);
    expect(purpose?.why).toBeNull();
    const consequence = told(
      'The owners agreed to a week of talks so that the last orders could leave, but the closure could cost the valley a tenth of its jobs, the union warned.',
    );
    expect(consequence?.why).toMatch(/closure could cost the valley/);
    // Nor is a modal in what describes a thing: a relative clause with its own subject, or what
    // people had expected before the news; a modal that is a thing's own verb still is.
    const described = told(
      'The owners kept the loom shed’s old boiler, a cost some buyers had feared the owners would pass on.',
      'The county will lease the looms to a cooperative that the weavers may run from April.',
    );
    expect(described?.facts.join(' ')).toMatch(/had feared the owners would/);
    expect(described?.why).toBeNull();
    const move = told('The owners sold the looms to a cooperative, a move that could keep 40 weavers at work.');
    expect(move?.why).toMatch(/a move that could keep 40 weavers/);
    // A consequence the story states comes before one a speaker forecasts.
    const forecast = told(
      'Union leader Ana Ruiz said the mill workers had expected the news for months.',
      'Mayor Tom Healy told reporters on Monday that more mill jobs could go next year.',
      'The loom shed closure will cost the county 2 million dollars a year in mill taxes.',
    );
    expect(forecast?.facts.join(' ')).toMatch(/Tom Healy told reporters/);
    expect(forecast?.why).toMatch(/^The loom shed closure will cost the county/);
    const spoken = offlineConversation([mill], ['Alex', 'Jordan'], 'Morning Ledger');
    expect(spoken).not.toMatch(/Canal Street|rented hall/);
    expect(spoken).toMatch(/county plans to retrain/);
    expect(spoken).toMatch(/for more than a year, orders/i);
  });

  it('tells every story with what, who, why and who reported it, alternating the lead', () => {
    expect(stories.map((story) => story.who !== null)).toEqual([true, true, true, true]);
    // Who: someone speaking, before a sentence that only names a role ("Regional officials plan to ask…").
    expect(stories.find((story) => story.topic === 'health')!.who).toMatch(/^Health director Maria Okafor said/);
    for (const story of stories) {
      expect(script).toContain(story.lead);
      if (story.why) expect(script).toContain(story.why);
    }
    expect(stories.filter((story) => story.why !== null).length).toBeGreaterThanOrEqual(3);
    const tellers = stories.map((story) => lines.find((line) => line.includes(story.lead))!.split(':')[0]);
    expect(tellers).toEqual(['Alex', 'Jordan', 'Alex', 'Jordan']);
    expect(lines[2]).toMatch(/^Alex: (Let's start with|First up,) [\w. ]+\. /);
    const handovers =
      /what's the latest in [\w. ]+\?|take us to [\w. ]+\.|Over to you, \w+, for [\w. ]+\.|our last story today is in [\w. ]+\.|take us out with [\w. ]+\./;
    expect(lines.filter((line) => handovers.test(line))).toHaveLength(3);
    expect(script).not.toMatch(/\b(And|Well,) [A-Z][a-z]+ [a-z]/);
    // Who is involved is told by its sentence, with no empty preface before it.
    expect(script).not.toMatch(/who is (involved|part of this)|people speaking to this/i);
    for (const story of stories) expect(lines.some((line) => line.endsWith(`: ${story.who}`) || line.includes(`: ${story.who} `))).toBe(true);
  });

  it('tells who is involved only with a sentence about someone speaking, not a scene credited at its end', () => {
    const article = (id: number, content: string) =>
      sourceArticle({
        id,
        title: 'Helicopter crew rescues hikers from flooded canyon',
        sourceUrl: `https://site${id}.test/rescue`,
        domainName: `site${id}.test`,
        content,
      });
    const scene = 'At 8:52 on Tuesday morning, a helicopter crew lowered a rescuer into the flooded canyon, the sheriff’s office said.';
    const story = storyFromSources('Helicopter crew rescues hikers from flooded canyon', 'usa', '', [
      article(1, `A helicopter crew rescued six hikers from a flooded canyon in southern Utah on Tuesday.\n\n${scene}`),
      article(
        2,
        'Six hikers were lifted out of a flooded Utah canyon by helicopter on Tuesday after a night on a ledge.\n\nThe hikers had ignored a flash flood warning issued on Monday evening, park rangers said.',
      ),
    ])!;
    expect(story.facts).toContain(scene);
    expect(story.who).not.toBe(scene);

    // A role named past the first clause describes something else: no one is involved there.
    const asteroid = 'Pelorus is a carbon-rich asteroid about 600 meters wide, the kind of body planetary scientists think keeps the oldest dust.';
    const rangers = 'County officials plan to close the canyon trail until the water recedes.';
    const told = (second: string) =>
      storyFromSources('Helicopter crew rescues hikers from flooded canyon', 'usa', '', [
        article(1, `A helicopter crew rescued six hikers from a flooded canyon in southern Utah on Tuesday.\n\n${second}`),
      ])!;
    expect(told(asteroid).facts).toContain(asteroid);
    expect(told(asteroid).who).toBeNull();
    expect(told(rangers).who).toBe(rangers);
    // Nor does one speaking in a second sentence joined by a semicolon.
    const delay = 'The report came out on Wednesday rather than Friday; the bureau said a move to new computers had delayed it.';
    expect(told(delay).who).toBeNull();
  });

  it('says a topic once per story, and that it goes on when the next story is in the same topic', () => {
    const health = (lead: string): Story => ({
      title: lead,
      topic: 'health',
      lead,
      facts: [],
      who: null,
      why: null,
      sites: ['A Test'],
      siteCount: 1,
      description: '',
    });
    const day = [
      health('A measles outbreak in West Texas has grown to 124 cases, the state health department said.'),
      health('Regulators approved a twice-yearly injection that prevents HIV infection.'),
      health('A study of 40,000 adults linked poor sleep to higher blood pressure.'),
      { ...health('The Federal Reserve kept its benchmark interest rate unchanged on Wednesday.'), topic: 'finance' as Topic },
    ];
    const script = offlineConversation(day, ['Alex', 'Jordan'], 'Morning Ledger').split('\n');
    const body = script.slice(2);
    // Each story's topic is named in one line: the first story's opener, then each handover.
    expect(body.filter((line) => /\bhealth\b/.test(line.replace(/health department/g, '')))).toHaveLength(3);
    expect(body.join('\n')).toMatch(/Jordan, (there is more in health|you have another health story)\./);
    expect(body.join('\n')).toMatch(/(Alex|Jordan), our last story today is in business and finance\.|take us out with business and finance\./);
    expect(body.join('\n')).not.toMatch(/Next up|Now, health|Let's turn to/);
  });

  it('comes back to a topic it left as to one already heard, in the podcast and the bulletin', () => {
    const day = [
      toldStory('Senate passes farm bill', 'The Senate passed the farm bill on Tuesday by 71 votes to 28.', []),
      toldStory('Clinic opens in Linden', 'A walk-in clinic for children opened in Linden on Monday.', [], { topic: 'health' }),
      toldStory('Court upholds Ohio map', 'The Ohio Supreme Court upheld the state’s new congressional map on Wednesday.', []),
      toldStory('Fed holds rates', 'The Federal Reserve kept its benchmark interest rate unchanged on Wednesday.', [], { topic: 'finance' }),
    ];
    const bulletin = offlineSummary(day);
    expect(bulletin[3]).toMatch(/^Back to U\.S\. news\. The Ohio Supreme Court/);
    expect(offlineSummary(day.slice(0, 3)).at(-2)).toMatch(/^And finally, back to U\.S\. news\./);
    const podcast = offlineConversation(day, ['Alex', 'Jordan'], 'Morning Ledger');
    expect(podcast).toMatch(/Alex, (back to|more from) U\.S\. news\./);
    expect(offlineConversation(day.slice(0, 3), ['Alex', 'Jordan'], 'Morning Ledger')).toMatch(/Alex, our last story takes us back to U\.S\. news\./);
    // Introduced as new once: the opener.
    expect(podcast.match(/(start with|First up,|latest in|take us to|for|is in|out with) U\.S\. news/g)).toHaveLength(1);
  });

  it('never has a host answer their own question or speak twice in a row, and lists the topics in good English', () => {
    const story = (topic: Topic, lead: string, facts: string[], who: string | null, why: string | null, sites: string[]): Story => ({
      title: lead,
      topic,
      lead,
      facts,
      who,
      why,
      sites,
      siteCount: sites.length,
      description: '',
    });
    const day: Story[] = [
      story('usa', 'Severe storms are set to threaten the central states on Friday.', ['A tornado watch covers eastern Oklahoma.'], null, null, [
        'a.test',
        'b.test',
      ]),
      // Only who: the same host would say who and then who reported it.
      story(
        'international',
        'A missile attack on Kyiv killed two people on Sunday.',
        ['Ukrainian authorities said schools were damaged.'],
        'Ukrainian authorities said schools were damaged.',
        null,
        ['c.test'],
      ),
      story('finance', 'Canada added 88,000 jobs in May.', ['The jobless rate fell to 6.6 per cent.'], null, 'The gains could keep the central bank on hold.', [
        'd.test',
      ]),
      story('international', 'The death toll from the Valencia fire rose to 10.', [], null, null, ['e.test']),
    ];
    const lines = offlineConversation(day, ['Alex', 'Jordan'], 'Morning Ledger').split('\n');
    const speaker = (line: string) => line.split(':')[0];
    for (let i = 1; i < lines.length; i++) expect(speaker(lines[i]!), lines[i]).not.toBe(speaker(lines[i - 1]!));
    // A question ends its line: the other host answers it.
    for (const line of lines) expect(line.replace(/\[pause[^\]]*\]/g, ''), line).not.toMatch(/\?\s+\S/);
    expect(lines[1]).toContain('from U.S. news and international news to business and finance');
    expect(lines.at(-2)).toMatch(/^Jordan: That's all for today/);
  });

  it('names a person in full once per story and by surname after, in the podcast, the interview and the bulletin', () => {
    const brandt: Story = {
      title: 'Governor cuts the state fuel tax',
      topic: 'usa',
      lead: 'Governor Elena Brandt cut the state fuel tax by 10 cents on Monday.',
      facts: ['Governor Elena Brandt said the cut would last until spring.', 'The cut could cost the state $400 million, Governor Elena Brandt said.'],
      who: 'Governor Elena Brandt said the cut would last until spring.',
      why: 'The cut could cost the state $400 million, Governor Elena Brandt said.',
      sites: ['Harbor Ledger', 'Valley Post'],
      siteCount: 2,
      description: '',
    };
    const scripts = {
      podcast: offlineConversation([brandt], ['Alex', 'Jordan'], 'Morning Ledger'),
      interview: offlineInterview('fuel tax', [brandt], 'Alex', 'Dana', 'Morning Ledger'),
      bulletin: offlineSummary([brandt]).join('\n'),
    };
    for (const [name, script] of Object.entries(scripts)) {
      expect(script.match(/Elena Brandt/g), name).toHaveLength(1);
      expect(script, name).toContain('Brandt said the cut would last until spring.');
      expect(script, name).toContain('$400 million, Brandt said.');
    }
  });

  it('names in full, as the sources introduce them, a person a spoken sentence calls by surname alone', () => {
    const mill: Story = {
      title: 'Paper mill to close in June',
      topic: 'usa',
      lead: 'The Riverside paper mill will close in June, its owner said on Tuesday.',
      facts: ['"We kept it running as long as we could," Okonkwo said.'],
      who: 'About 300 workers will lose their jobs, said Okonkwo, the union steward.',
      why: null,
      sites: ['Harbor Ledger', 'Valley Post'],
      siteCount: 2,
      description: '',
      sourceSentences: ['Union steward Ada Okonkwo said about 300 workers will lose their jobs.', 'The mill opened in 1921.'],
    };
    const scripts = {
      podcast: offlineConversation([mill], ['Alex', 'Jordan'], 'Morning Ledger'),
      interview: offlineInterview('the mill', [mill], 'Alex', 'Dana', 'Morning Ledger'),
      bulletin: offlineSummary([mill]).join('\n'),
    };
    for (const [name, script] of Object.entries(scripts)) {
      expect(script, name).toContain('said Ada Okonkwo, the union steward');
      expect(script.match(/Ada Okonkwo/g), name).toHaveLength(1);
    }
  });

  it('gives no reason why a story matters that only says its lead again', () => {
    // The trend's description is made of the sources' own sentences: the storm's restates the lead.
    const harbor = stories[0]!;
    expect(harbor.why).toBeNull();
    for (const story of stories) {
      if (story.why) expect(sameFact(termSet(story.why), termSet(story.lead))).toBe(false);
    }
    // Real text (a Kyiv missile attack): the description was read out as the reason it matters.
    const lead =
      'Russia used the powerful hypersonic Oreshnik ballistic missile during a mass attack on Kyiv on Sunday that killed at least two people, President Volodymyr Zelenskyy said.';
    const fact =
      'The intense aerial assault damaged buildings across the Ukrainian capital, including government offices, residential buildings, schools and a market, Ukrainian authorities said.';
    const kyiv = storyFromSources(
      'Russia hits Kyiv with ballistic missile',
      'international',
      'A Russian missile attack on Kyiv damaged buildings and schools.',
      [sourceArticle({ id: 1, title: 'Russia hits Kyiv', domainName: 'a.test', content: `${lead}\n\n${fact}` })],
    )!;
    expect(kyiv.why).toBeNull();
  });

  it("gives no reason why a story matters from a feature's scene, and never retells a site talking to its reader", () => {
    const article = (id: number, content: string) => sourceArticle({ id, title: 'Town jobs fair draws record crowd', domainName: `jobs${id}.test`, content });
    const story = storyFromSources('Town jobs fair draws record crowd', 'finance', '', [
      article(
        1,
        'Employers at the Linden county jobs fair on Wednesday offered more than 900 openings, the most since the fair began in 2009, the county said.\n\nAt a crowded stall in the school gym, the longest line did not lead to a factory or a warehouse but to the county hospital.',
      ),
      article(
        2,
        'The Linden county jobs fair drew a record 4,000 visitors on Wednesday as employers brought more than 900 openings.\n\nIf you are looking for work, your best chance is the county hospital, which is hiring 140 nurses.\n\nThe hospital said the openings could help it reopen a ward closed since March.',
      ),
    ])!;
    expect(story.why ?? '').not.toMatch(/^At a crowded stall/);
    for (const told of [story.lead, ...story.facts]) expect(told).not.toMatch(/\byou(r)?\b/i);
  });

  it('names a source by the name its site gives itself, else by its domain read as words, and counts a site known by its address without naming it', () => {
    const text =
      'A fire destroyed three warehouses on the Port Linden waterfront on Saturday night, officials said.\n\nFire crews from four towns fought the blaze for more than nine hours before it was out.';
    const article = (id: number, domainName: string, siteName: string | null) =>
      sourceArticle({ id, title: 'Port Linden warehouse fire', domainName, content: text, siteName });
    const story = storyFromSources('Port Linden warehouse fire', 'usa', '', [
      article(1, 'skyline-news.test', 'Skyline News'),
      // The same site's page without a name: still Skyline News.
      article(2, 'www.skyline-news.test', null),
      article(3, 'harbor-times.test', null),
      article(4, '127.0.0.4:8871', null),
    ])!;
    expect(story.sites).toEqual(['Skyline News', 'Harbor Times']);
    expect(story.siteCount).toBe(3);
    expect(reportedBy(story)).toBe('Skyline News, Harbor Times and one other site');
    expect(reportedBy({ sites: [], siteCount: 3 })).toBe('three sites');
    expect(reportedBy({ sites: [], siteCount: 1 })).toBe('one source');
    expect(reportedBy({ sites: ['A', 'B', 'C', 'D'], siteCount: 6 })).toBe('A, B, C and three other sites');
    // Spoken: the bulletin says who reported it, and never an address.
    const bulletin = offlineSummary([story]).join(' ');
    expect(bulletin).toContain('That story was reported by Skyline News, Harbor Times and one other site.');
    expect(bulletin).not.toMatch(/127|8871/);
  });

  it('asks why a story matters only when a source states a consequence, and answers with that sentence', () => {
    const article = (id: number, domainName: string, content: string) =>
      sourceArticle({ id, title: 'Old Mill bridge closed', domainName, content, siteName: null });
    const facts =
      'Inspectors closed the Old Mill bridge on Monday after finding cracks in two of its supports.\n\nThe bridge carries about 9,000 cars a day across the Linden river.';
    const plain = storyFromSources('Old Mill bridge closed', 'usa', 'The bridge carries 9,000 cars a day.', [
      article(1, 'harbor-times.test', facts),
      article(2, 'metro-ledger.test', facts),
    ])!;
    expect(plain.why).toBeNull();
    const quiet = offlineConversation([plain], ['Alex', 'Jordan'], 'Morning Ledger');
    expect(quiet).not.toMatch(/why does this matter|Why should our listeners care|What does it mean for people|Good question/i);

    const consequence = 'Commuters could face detours of up to forty minutes while repairs continue.';
    const withConsequence = `${facts}\n\n${consequence}`;
    const told = storyFromSources('Old Mill bridge closed', 'usa', '', [
      article(1, 'harbor-times.test', withConsequence),
      article(2, 'metro-ledger.test', withConsequence),
    ])!;
    expect(told.why).toBe(consequence);
    const script = offlineConversation([told], ['Alex', 'Jordan'], 'Morning Ledger').split('\n');
    // Said by the host who told the news, with nothing in front of the sources' sentence but a
    // pointer to it, and never asked on a line of its own first.
    const said = script.findIndex((line) => line.includes(consequence));
    expect(said).toBeGreaterThan(0);
    expect(script[said]).toMatch(new RegExp(`^Alex: (Here is why it matters\\.|Why it matters:|What it means:) ${consequence.replace(/[.]/g, '\\.')}`));
    expect(script.join('\n')).not.toMatch(/\?$/m);
    expect(script.join('\n')).not.toContain('Good question');
  });

  it('enhances with source facts the script does not say, never repeating one it does', () => {
    const enhanced = enhanceOffline(script, stories, ['Alex', 'Jordan']);
    const added = enhanced.script.split('\n').filter((line) => !lines.includes(line));
    expect(added.length).toBeGreaterThanOrEqual(4);
    expect(enhanced.sourcesCount).toBeGreaterThan(0);
    for (const line of added) {
      const fact = line.replace(/^.*?(To add some detail|There is more): /, '');
      expect(script).not.toContain(fact);
      expect(stories.some((story) => [story.lead, ...story.facts].includes(fact))).toBe(true);
    }
    const speakers = enhanced.script.split('\n').map((line) => line.split(':')[0]);
    for (let i = 1; i < speakers.length; i++) expect(speakers[i]).not.toBe(speakers[i - 1]);
  });

  it('adds a single fact without one host speaking twice in a row', () => {
    const valencia: Story = {
      title: 'Death toll in Valencia fire rises to 10',
      topic: 'international',
      lead: 'The death toll from the Valencia fire rose to 10 on Saturday.',
      facts: ['Forensic police found the tenth victim inside the building.', 'The blaze engulfed the fourteen-storey block in less than an hour on Thursday.'],
      who: 'Forensic police found the tenth victim inside the building.',
      why: null,
      sites: ['E Test'],
      siteCount: 1,
      description: '',
    };
    const script = [
      'Alex: Our last story is in international news. The death toll from the Valencia fire rose to 10 on Saturday.',
      'Jordan: And we know who is involved. Forensic police found the tenth victim inside the building.',
      'Alex: That comes from E Test.',
    ].join('\n');
    const enhanced = enhanceOffline(script, [valencia], ['Alex', 'Jordan']).script.split('\n');
    expect(enhanced.join('\n')).toContain('The blaze engulfed the fourteen-storey block');
    const speakers = enhanced.map((line) => line.split(':')[0]);
    expect(speakers).toEqual(['Alex', 'Jordan', 'Alex']);
  });

  it('adds a quotation only with the sentence that names its speaker', () => {
    const named = 'Port Linden mayor Elena Ruiz toured the burned warehouse district on Sunday morning.';
    const quote = '"We will rebuild every one of these buildings within a year," she said.';
    const fire: Story = {
      title: 'Port Linden warehouse fire',
      topic: 'usa',
      lead: 'A fire destroyed three warehouses on the Port Linden waterfront on Saturday night.',
      facts: [named, quote, 'Fire crews from four towns fought the blaze for more than nine hours.'],
      who: named,
      why: null,
      sites: ['A Test', 'B Test'],
      siteCount: 2,
      description: '',
    };
    const opening = 'Alex: First, a fire destroyed three warehouses on the Port Linden waterfront on Saturday night.';
    const withRuiz = enhanceOffline(opening, [fire], ['Alex', 'Jordan']).script;
    // Both unsaid: the quotation follows the sentence naming the mayor, in the same line.
    expect(withRuiz).toContain(`${named} ${quote}`);
    // The mayor already named in the script, far from where the fact would go: the quotation stays out.
    const saidEarlier = [
      opening,
      `Jordan: ${named}`,
      'Alex: Fire crews from four towns fought the blaze for more than nine hours on the Port Linden waterfront.',
    ].join('\n');
    const enhanced = enhanceOffline(saidEarlier, [fire], ['Alex', 'Jordan']).script;
    expect(enhanced).not.toContain('she said');
  });
});

describe('offline interview', () => {
  it('names each story its questions ask about: its common subject where its names are places, else a name of its headline, else its topic', () => {
    expect(storyName({ title: 'Storm floods Port Linden harbor, 1,200 evacuated', topic: 'usa' })).toBe('the Port Linden story');
    expect(storyName({ title: 'WHO declares mpox outbreak a global health emergency', topic: 'health' })).toBe('the WHO story');
    // An initialism keeps its points: "the U.S. story", never "the U S story".
    expect(storyName({ title: 'U.S. hiring beats forecasts in March', topic: 'finance' })).toBe('the U.S. story');
    expect(storyName({ title: 'Floods reach Halden, Ostby and Linden overnight', topic: 'usa' })).not.toMatch(/Halden Ostby/);
    expect(storyName({ title: 'Regulators ban Yellow No. 6 dye from school lunches', topic: 'food' })).toBe('the Yellow No. 6 story');
    // A common subject, as the story's sentences write it, names the story when the headline's
    // names only say where.
    const told = (title: string, ...sentences: string[]) => ({ title, sourceSentences: [title, ...sentences] });
    expect(storyName({ ...told('Bird flu found in dairy herds in Kansas, Iowa', 'Inspectors found bird flu in milk from two herds.'), topic: 'health' })).toBe(
      'the bird flu story',
    );
    expect(storyName({ ...told('Tornado kills four in Tennessee', 'The tornado struck after midnight.'), topic: 'usa' })).toBe('the tornado story');
    expect(storyName({ ...told('Central bank raises rates to 4.25 percent', 'The central bank said inflation was slowing.'), topic: 'finance' })).toBe(
      'the central bank story',
    );
    // A place before the subject, and a date, say where and when.
    expect(storyName({ ...told('U.S. job growth tops forecasts in October', 'Economists said job growth was broad.'), topic: 'finance' })).toBe(
      'the job growth story',
    );
    expect(storyName({ ...told('Texas grid operator approves a record battery project', 'The grid operator met on Monday.'), topic: 'energy' })).toBe(
      'the grid operator story',
    );
    expect(storyName({ ...told('Texas measles outbreak grows to 124 cases', 'The measles outbreak began in January.'), topic: 'health' })).toBe(
      'the measles outbreak story',
    );
    // A name in a second clause, after a semicolon, tells another fact of the story.
    expect(
      storyName({
        ...told(
          'Wheat hits a record; Marlow Mills to raise flour prices',
          'Futures of wheat rose for a fifth day.',
          'The International Wheat Council expects a deficit.',
        ),
        topic: 'food',
      }),
    ).toBe('the wheat story');
    expect(storyName({ ...told('Marlow Mills raises flour prices; wheat hits a record', 'Futures of wheat rose for a fifth day.'), topic: 'food' })).toBe(
      'the Marlow Mills story',
    );
    expect(storyName({ ...told('Judge orders Corner Loaf to pay back wages', 'A judge said the bakery owed its staff.'), topic: 'usa' })).toBe(
      'the Corner Loaf story',
    );
    // A name the tagger does not know is written with its capital by the story: no common subject.
    expect(storyName({ ...told('Halden Foods recalls cucumbers in Iowa', 'Halden Foods said the cucumbers were sold in Iowa.'), topic: 'food' })).toBe(
      'the Halden Foods story',
    );
    expect(storyName({ ...told('Brightway says hackers stole data in Ohio', 'Shoppers at Brightway got an email on Monday.'), topic: 'tech' })).not.toMatch(
      /brightway/,
    );
    // A possessive ends a name; a month is no name; an adjective opening the headline is no part of one.
    expect(storyName({ title: 'Olive oil prices fall as Spain’s harvest recovers', topic: 'food' })).toBe('the Spain story');
    expect(storyName({ title: 'Coalition collapses, snap election set for February', topic: 'international' })).toBe('this international news story');
    expect(storyName({ title: 'Former Ohio police officer convicted of murder', topic: 'usa' })).toBe('the Ohio story');
    expect(storyName({ title: 'Federal Reserve holds interest rates steady', topic: 'finance' })).toBe('the Federal Reserve story');
    // A headline's first word alone is a name where the story's sentences write it as one.
    expect(storyName({ ...told('Brightway says hackers stole customer data', 'Shoppers at Brightway got an email.'), topic: 'tech' })).toBe(
      'the Brightway story',
    );
    expect(storyName({ ...told('Parliament votes to delay the pension reform', 'The reform was due in May.'), topic: 'international' })).toBe(
      'this international news story',
    );
    // Without the story's sentences, the old reading: a name, else the topic.
    expect(storyName({ title: 'Central bank raises rates to 4.25 percent', topic: 'finance' })).toBe('this business and finance story');
  });

  it('names a story whose first answer retells its headline, and reads a headline that says more', () => {
    const story = (title: string, lead: string): Story => ({ ...stories[0]!, title, lead, facts: [], who: null, why: null, sourceSentences: [title, lead] });
    const retelling = story(
      'Halden ferry strike ends after nine days',
      'The nine-day strike on the Halden ferries ended on Monday after crews accepted a new pay deal.',
    );
    const other = story('Harbor board picks a builder for the new pier', 'Three firms had bid for the contract, the board said on Tuesday.');
    const questions = offlineInterview('the harbor', [retelling, other], 'Sam', 'Dana', 'Morning Ledger')
      .split('\n')
      .filter((line) => line.startsWith('Sam:') && line.endsWith('?'));
    // The strike's headline and first answer tell one fact: the host names the story instead of reading it.
    expect(questions[0]).toMatch(/^Sam: Let's begin with the [\w ]+ story\. What happened\?$/);
    expect(questions[0]).not.toContain('after nine days');
    // The pier's answer does not retell its headline: the host reads it.
    expect(questions).toContain("Sam: There's another development: Harbor board picks a builder for the new pier. What do we know?");
  });

  it('asks and answers from the story, keeping figures and site names whole when refined', () => {
    const interview = offlineInterview('Central bank interest rates', [stories[2]!], 'Sam', 'Dr. Morgan', 'Morning Ledger');
    expect(interview).toContain("today's topic is central bank interest rates.");
    const refined = refineOffline(interview, 'Sam');
    // The central bank story's lead, whole: "4.25 percent" is no sentence end.
    expect(stories[2]!.lead).toMatch(/4\.25 percent/);
    expect(refined).toContain(stories[2]!.lead);
    expect(refined).toContain('Dr. Morgan: Thanks for having me, Sam.');
    expect(refined).toMatch(/\[pause short\]\nSam: Who is involved in (the [\w .'-]+|this [\w .]+) story, and what are they saying\?/);
    // Every question names the story it asks about.
    for (const line of interview.split('\n').filter((l) => l.startsWith('Sam:') && l.endsWith('?')))
      expect(line).toMatch(/ story\b|: .+\. What (happened|do we know)\?$/);
    // The guest's last line is news; the host signs off once, with no courtesy answered by a courtesy.
    const lines = interview.split('\n');
    expect(lines.at(-1)).toBe("Sam: Dr. Morgan, thank you for walking us through it.[pause] That's our interview for today. Thanks for listening.");
    // (The governor is named in full once; after that by surname.)
    const bySurname = (fact: string) => fact.replace('Governor Elena Brandt', 'Brandt');
    expect(stories[2]!.facts.some((fact) => lines.at(-2)!.includes(bySurname(fact))) || lines.at(-2)!.includes(stories[2]!.lead)).toBe(true);
    expect(interview.match(/Elena Brandt/g)).toHaveLength(1);
    // Real edits: a repeated fact (in other words too) is cut, an answer left empty takes its
    // question with it, answers that then follow each other are joined; no filler lines are added.
    const repetitive = [
      'Sam: What happened at the harbor?',
      'Dr. Morgan: A storm flooded the harbor district of Port Linden on Monday night. About 1,200 residents were evacuated.',
      'Sam: How many people had to leave?',
      'Dr. Morgan: About 1,200 residents of Port Linden were evacuated on Monday night.',
      'Sam: What about the bridge?',
      'Dr. Morgan: Inspectors closed the Old Mill bridge after finding water damage.',
      'Dr. Morgan: Ferry services were halted until the breakwater is inspected.',
    ].join('\n');
    expect(refineOffline(repetitive, 'Sam').split('\n')).toEqual([
      'Sam: What happened at the harbor?',
      'Dr. Morgan: A storm flooded the harbor district of Port Linden on Monday night. About 1,200 residents were evacuated.[pause short]',
      'Sam: What about the bridge?',
      'Dr. Morgan: Inspectors closed the Old Mill bridge after finding water damage. Ferry services were halted until the breakwater is inspected.',
    ]);
  });

  it('finds its stories by the whole topic: every term of a short one, half of a long one', () => {
    const grid = termSet('Heat wave strains the grid as battery storage steps in');
    expect(coversTopic(termSet('Heat pumps'), grid)).toBe(0);
    expect(coversTopic(termSet('Heat pumps'), termSet('Sales of heat pumps doubled this winter'))).toBe(2);
    expect(coversTopic(termSet('Battery storage'), grid)).toBe(2);
    const chips = termSet('A new chip plant opens as manufacturing returns');
    expect(coversTopic(termSet('The future of chip manufacturing'), chips)).toBeGreaterThanOrEqual(2);
    expect(coversTopic(termSet('The future of chip manufacturing'), termSet('The future of farming'))).toBe(0);
    expect(coversTopic(termSet('the of'), grid)).toBe(0);
  });

  it('splits long text for a provider at sentence ends, not inside 4.25 or example.com', () => {
    const text = `${'Rates stay at 4.25 percent, says example.com today. '.repeat(10)}`.trim();
    const pieces = splitForSpeech(text, 120);
    for (const piece of pieces) expect(piece).toMatch(/^Rates stay at 4\.25 percent, says example\.com today\./);
  });
});

describe('lyrics and music', () => {
  it('writes verses and choruses from whole headlines and sentences, never the start of one cut short', async () => {
    const lyrics = await offlineLyrics(stories);
    const lines = parseLyrics(lyrics);
    const sources = stories
      .flatMap((story) => [story.title, story.lead, ...story.facts, story.why ?? ''])
      .map((text) => text.replace(/[.!?"'“”]+$/g, '').toLowerCase());
    for (const line of lines.map((l) => l.text.toLowerCase())) {
      // No line is a source sentence or headline cut short…
      expect(
        sources.filter((source) => source.length > line.length && source.startsWith(line)),
        line,
      ).toEqual([]);
      // …and none ends on a word that needs the next one.
      expect(line, line).not.toMatch(/\b(the|a|an|of|and|to|in|on|at|by|for|with|from|its|their|is|are|was|were|that)$/);
    }
    // Every story is sung: its headline whole when it fits a line.
    for (const story of stories) {
      const headline = story.title.replace(/[.!?"'“”]+$/g, '');
      if (headline.split(/\s+/).length <= 12)
        expect(
          lines.map((line) => line.text),
          story.title,
        ).toContain(headline);
    }
    expect(lines.filter((line) => line.section === 'chorus').length).toBeGreaterThanOrEqual(6);
    // Every story but the chorus's has its verse lines.
    expect(lines.filter((line) => line.section === 'verse').length).toBeGreaterThanOrEqual(stories.length - 1);
  });

  it('writes a line from a long sentence’s news: what was said, in the simple past, ended before its last phrases', async () => {
    await loadPronunciations();
    const lines = {
      reported: 'Port officials said on Monday that cargo volumes had fallen to their lowest level in a decade and were expected to recover slowly next year.',
      perfect: 'The city council has approved a new bus lane along the waterfront between the ferry terminal and the stadium.',
      relative: 'Researchers said the fossils contain proteins that could show how the animals moved.',
      condition: 'Engineers said the new pumps could keep the tunnel dry if the river rises above its banks again.',
      quotation: '"We will rebuild the pier by summer and reopen the market," the mayor said on Friday.',
      notAClaim: 'Forecasters warned of gusts up to 90 kilometers an hour along the coast on Friday night.',
      pronoun: 'The minister said they would return to the table on Monday with a new offer for the unions.',
    };
    const written = Object.fromEntries(Object.entries(lines).map(([name, sentence]) => [name, writtenLine(sentence, 10)]));
    expect(written).toEqual({
      reported: 'Cargo volumes fell to their lowest level in a decade',
      perfect: 'The city council approved a new bus lane',
      relative: 'The fossils contain proteins',
      // A condition is sung with its claim or not at all; a quotation whole or not at all.
      condition: null,
      quotation: null,
      notAClaim: null,
      pronoun: null,
    });
  });

  it('closes the chorus with a line of ours that rhymes with the day’s range of topics, where one does', async () => {
    const chorusOf = async (day: Story[]) =>
      parseLyrics(await offlineLyrics(day))
        .filter((line) => line.section === 'chorus')
        .map((line) => line.text)
        .slice(-2);
    // The fixture day: U.S. news, health, business and finance, technology.
    const [range, closer] = await chorusOf(stories);
    expect([range, closer]).toEqual(['From U.S. news to business and finance', 'The headlines at a glance']);
    expect(rhymeOf(range!, closer!)).toBe('rhyme');
    // No topic of the day has a rhyming close: the first topic to the last, and a plain close.
    const tech = stories.map((story, i) => ({ ...story, topic: (i % 2 ? 'energy' : 'tech') as Topic }));
    expect(await chorusOf(tech)).toEqual(['From technology to energy', 'This is the news today']);
  });

  it('sings a fact of every verse’s story on a day whose facts are long sentences', async () => {
    const lines = parseLyrics(await offlineLyrics(stories));
    const verse = lines.filter((line) => line.section === 'verse').map((line) => line.text);
    const headlines = new Set(stories.map((story) => story.title.replace(/[.!?]+$/, '')));
    // Each story of a verse has its headline and a line of its news.
    expect(verse.filter((line) => !headlines.has(line)).length).toBeGreaterThanOrEqual(stories.length - 1);
    expect(verse).toContain('Inflation fell to 2.6 percent');
  });

  it('sings a long headline by a later clause of it, or not at all, rather than its first words', async () => {
    const long = {
      ...stories[0]!,
      title: 'The U.S. Department of Agriculture said on Tuesday that bird flu had been found in dairy herds, two states ban the sale of raw milk',
      lead: 'A capsule carrying samples from the asteroid Bennu landed in the Utah desert on Sunday after a seven-year mission, scientists said.',
      facts: [],
      why: null,
    };
    const lines = parseLyrics(await offlineLyrics([long])).map((line) => line.text);
    expect(lines.some((line) => line.startsWith('The U.S. Department of Agriculture'))).toBe(false);
    expect(lines.some((line) => line.startsWith('A capsule carrying samples'))).toBe(false);
    expect(lines).toContain('Two states ban the sale of raw milk');
    // The lead has no later clause worth a line ("scientists said"): the story keeps its headline's.
    expect(lines.filter((line) => /Bennu|capsule/i.test(line))).toEqual([]);
  });

  it("does not sing a headline's start cut short after a site's label", async () => {
    const story: Story = {
      ...stories[0]!,
      title: 'Valley Courier :: Tornadoes tear through Oklahoma and Kansas, killing five',
      lead: 'At least five people were killed when tornadoes tore through towns in Oklahoma and Kansas overnight, state officials said.',
      facts: ['More than 40,000 homes lost power overnight.', 'The governor declared an emergency in six counties.'],
      who: null,
      why: null,
      sourceSentences: ['Valley Courier :: Tornadoes tear through Oklahoma and Kansas, killing five'],
    };
    const sung = parseLyrics(await offlineLyrics([story]));
    const lines = sung.map((line) => line.text);
    expect(lines).not.toContain('Tornadoes tear through Oklahoma and Kansas');
    // A story alone: the chorus sings its headline without the site's label, and a fact.
    const chorus = sung.filter((line) => line.section === 'chorus').map((line) => line.text);
    expect(chorus.slice(0, 2)).toEqual(['Tornadoes tear through Oklahoma and Kansas, killing five', 'More than 40,000 homes lost power overnight']);
    expect(lines.some((line) => line.includes('Valley Courier'))).toBe(false);
  });

  it('does not sing a clause that another source begins a sentence with', async () => {
    const story: Story = {
      ...stories[0]!,
      title: 'Judges order a new county map, the old map splits Lake County three ways',
      lead: 'Three judges ordered a new county map on Monday.',
      facts: ['The county has until March to draw it.'],
      who: null,
      why: null,
    };
    const sung = async (s: Story) => parseLyrics(await offlineLyrics([s])).map((line) => line.text);
    // Alone, the headline's later clause is a line of its own…
    expect(await sung(story)).toContain('The old map splits Lake County three ways');
    // …but not when a source begins a longer sentence with it.
    const told = { ...story, sourceSentences: ['The old map splits Lake County three ways and leaves the lake towns without a seat, the judges wrote.'] };
    expect(await sung(told)).not.toContain('The old map splits Lake County three ways');
    expect(await sung(told)).toContain('Three judges ordered a new county map on Monday');
  });

  it('closes every quotation it sings, sings no one’s quoted words, and no phrase that only modifies a clause', async () => {
    const story: Story = {
      ...stories[0]!,
      title: 'Residents face “a two-year wait” for new addresses',
      lead: 'Residents said the renaming means a two-year wait for new addresses.',
      facts: [
        'Patrice’s reaction: “Two years? They’ll have my address forever.”',
        'The county has kept the old street names, for more than two decades, despite three votes to change them.',
      ],
      who: null,
      why: null,
      sourceSentences: [],
    };
    const lines = parseLyrics(await offlineLyrics([story])).map((line) => line.text);
    expect(lines).toContain('Residents face “a two-year wait” for new addresses');
    // Someone's quoted words are theirs, not a fact to sing, whatever comes before them.
    expect(lines.join(' ')).not.toMatch(/address forever/);
    for (const line of lines) {
      expect((line.match(/“/g) ?? []).length, line).toBe((line.match(/”/g) ?? []).length);
      expect(line, line).not.toMatch(/^For more than/);
    }
    expect(balanceQuotes('Her reply: “Two years? Never')).toBe('Her reply: “Two years? Never”');
    expect(balanceQuotes('We will rebuild,” the mayor said')).toBe('“We will rebuild,” the mayor said');
    expect(balanceQuotes('He called it "a scandal')).toBe('He called it a scandal');
    expect(balanceQuotes('“Ready,” she said')).toBe('“Ready,” she said');
  });

  it('sings a fact only as a clause that states something, never a noun phrase cut from it', async () => {
    const story: Story = {
      ...stories[0]!,
      title: 'Bird flu reaches dairy herds in two more states',
      lead: 'Federal officials confirmed bird flu in dairy cattle in Idaho and Colorado, two states that had not previously reported infected herds.',
      facts: [
        'The agency will test milk from every herd in both states, according to Marta Velasquez, an agricultural economist at Iowa State University.',
        'Prices at the farm gate fell for a third week, and dairy farmers say the testing will take months.',
      ],
      who: null,
      why: null,
      sourceSentences: [],
    };
    const lines = parseLyrics(await offlineLyrics([story])).map((line) => line.text);
    expect(lines).not.toContain('Two states that had not previously reported infected herds');
    expect(lines).not.toContain('An agricultural economist at Iowa State University');
    expect(lines).toContain('Dairy farmers say the testing will take months');
  });

  it('opens on a verse when the first stories have no line to sing', async () => {
    const mute: Story = {
      ...stories[1]!,
      title: 'Lawmakers in the northern counties of the state weigh the costs of a longer school year for families',
      lead: 'Officials from the northern counties of the state met on Tuesday to weigh the costs of a longer school year for families.',
      facts: [],
      who: null,
      why: null,
      sourceSentences: [],
    };
    const lyrics = await offlineLyrics([stories[0]!, mute, { ...mute, title: `${mute.title} and teachers` }, stories[2]!]);
    expect(lyrics).toMatch(/^\[Verse 1\]\n/);
    expect(lyrics).not.toMatch(/\[Verse \d\]\n\n/);
  });

  it('counts syllables in the pronouncing dictionary, and by spelling for words it lacks', async () => {
    await loadPronunciations();
    // Spelling alone gets these wrong: "agriculture" has a silent-looking e, "poem" two vowels in one group.
    expect(lineSyllables('The Department of Agriculture')).toBe(1 + 3 + 1 + 4);
    expect(lineSyllables('a poem, a recipe, a business')).toBe(1 + 2 + 1 + 3 + 1 + 2);
    expect(lineSyllables('Zorblatt')).toBe(2);
    // Crawled words that are names of an object's own machinery are words like any other.
    expect(wordSyllables('__proto__')).toBe(2);
    expect(rhymeKey('__proto__')).toBe('~o');
    expect(rhymeKey('today')).toBe('EY');
    expect(rhymeKey('understand')).toBe('AE N D');
    expect(linesRhyme('Prices rise across the state', 'The council votes to wait')).toBe(true);
    expect(linesRhyme('Rates go up again', 'Rents go up again')).toBe(false);
    expect(linesRhyme('The mayor resigns', 'The vote is Tuesday')).toBe(false);
    // A slant rhyme: the same stressed vowel, other sounds after it.
    expect(rhymeOf('Crews worked through the night', 'Ferries run on time')).toBe('near');
    expect(rhymeOf('Bakers protest the price of flour', 'Merchants blame the cost of power')).toBe('rhyme');
    expect(rhymeOf('The mayor resigns', 'The vote is Tuesday')).toBeNull();
  });

  it("sings a story's couplet in lines that scan and rhyme where its facts allow, the chorus from the main story", async () => {
    const story = (title: string, lead: string, facts: string[], topic: Topic = 'finance'): Story => ({
      ...stories[0]!,
      title,
      topic,
      lead,
      facts,
      who: null,
      why: null,
      sourceSentences: [],
    });
    const main = story('Port Linden opens its new ferry terminal', 'The ferry terminal opened to passengers on Monday.', [
      'Its first crossing carried two hundred travellers across the bay.',
      'Boats will run every hour until late at night.',
      'The mayor called the terminal a gateway for the whole region today.',
    ]);
    const other = story(
      'Bakers protest the rising price of flour',
      'Bakers closed their shops for an hour on Tuesday.',
      ['The price of flour has doubled since the spring.', 'Grain merchants blame a poor harvest and the cost of power.'],
      'food',
    );
    const sung = parseLyrics(await offlineLyrics([main, other]));
    const chorus = sung.filter((line) => line.section === 'chorus').map((line) => line.text);
    const verse = sung.filter((line) => line.section === 'verse').map((line) => line.text);
    // The chorus sings the main story, its headline then a fact it does not tell (not the lead,
    // which says the terminal opened again); the verse the other, its headline then the fact that rhymes with it.
    expect(chorus.slice(0, 2)).toEqual(['Port Linden opens its new ferry terminal', 'Its first crossing carried two hundred travellers across the bay']);
    expect(verse).toEqual(['Bakers protest the rising price of flour', 'Grain merchants blame a poor harvest and the cost of power']);
    expect(linesRhyme(verse[0]!, verse[1]!)).toBe(true);
    for (const line of [...verse, ...chorus.slice(0, 2)]) {
      expect(lineSyllables(line), line).toBeGreaterThanOrEqual(5);
      expect(lineSyllables(line), line).toBeLessThanOrEqual(16);
    }
  });

  it('reads the sections of lyrics written by a model', () => {
    expect(parseLyrics('**Verse 1:**\nOne\n(Chorus)\nTwo\n[Bridge]\nThree')).toEqual([
      { section: 'verse', text: 'One' },
      { section: 'chorus', text: 'Two' },
      { section: 'verse', text: 'Three' },
    ]);
  });

  it('reads the music configuration as JSON, or plain text as the style', () => {
    expect(parseMusicConfig('Dreamy synthwave')).toEqual({ style: 'Dreamy synthwave', tempo: 100, key: 'C' });
    expect(parseMusicConfig('{"tempo": 120, "key": "F#"}')).toEqual({ style: '', tempo: 120, key: 'F#' });
    expect(() => parseMusicConfig('{"tempo": ')).toThrow(/not valid JSON/);
    expect(() => parseMusicConfig({ key: 'H' })).toThrow(/Invalid music configuration: key/);
    expect(fillTemplate({ a: ['{style} / {lyrics}', 3], b: '{other}' }, { lyrics: 'L "q"', style: 'S' })).toEqual({ a: ['S / L "q"', 3], b: '{other}' });
    expect(valueAt({ data: [{ url: 'x' }] }, 'data.0.url')).toBe('x');
  });

  it('gives each line enough bars and a melody note per syllable', async () => {
    await loadPronunciations();
    expect(lineSyllables('The central bank holds rates steady')).toBe(8);
    const backing = await renderBacking(
      [
        { text: 'Intro', section: 'intro', seconds: 3 },
        { text: 'This is the news today', section: 'chorus', seconds: 1.5 },
      ],
      { tempo: 120, key: 'D' },
      8000,
    );
    expect(backing.barSeconds).toBe(2);
    expect(backing.plan.map((entry) => [entry.start, entry.bars])).toEqual([
      [4, 2],
      [8, 1],
    ]);
    expect(backing.pcm.samples.length).toBe(8000 * (2 + 3 + 2) * 2 + 8000);
  });

  it('renders bar by bar, letting other work run between bars, and stops when its job is stopped', async () => {
    const lines = Array.from({ length: 12 }, (_, i) => ({
      text: 'The council approved the fare freeze',
      section: i % 4 < 2 ? ('verse' as const) : ('chorus' as const),
      seconds: 2,
    }));
    // Another task of the daemon, waiting its turn: it runs again and again while the song renders.
    let turns = 0;
    let running = true;
    const other = () => {
      turns++;
      if (running) setImmediate(other);
    };
    setImmediate(other);
    const backing = await renderBacking(lines, { tempo: 120, key: 'C' }, 8000);
    running = false;
    const bars = backing.pcm.samples.length / 8000 / backing.barSeconds;
    expect(turns).toBeGreaterThanOrEqual(Math.floor(bars));

    const controller = new AbortController();
    const rendering = renderBacking(lines, { tempo: 120, key: 'C' }, 8000, controller.signal);
    controller.abort(new Error('stopped'));
    await expect(rendering).rejects.toThrow('stopped');
  });
});

describe('files and schedule', () => {
  it('names files by kind and local date, and downloads without the random part', () => {
    const name = newAudioFileName('latest-news', new Date('2026-11-24T04:30:00Z'), 'America/Chicago');
    expect(name).toMatch(/^latest-news-2026-11-23-[0-9a-f]{6}\.mp3$/);
    expect(downloadName(name)).toBe('latest-news-2026-11-23.mp3');
    expect(downloadName('/x/latest-news-2026-11-23.mp3')).toBe('latest-news-2026-11-23.mp3');
    expect(downloadName('music-2026-01-02-abcdef.mp3')).toBe('music-2026-01-02.mp3');
  });

  it('finds the next daily slot in the product time zone, across a daylight-saving change', () => {
    // 06:45 in Chicago: CDT (UTC−5) before 1 November 2026, CST (UTC−6) after.
    expect(nextSlot([dailyCron('06:45')], 'America/Chicago', new Date('2026-10-31T10:00:00Z'))!.toISOString()).toBe('2026-10-31T11:45:00.000Z');
    expect(nextSlot([dailyCron('06:45')], 'America/Chicago', new Date('2026-10-31T12:00:00Z'))!.toISOString()).toBe('2026-11-01T12:45:00.000Z');
  });
});

describe('a podcast line that continues a source’s sentence', () => {
  it('lowers its first word when the sources write that word in lower case, never a name', () => {
    const facts = [
      'Hackers took the names and addresses of 38 million customers.',
      'Management apologised to customers in a letter on Monday.',
      'Brightway will pay for two years of credit monitoring.',
    ];
    const breach = toldStory('Brightway says hackers stole customer data', 'Brightway said hackers stole data on 38 million customers.', facts, {
      topic: 'tech',
      sourceSentences: ['The retailer said its management learned of the attack on Friday.', ...facts],
    });
    expect(offlineConversation([breach], ['Alex', 'Jordan'], 'Morning Ledger')).toMatch(
      /(Also worth knowing|One more detail|And another point): management apologised/,
    );
    const named = { ...breach, facts: [facts[0]!, facts[2]!] };
    expect(offlineConversation([named], ['Alex', 'Jordan'], 'Morning Ledger')).toMatch(/: Brightway will pay/);
    // A common word the sources write nowhere inside a sentence is lowered too; a place is not.
    const unseen = { ...breach, facts: [facts[0]!, 'Shoppers were told to change their passwords.'], sourceSentences: [] };
    expect(offlineConversation([unseen], ['Alex', 'Jordan'], 'Morning Ledger')).toMatch(/: shoppers were told/);
    // The plural of a common word is one ("Bakers", whose singular the writer knows).
    const plural = { ...breach, facts: [facts[0]!, 'Bakers say they are using fewer eggs in cakes.'], sourceSentences: [] };
    expect(offlineConversation([plural], ['Alex', 'Jordan'], 'Morning Ledger')).toMatch(/: bakers say/);
    const place = { ...breach, facts: [facts[0]!, 'Kenya was not affected by the breach.'], sourceSentences: [] };
    expect(offlineConversation([place], ['Alex', 'Jordan'], 'Morning Ledger')).toMatch(/: Kenya was not affected/);
    // A name made of common words keeps its first word's capital; a word before a person's name or
    // a place is lowered.
    const sweet = ['Shoppers still want something sweet after dinner.', 'Stores in northern Ohio saw fewer shoppers.'];
    const firm = { ...breach, facts: [facts[0]!, 'Sweet Ridge Confections raised the price of its truffles.'], sourceSentences: sweet };
    expect(offlineConversation([firm], ['Alex', 'Jordan'], 'Morning Ledger')).toMatch(/: Sweet Ridge Confections raised/);
    const region = { ...breach, facts: [facts[0]!, 'Northern Ohio stores saw fewer shoppers on Friday.'], sourceSentences: sweet };
    expect(offlineConversation([region], ['Alex', 'Jordan'], 'Morning Ledger')).toMatch(/: northern Ohio stores/);
  });
});

describe('a story told aloud', () => {
  it('takes no fact that points at a thing its headline and lead do not name', () => {
    const texts = [
      [
        'The Ostby harbor board raised ferry fares by a fifth on Monday, the first rise in six years.',
        'The board also cut two night crossings from its winter timetable.',
        'Commuters said those crossings were the only way home after late shifts at the fish plant.',
        'The new fares take effect on the first of March.',
      ],
      [
        'Ferry fares in Ostby will rise by a fifth from March, the harbor board decided on Monday.',
        'The board blamed fuel costs, which doubled in two years.',
        'Two night crossings will be dropped from the winter timetable.',
      ],
    ];
    const articles = texts.map((paragraphs, id) =>
      sourceArticle({ id, title: 'Ostby harbor board raises ferry fares by a fifth', domainName: `ferry${id}.test`, content: paragraphs.join('\n\n') }),
    );
    const story = storyFromSources(articles[0]!.title, 'usa', '', articles)!;
    // The article may print it after the sentence that names the crossings; spoken next to the lead, it may not.
    expect(story.facts).toContain('The board also cut two night crossings from its winter timetable.');
    expect(story.facts.join(' ')).not.toMatch(/those crossings/);
  });
});
