import { describe, expect, it } from 'vitest';
import { InsufficientSourceText, writeOfflineArticle, withScheme } from '../../../../src/services/newsroom/generator/offline-writer.js';
import { termOverlap, termSet } from '../../../../src/services/newsroom/generator/sentences.js';
import { splitSentences } from '../../../../src/shared/text/sentences.js';
import { HARBOR_STORM_TREND, harborStorm } from '../../../fixtures/stories/index.js';
import { tellingParagraphs, WEB_STORIES, type WebStory } from '../../../fixtures/stories/local-web.js';

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The source sentence behind a printed one: its attribution removed ("…, host reported." / "(host)"). */
/** A local-web story as the writer receives it: one source per site that covers it, in its own words. */
function webStorySources(story: WebStory) {
  return story.titles.map((title, i) => ({
    url: `https://site${story.sites[i]}.test/${story.key}-${i}`,
    title,
    domain: `site${story.sites[i]}.test`,
    text: tellingParagraphs(story, i).join('\n\n'),
  }));
}

function withoutAttribution(text: string): string {
  return text.replace(/, [a-z0-9.-]+ reported\.$/, '.').replace(/ \([a-z0-9.-]+\)(?=[.!]?$)/, '');
}

/** Words other than stop words, as the redundancy figure of the bench counts them. */
function contentWords(text: string): Set<string> {
  const stop = new Set('a an the of to in on at for and or but by with from as is are was were be been has have had it its this that said says'.split(' '));
  return new Set((text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => !stop.has(w)));
}

function overlap(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / Math.min(a.size, b.size);
}

describe('the offline writer', () => {
  const sources = harborStorm(10);
  const article = writeOfflineArticle({ ...HARBOR_STORM_TREND, sources, targetWords: 600 });
  const body = article.content.split('\n\n**Sources**')[0]!;

  it('builds every body sentence from a sentence of a source (lightly trimmed at most)', () => {
    // Each paragraph, attributions removed, must read as a run of whole source sentences; a
    // dropped leading connective ("But the…" → "The…") is the only change allowed.
    const known = sources
      .flatMap((source) => splitSentences(source.text))
      .flatMap((sentence) => {
        const trimmed = sentence.replace(
          /^(but|and|however|meanwhile|still|also|yet|so|in addition|additionally|moreover|furthermore|instead|now)\s*,?\s+/i,
          '',
        );
        return trimmed === sentence ? [sentence] : [sentence, trimmed[0]!.toUpperCase() + trimmed.slice(1)];
      });
    let sentences = 0;
    for (const paragraph of body.split('\n\n')) {
      // Attributions name the sites as people say them ("Harbor Times"): taken out, with "according to one source".
      let rest = paragraph
        .replace(/, (?:one source|[A-Z][\w’'-]*(?: [A-Z][\w’'-]*)*) reported\./g, '.')
        .replace(/ \([A-Z][\w’'-]*(?: [A-Z][\w’'-]*)*\)(?=[.!]|$)/g, '')
        .replace(/, according to one source(?=[.!])/g, '');
      while (rest) {
        const match = known.filter((sentence) => rest.startsWith(sentence)).sort((a, b) => b.length - a.length)[0];
        expect(match, `not a source sentence: ${rest.slice(0, 120)}`).toBeDefined();
        rest = rest.slice(match!.length).trimStart();
        sentences++;
      }
    }
    expect(sentences).toBeGreaterThan(8);
    for (const { text, sourceText: original, sourceIndex } of article.body) {
      expect(normalise(sources[sourceIndex]!.text).toLowerCase()).toContain(original.slice(1).toLowerCase());
      expect(body).toContain(text);
    }
  });

  it('leads with what happened and lists every source of the story, those it quotes first, with a scheme', () => {
    expect(body.split('\n\n')[0]).toMatch(/storm flooded|evacuat/i);
    const usedIndexes = new Set(article.body.map((sentence) => sentence.sourceIndex));
    expect(article.sources).toHaveLength(sources.length);
    expect(
      article.sources
        .slice(0, usedIndexes.size)
        .map((s) => s.url)
        .sort(),
    ).toEqual([...usedIndexes].map((i) => withScheme(sources[i]!.url)).sort());
    const sourcesSection = article.content.split('**Sources**')[1]!;
    expect(sourcesSection).toContain(`compiled from ${sources.length} sources`);
    for (const index of usedIndexes) {
      expect(sourcesSection).toContain(withScheme(sources[index]!.url));
      expect(article.sources.map((s) => s.url)).toContain(withScheme(sources[index]!.url));
    }
    expect(article.sources.every((source) => /^https?:\/\//.test(source.url))).toBe(true);
    // Every newsroom of this story says something of its own, so each one is used.
    expect(usedIndexes.size).toBe(10);
  });

  it('says each fact once: no two body sentences share more than 60% of their words', () => {
    const sentences = splitSentences(body).map((s) => contentWords(withoutAttribution(s)));
    for (let i = 0; i < sentences.length; i++) {
      for (let j = i + 1; j < sentences.length; j++) expect(overlap(sentences[i]!, sentences[j]!)).toBeLessThanOrEqual(0.6);
    }
    // The figure repeated by several sources in other words appears once.
    expect(body.match(/\b37\b/g)).toHaveLength(1);
    expect(body.match(/18,000/g)).toHaveLength(1);
  });

  it('tells each fact of a story once when its sources retell it in their own words, and leaves none out', () => {
    // The local web's stories: each fact in two wordings, as two newsrooms would write it
    // ("Bird flu has forced farms to cull more than 30 million laying hens" / "Avian influenza
    // outbreaks have wiped out tens of millions of egg-laying hens").
    let retold = 0;
    let facts = 0;
    for (const story of WEB_STORIES) {
      const sources = webStorySources(story);
      const written = writeOfflineArticle({ title: story.titles[0]!, description: '', sources, targetWords: 600 });
      const told = new Map<number, string[]>();
      for (const sentence of written.body) {
        const fact = story.facts.findIndex((wordings) => wordings.includes(sentence.sourceText));
        if (fact >= 0) told.set(fact, [...(told.get(fact) ?? []), sentence.sourceText]);
      }
      expect([...told.keys()].sort(), story.key).toEqual(story.facts.map((_, i) => i));
      facts += told.size;
      for (const [, [first, second]] of told) {
        if (second === undefined) continue;
        retold++;
        // Only a retelling in mostly other words is left in.
        expect(termOverlap(termSet(first!), termSet(second)), `${story.key}: "${first}" / "${second}"`).toBeLessThanOrEqual(1 / 3);
      }
    }
    // Counting only near-copies (over half their terms shared) as repeats, 24 of these 38 facts were
    // told twice; by shared terms alone, 10; with their meanings compared (fact-meaning.ts), 3.
    expect(facts).toBe(38);
    expect(retold).toBeLessThanOrEqual(3);
  });

  it('leads with what the headline says happened, whatever the trend’s description dwells on', () => {
    // The analyzer describes a trend with a few of its sources' sentences, often not the news itself
    // (for the quake: the injuries, the tsunami warning, the bullet trains); the lead still tells it.
    for (const story of WEB_STORIES) {
      const sources = webStorySources(story);
      const description = story.facts
        .slice(1, 3)
        .map((wordings) => wordings[0]!)
        .join(' ');
      const written = writeOfflineArticle({ title: story.titles[0]!, description, sources, targetWords: 600 });
      // The news is each story's first fact; the egg story's headline names two ("Egg prices hit a
      // record as bird flu empties farms").
      const news = story.key === 'eggs' ? [...story.facts[0]!, ...story.facts[1]!] : story.facts[0]!;
      expect(news, story.key).toContain(written.body[0]!.sourceText);
    }
  });

  it('leads with what every outlet’s headline names, whichever headline the trend took as its title', () => {
    // Written for this test: four outlets, each opening on another fact (a scene, the cost, the
    // objection), the news in their second paragraph; the trend's title is the one headline about
    // something else.
    const approved = [
      'The state transport board approved a 12-mile tram line linking the airport to downtown on Thursday.',
      'Board members voted 7 to 2 on Thursday to approve the tram line between the airport and downtown.',
    ];
    const commute = [
      'Travellers waiting at the airport bus stop said the trip downtown often takes more than an hour in traffic.',
      'Stuck in traffic on the airport road, commuters describe a daily crawl of more than an hour each way.',
    ];
    const cost = 'Construction is expected to cost $1.4 billion and take four years, according to the board’s documents.';
    const objection = 'Two members argued that the money would be better spent repairing the city’s existing bus routes.';
    const sources = [
      { title: 'Stuck in traffic: what the airport commute looks like today', text: [commute[0], approved[0], cost] },
      { title: 'Transport board approves airport tram line', text: [objection, approved[1], commute[1]] },
      { title: 'Airport tram line wins board approval after a long fight', text: [cost, approved[0], objection] },
      { title: 'Board backs $1.4 billion tram line to the airport', text: [commute[1], approved[1], cost] },
    ].map((source, i) => ({ url: `https://outlet${i}.test/tram`, title: source.title, domain: `outlet${i}.test`, text: source.text.join('\n\n') }));
    const written = writeOfflineArticle({ title: sources[0]!.title, description: '', sources, targetWords: 300 });
    expect(approved).toContain(written.body[0]!.sourceText);
  });

  it("counts the headline a wire copy ran under as another outlet's word on the news", () => {
    // Both outlets open on a consequence and headline it; the outlet that republished the second
    // one word for word headlined the closure itself.
    const detours = {
      url: 'https://riverton-daily.test/detours',
      domain: 'riverton-daily.test',
      title: 'Riverton commuters brace for long detours',
      text: 'Commuters in Riverton face detours of up to 40 minutes this week, county officials said.\n\nThe state transportation department closed the Harmon Street Bridge on Monday after inspectors found cracks in two steel beams.\n\nRepairs are expected to take four months.',
    };
    const ferries = {
      url: 'https://valley-courier.test/ferries',
      domain: 'valley-courier.test',
      title: 'County adds ferry runs for Riverton commuters',
      text: 'The county added three ferry runs an hour on Monday to carry commuters across the river.\n\nInspectors found cracks in two steel beams of the Harmon Street Bridge, and the state shut the crossing the same day.\n\nOfficials said repairs would take about four months.',
      copyHeadlines: ['State shuts Harmon Street Bridge after inspectors find cracked beams'],
    };
    const written = writeOfflineArticle({ title: detours.title, description: '', sources: [detours, ferries], targetWords: 300 });
    expect(written.body[0]!.sourceText).toMatch(/closed the Harmon Street Bridge|shut the crossing/);
  });

  it('attributes quotations to the site that carried them and drops page furniture', () => {
    const quote = splitSentences(body).find((s) => s.includes('"'));
    expect(quote).toMatch(/ reported\.$|\([a-z0-9.-]+\)$/);
    expect(body).not.toMatch(/newsletter|All rights reserved|Follow us|Read more|Advertisement/);
  });

  // Real text (a theatre protest): British style puts the full stop after the closing quote.
  const protestInput = (domain: string) => ({
    title: 'Two arrested after protest at West End play',
    description: 'Protesters stopped the show at a West End performance of The Tempest.',
    targetWords: 200,
    sources: [
      {
        url: `https://${domain}/1`,
        title: 'Protest',
        domain,
        text: 'Two people have been arrested after protesters disrupted a West End performance of The Tempest on Monday night.\n\nA voice is then heard saying: “We’ll have to stop the show ladies and gentlemen, sorry”.\n\nThe actors returned to the stage after a pause of about twenty minutes.',
      },
    ],
  });

  const protestArticle = (domain: string) => writeOfflineArticle(protestInput(domain));

  it("sets a quotation's short attribution inside a full stop that follows the closing quote", () => {
    const article = protestArticle('west-end-stage.test');
    expect(article.content).toContain('sorry” (West End Stage).');
    expect(article.content).not.toContain('sorry”. (West End Stage)');
  });

  it('names a site as people say it, never by an address: its declared name, else its domain read as words', () => {
    expect(protestArticle('www.metroledger.example').content).toContain('sorry” (Metro Ledger).');
    const declared = writeOfflineArticle({
      ...protestInput('harbor-times.test'),
      sources: [{ ...protestInput('harbor-times.test').sources[0]!, siteName: 'The Harbor Times' }],
    });
    expect(declared.content).toContain('sorry” (The Harbor Times).');
    expect(declared.content).toContain('- Protest (The Harbor Times): https://harbor-times.test/1');
    for (const address of ['127.0.0.4:8871', '[::1]:8080', 'localhost:3000']) {
      const article = protestArticle(address);
      const prose = article.content.split('**Sources**')[0]!;
      expect(prose).not.toMatch(/127\.0\.0|::1|localhost|8871|8080|3000/);
      expect(prose).toContain('sorry”.');
      expect(article.content).toContain(`- Protest: ${withScheme(`${address}/1`)}`);
    }
  });

  it('credits a source once for its sentences in a row, not after each of them', () => {
    const sources = [
      {
        url: 'https://summit.test/1',
        title: 'Ferry service resumes across Lake Arden after repairs',
        domain: 'summit.test',
        siteName: 'Summit Chronicle',
        text: [
          'The ferry service across Lake Arden resumed on Monday after three weeks of repairs to the landing.',
          'Engineers replaced forty steel piles that winter ice had bent out of line. The work cost the county about 2.1 million dollars. Crews worked through two nights to finish before the holiday weekend.',
        ].join('\n\n'),
      },
      {
        url: 'https://valley.test/2',
        title: 'Lake Arden ferry back in service',
        domain: 'valley.test',
        siteName: 'Valley Post',
        text: 'Ferries began crossing Lake Arden again on Monday after repairs to the landing were finished.\n\nCommuters had driven an extra forty minutes around the lake while the service was suspended.',
      },
      {
        url: 'https://ridge.test/3',
        title: 'Ferry crossings restart on Lake Arden',
        domain: 'ridge.test',
        siteName: 'Ridge Daily',
        text: 'The Lake Arden ferry restarted on Monday once the landing repairs were done.\n\nTickets will cost the same as before the closure, the operator said.',
      },
    ];
    const article = writeOfflineArticle({ title: 'Ferry service resumes across Lake Arden', description: '', sources, targetWords: 400 });
    const paragraph = article.content.split('\n\n').find((text) => text.includes('steel piles'))!;
    expect(paragraph).toContain('The work cost the county about 2.1 million dollars.');
    expect(paragraph.match(/\(Summit Chronicle\)/g)).toHaveLength(1);
    // The other sources' claims keep their own credit.
    expect(article.content).toContain('while the service was suspended (Valley Post).');
    expect(article.content).toContain('the operator said (Ridge Daily).');
  });

  it('prints a sentence pointing back at a thing ("that deadline") only when the article has said it', () => {
    const sources = [
      {
        url: 'https://summit.test/1',
        title: 'County orders Lake Arden ferry landing repaired',
        domain: 'summit.test',
        text: [
          'The county ordered the Lake Arden ferry landing repaired before the holiday weekend on Monday.',
          // Too short to stand in an article: the deadline is never said in one.
          'It set a deadline. Two contractors said they would miss that deadline, citing a shortage of steel piles for the ferry work.',
        ].join('\n\n'),
      },
      {
        url: 'https://valley.test/2',
        title: 'Lake Arden ferry landing to be repaired',
        domain: 'valley.test',
        text: 'The county will repair the Lake Arden ferry landing, officials said on Monday.\n\nCommuters drive an extra forty minutes around the lake while the ferry is suspended.',
      },
    ];
    const pointing = 'Two contractors said they would miss that deadline';
    const unsaid = writeOfflineArticle({ title: 'County orders Lake Arden ferry landing repaired', description: '', sources, targetWords: 800 });
    expect(unsaid.content).toContain('Commuters drive an extra forty minutes');
    expect(unsaid.content).not.toContain(pointing);
    // Said in the headline, the deadline needs no sentence of its own.
    const said = writeOfflineArticle({ title: 'Lake Arden ferry landing repairs face a holiday deadline', description: '', sources, targetWords: 800 });
    expect(said.content).toContain(pointing);
  });

  it('prints "will not need one" only after the sentence naming what "one" is, and a number spelled out as the same figure', () => {
    const sources = [
      {
        url: 'https://harbourwire.test/1',
        title: 'Fishing fleets will need a permit for the northern banks',
        domain: 'harbourwire.test',
        text: [
          'The fisheries ministry said on Monday that trawlers working the northern banks will need a seasonal permit from March.',
          'Boats under twelve metres, which land most of the coastal catch, will not need one.',
          'The ministry expects to issue the first permits within six weeks of the rule taking effect.',
          'Boats from 24 island harbours, most of them in the Skerry chain, keep fishing without a permit.',
        ].join('\n\n'),
      },
      {
        url: 'https://coastdaily.test/2',
        title: 'Permit rule for the northern banks takes effect in March',
        domain: 'coastdaily.test',
        text: [
          'Trawlers fishing the northern banks must hold a seasonal permit from March under a rule the fisheries ministry announced on Monday.',
          'Twenty-four trawlers from the Skerry Islands ports are exempt from the rule.',
        ].join('\n\n'),
      },
    ];
    const permit = 'will need a seasonal permit from March';
    const exempt = 'will not need one';
    for (const title of [sources[0]!.title, sources[1]!.title]) {
      const written = writeOfflineArticle({ title, description: '', sources, targetWords: 800 });
      const printed = written.body.map((sentence) => sentence.sourceText);
      const at = printed.findIndex((sentence) => sentence.includes(exempt));
      if (at >= 0) expect(printed[at - 1], title).toContain(permit);
      // "Twenty-four trawlers" and "Boats from 24 island harbours" are one fact in two wordings.
      expect(
        printed.filter((sentence) => /\b(24|Twenty-four)\b/.test(sentence)),
        title,
      ).toHaveLength(1);
    }
  });

  it('tells a precise figure once when a second source retells its fact in other words', () => {
    const sources = [
      {
        url: 'https://valleywire.test/1',
        title: 'Ohio employers add 31,400 jobs in May',
        domain: 'valleywire.test',
        text: [
          'Employers in Ohio added 31,400 jobs in May, the state labor office said on Friday.',
          'Hospitals and warehouses in Columbus did most of the hiring this spring.',
          'The unemployment rate held at 3.9 percent for a fourth month.',
          'Wages rose faster than prices for the first time since the pandemic.',
        ].join('\n\n'),
      },
      {
        url: 'https://buckeyeledger.test/2',
        title: 'Payrolls beat forecasts across Ohio',
        domain: 'buckeyeledger.test',
        text: [
          'Payrolls across the state rose 31,400 last month, beating the consensus of 12,000 and sending bond yields higher.',
          'Restaurants in Cleveland and Toledo cut staff for a third month in a row.',
          'Manufacturers said orders for car parts had slowed since March.',
        ].join('\n\n'),
      },
    ];
    const written = writeOfflineArticle({ title: sources[0]!.title, description: '', sources, targetWords: 600 });
    const printed = written.body.map((sentence) => sentence.sourceText);
    expect(
      printed.filter((sentence) => sentence.includes('31,400')),
      printed.join(' | '),
    ).toHaveLength(1);
    // The other facts are told.
    expect(printed.join(' '), printed.join(' | ')).toMatch(/Restaurants.*Manufacturers|Manufacturers.*Restaurants/);
    expect(printed.join(' ')).toMatch(/unemployment rate/);
  });

  it('reads a number spelled out as its figure and a past in "-ied" as its verb, so retellings share their terms', () => {
    expect([...termSet('Twenty-four allied navies carried supplies.')].sort()).toEqual(['24', 'ally', 'carry', 'navy', 'supply']);
    expect([...termSet('The 24 allies carry supplies for their navies.')].sort()).toEqual(['24', 'ally', 'carry', 'navy', 'supply']);
    // Not a number inside a word, nor a short past.
    expect([...termSet('He often tied the fifteenth knot.')].sort()).toEqual(['fifteenth', 'knot', 'often', 'tied']);
    // An irregular past as its present: "kept" and "keeps", "held" and "holds", "won" and "wins".
    expect(termOverlap(termSet('The harbor board kept its fees and held two meetings.'), termSet('Harbor board keeps fees, holds meetings'))).toBe(1);
    expect(termSet('The Greens won three seats.')).toEqual(termSet('Greens win three seats'));
    // A past that is another common word stays as it is.
    expect(termSet('Two ferries left the port.').has('left')).toBe(true);
  });

  it("leaves out a feature's scene-setting general truth: it is no fact of the story", () => {
    const sources = [
      {
        url: 'https://tidewatch.test/1',
        title: 'Harbour board installs a new tide gauge at Ostby',
        domain: 'tidewatch.test',
        text: [
          'A tide gauge is, in essence, a ruler standing in the sea.',
          'The Ostby harbour board installed a radar tide gauge at the north quay on Tuesday, replacing a float gauge built in 1961.',
          'Pilots will read the water level on their phones every minute, the board said.',
        ].join('\n\n'),
      },
      {
        url: 'https://coastdaily.test/2',
        title: 'Ostby gets a radar tide gauge',
        domain: 'coastdaily.test',
        text: [
          'Ostby harbour now measures its tides by radar after the board installed a new gauge on the north quay on Tuesday.',
          'Lighthouses are usually the first thing a sailor sees of a harbour.',
          'The old float gauge, in use since 1961, will go to the town museum.',
        ].join('\n\n'),
      },
    ];
    const written = writeOfflineArticle({ title: sources[0]!.title, description: '', sources, targetWords: 800 });
    expect(written.content).toContain('radar');
    expect(written.content).not.toContain('ruler standing in the sea');
    expect(written.content).not.toContain('Lighthouses are usually');
  });

  it("never leads with a feature's scene, however many of the headline's words it has", () => {
    const title = 'Hospital draws longest line at county jobs fair';
    const sources = [
      {
        url: 'https://countyjobs.test/1',
        title,
        domain: 'countyjobs.test',
        text: [
          'At a crowded stall in the school gym, the longest line at the county jobs fair was for the hospital.',
          'Linden County Hospital said on Wednesday it would hire 140 nurses and 60 porters by March, the most of any employer at the fair.',
          'The hospital has struggled to fill night shifts since its new cancer wing opened in the spring.',
        ].join('\n\n'),
      },
      {
        url: 'https://lindenpost.test/2',
        title: 'Longest line at county jobs fair is for the hospital',
        domain: 'lindenpost.test',
        text: [
          'Inside a packed school gym on Wednesday, the longest line at the county jobs fair formed at the hospital stall.',
          'Linden County Hospital will hire 200 staff, including 140 nurses, by March, it told visitors at the county jobs fair on Wednesday.',
          'More than 4,000 people came to the fair, organisers said, twice as many as last year.',
        ].join('\n\n'),
      },
    ];
    const written = writeOfflineArticle({ title, description: '', sources, targetWords: 300 });
    expect(written.body[0]!.sourceText).not.toMatch(/^(At a crowded stall|Inside a packed school gym)/);
  });

  it("never leads with the story's history, however many of the headline's words it has, and prints it after the news", () => {
    const title = 'Linden mill to close its loom shed after 120 years';
    const sources = [
      {
        url: 'https://lindenpost.test/1',
        title,
        domain: 'lindenpost.test',
        text: [
          'When the Linden mill opened its loom shed on Canal Street in 1902, its owners hired mostly from the valley farms.',
          'The owners of the Linden mill said on Monday they would close the loom shed in March, cutting 300 jobs.',
          'The county plans to retrain the workers at its college from April.',
        ].join('\n\n'),
      },
      {
        url: 'https://valleytimes.test/2',
        title: 'Linden mill loom shed to close after 120 years',
        domain: 'valleytimes.test',
        text: [
          'In 1902, the Linden mill opened the loom shed that would employ half the valley for a century.',
          'The Linden mill will close its loom shed in March with the loss of 300 jobs, its owners announced on Monday.',
          'Orders for the mill’s cloth have fallen by half since 2020, the owners said.',
        ].join('\n\n'),
      },
    ];
    const written = writeOfflineArticle({ title, description: '', sources, targetWords: 300 });
    expect(written.body[0]!.sourceText).toMatch(/close/);
    // Printed, the history comes after the news, though its source told it first.
    const texts = written.body.map((sentence) => sentence.sourceText);
    const history = texts.findIndex((text) => /1902/.test(text));
    expect(
      texts.filter((text) => /1902|Orders for the mill/.test(text)),
      texts.join('\n'),
    ).toHaveLength(2);
    expect(history, texts.join('\n')).toBeGreaterThan(texts.findIndex((text) => /Orders for the mill/.test(text)));
  });

  it('prints the facts the sources share before a minor detail that stood high in one telling', () => {
    const title = 'Harbor bridge closed for repairs after crack found';
    const sources = [
      {
        url: 'https://tideline.test/1',
        title: 'HARBOR BRIDGE SHUT!',
        domain: 'tideline.test',
        text: [
          'The Harbor Street bridge was closed on Tuesday after inspectors found a crack in its main span, city officials said.',
          'Pensioner Edna Voss, 81, heard about the bridge from her neighbour over the garden fence.',
          'The bridge will stay closed for at least six weeks while crews repair the span, officials said.',
        ].join('\n\n'),
      },
      {
        url: 'https://portgazette.test/2',
        title: 'Inspectors find crack, close Harbor Street bridge',
        domain: 'portgazette.test',
        text: [
          'City inspectors closed the Harbor Street bridge on Tuesday after finding a crack in the main span.',
          'Repairs to the span will keep the bridge closed for at least six weeks, the city said.',
          'About 14,000 vehicles cross the bridge each day, and buses will detour over the Mill Road bridge.',
        ].join('\n\n'),
      },
      {
        url: 'https://bayherald.test/3',
        title: 'Harbor Street bridge closed after inspectors find crack',
        domain: 'bayherald.test',
        text: [
          'A crack in the main span has closed the Harbor Street bridge, city officials said on Tuesday.',
          'Buses will detour over the Mill Road bridge while about 14,000 daily drivers find other routes.',
        ].join('\n\n'),
      },
    ];
    const texts = writeOfflineArticle({ title, description: '', sources, targetWords: 300 }).body.map((sentence) => sentence.sourceText);
    // The detail is printed (every source gets a voice), after the facts the others share too.
    const detail = texts.findIndex((text) => /Edna Voss/.test(text));
    const shared = [/six weeks/, /14,000/].map((fact) => texts.findIndex((text) => fact.test(text)));
    expect(detail, texts.join('\n')).toBeGreaterThan(0);
    for (const at of shared) expect(detail, texts.join('\n')).toBeGreaterThan(at);
    for (const at of shared) expect(at, texts.join('\n')).toBeGreaterThan(0);
  });

  it('takes a thing pointed at as said only by a sentence printed before it, the story’s history coming after the news', () => {
    const sources = [
      {
        url: 'https://harbour.test/1',
        title: 'Harbour authority to build a new ferry terminal',
        domain: 'harbour.test',
        text: [
          'In 1987, the harbour authority sold the old timber pier to a developer for one dollar.',
          'The harbour authority said on Monday it will spend 40 million dollars on a new ferry terminal by the station.',
          'The terminal will open in 2028 and handle six ferries an hour at the busiest times.',
        ].join('\n\n'),
      },
      {
        url: 'https://coast.test/2',
        title: 'New ferry terminal planned for the harbour',
        domain: 'coast.test',
        text: [
          'The harbour authority will build a new ferry terminal for 40 million dollars, it said on Monday.',
          'It was a long wait.',
          'Crews will start in March by tearing down that pier, the authority said.',
        ].join('\n\n'),
      },
    ];
    const texts = writeOfflineArticle({ title: 'Harbour authority to build a new ferry terminal', description: '', sources, targetWords: 400 }).body.map(
      (sentence) => sentence.sourceText,
    );
    const pointer = texts.findIndex((text) => text.includes('that pier'));
    if (pointer >= 0)
      expect(
        texts.slice(0, pointer).some((text) => /timber pier/.test(text)),
        texts.join('\n'),
      ).toBe(true);
  });

  it('prints "The agency…" only after the sentence that says which agency', () => {
    const sources = [
      {
        url: 'https://riverwatch.test/1',
        title: 'River Arden floods three villages',
        domain: 'riverwatch.test',
        text: [
          'The River Arden burst its banks on Friday and flooded three villages along its lower valley.',
          // Told by the other source too: left out as a fact told twice, and with it the agency.
          'About 900 people had to leave their homes in the three villages, the regional flood and rescue agency said.',
          'The agency is leading the evacuation of the flooded villages with army trucks and volunteer boats.',
        ].join('\n\n'),
      },
      {
        url: 'https://valleypost.test/2',
        title: 'Floods force 900 from homes along the Arden',
        domain: 'valleypost.test',
        text: [
          'Floodwater from the River Arden swamped three villages on Friday, and about 900 people had to leave their homes.',
          'Army trucks and volunteer boats carried families out of the flooded villages through the night.',
          'Forecasters expect the water to fall slowly over the weekend as the rain moves east.',
        ].join('\n\n'),
      },
    ];
    for (const targetWords of [60, 400]) {
      const texts = writeOfflineArticle({ title: 'River Arden floods three villages', description: '', sources, targetWords }).body.map(
        (sentence) => sentence.sourceText,
      );
      expect(texts.some((text) => /trucks and volunteer boats/.test(text))).toBe(true);
      const agency = texts.findIndex((text) => text.startsWith('The agency is leading'));
      if (agency >= 0)
        expect(
          texts.slice(0, agency).some((text) => /rescue agency said/.test(text)),
          texts.join('\n'),
        ).toBe(true);
    }
  });

  it('prints "the lanterns…" after the sentence of its source that brought the lanterns in, even a scene printed after the news', () => {
    const sources = [
      {
        url: 'https://quay.test/1',
        title: 'Harbour night market draws a record crowd on its first Friday',
        domain: 'quay.test',
        text: [
          'In a tent beside the old fish quay, volunteers had strung two hundred paper lanterns for Friday night, a number that looked generous at six and small by nine.',
          'The harbour’s first night market drew a record crowd of 12,000 people on Friday, the city council said.',
          'Stallholders said they had sold out of food long before the market closed at eleven.',
          'The council will run the market every Friday until the end of October, a spokeswoman said.',
          'Attendance passed 12,000, and the lanterns on the quay were all gone as souvenirs by nine.',
        ].join('\n\n'),
      },
      {
        url: 'https://coastnews.test/2',
        title: 'Record 12,000 visit new harbour night market',
        domain: 'coastnews.test',
        text: [
          'About 12,000 people visited the new night market at the harbour on Friday, a record for a city event, the council said.',
          'The market will open every Friday evening until the end of October, the council said.',
          'Forty stalls sold food from the region, from smoked fish to apple cake.',
        ].join('\n\n'),
      },
    ];
    for (const targetWords of [120, 400]) {
      const texts = writeOfflineArticle({ title: 'Harbour night market draws a record crowd', description: '', sources, targetWords }).body.map(
        (sentence) => sentence.sourceText,
      );
      const mention = texts.findIndex((text) => text.includes('the lanterns on the quay'));
      expect(mention, texts.join('\n')).toBeGreaterThan(0);
      expect(
        texts.slice(0, mention).some((text) => text.includes('two hundred paper lanterns')),
        texts.join('\n'),
      ).toBe(true);
    }
  });

  it('names an internationalised source in Unicode in the text, and lists it as stored', () => {
    const article = protestArticle('www.xn--bcher-kva.example');
    expect(article.content).toContain('sorry” (Bücher).');
    expect(article.content).not.toContain('(xn--');
    expect(article.sources.map((source) => source.domain)).toEqual(['xn--bcher-kva.example']);
  });

  it('comes near the target length when the sources have enough to say, and stays short when they do not', () => {
    const short = writeOfflineArticle({ ...HARBOR_STORM_TREND, sources, targetWords: 200 });
    expect(short.wordCount).toBeGreaterThan(150);
    expect(short.wordCount).toBeLessThanOrEqual(230);
    expect(article.wordCount).toBeGreaterThan(400);
    expect(article.wordCount).toBeLessThanOrEqual(680);
    const two = writeOfflineArticle({ ...HARBOR_STORM_TREND, sources: harborStorm(2), targetWords: 2000 });
    expect(two.wordCount).toBeLessThan(600);
  });

  it('refuses sources with no usable sentence', () => {
    expect(() =>
      writeOfflineArticle({
        title: 'Headlines only',
        description: '',
        targetWords: 600,
        sources: [
          { url: 'https://a.test/1', title: 'A', domain: 'a.test', text: 'Subscribe to our newsletter.' },
          { url: 'https://b.test/1', title: 'B', domain: 'b.test', text: '' },
        ],
      }),
    ).toThrow(InsufficientSourceText);
  });
});

describe('sentence splitting', () => {
  it('drops a wire dateline and a leading connective, nothing else', async () => {
    const { shapeSentence } = await import('../../../../src/services/newsroom/generator/sentences.js');
    expect(shapeSentence('PORT LINDEN, Texas (AP) — A powerful storm flooded the harbor district on Monday night.')?.text).toBe(
      'A powerful storm flooded the harbor district on Monday night.',
    );
    // Reuters' datelines carry the day and may name two cities.
    expect(
      shapeSentence(
        `KATHMANDU, April 25 (Reuters) - Nepal's civil aviation authority disputed on Tuesday whether a flydubai plane had been hit by a bird strike.`,
      )?.text,
    ).toBe(`Nepal's civil aviation authority disputed on Tuesday whether a flydubai plane had been hit by a bird strike.`);
    expect(shapeSentence('BEIRUT/THE HAGUE, March 7 (Reuters) - An Israeli tank crew killed a Reuters reporter in Lebanon in October.')?.text).toBe(
      'An Israeli tank crew killed a Reuters reporter in Lebanon in October.',
    );
    expect(shapeSentence('WASHINGTON, Sept. 3 (Reuters) — The Senate passed the spending bill late on Tuesday night.')?.text).toBe(
      'The Senate passed the spending bill late on Tuesday night.',
    );
    expect(shapeSentence('However, the county said the bridge would stay closed for at least a week.')?.text).toBe(
      'The county said the bridge would stay closed for at least a week.',
    );
    expect(shapeSentence('Sign up for our newsletter to get the latest local news every morning.')).toBeNull();
    expect(shapeSentence('Read the full report at https://example.test/report for all of the details.')).toBeNull();
  });

  it('takes a quotation that names no speaker, or a sentence opening on "with this", as leaning on the one before', async () => {
    const { shapeSentence } = await import('../../../../src/services/newsroom/generator/sentences.js');
    // Real text (a jobs report): the second paragraph of a quotation, its speaker named in the first.
    expect(
      shapeSentence('“However, this basically brings employment back to where it was in January, with an unemployment rate 0.1 percentage points higher.”')
        ?.dangling,
    ).toBe(true);
    expect(shapeSentence('"The great part of this new plan is that you choose who is part of your family plan."')?.dangling).toBe(true);
    expect(shapeSentence('With this backdrop he expects the Bank of Canada to stay on the sidelines next week.')?.dangling).toBe(true);
    expect(shapeSentence('"We have never seen water this high in the harbor," Mayor Elena Ruiz said on Tuesday.')?.dangling).toBe(false);
    expect(shapeSentence("With this week's rain the reservoir is at its highest level in ten years.")?.dangling).toBe(false);
    // Words put to "he", "she" or "they": the name is in the sentence before.
    expect(shapeSentence('"We will rebuild the warehouse within a year," she said.')?.dangling).toBe(true);
    expect(shapeSentence('The plan to rebuild the warehouse is sound and fully funded, he said.')?.dangling).toBe(true);
    expect(shapeSentence('"The cost will be very high for all of us here," said they.')?.dangling).toBe(true);
    expect(shapeSentence('Mayor Jane Ruiz said she would ask the state for help with the cleanup costs.')?.dangling).toBe(false);
    // A site talking to its reader, by "you" or by a command, is no sentence of a compiled article.
    expect(shapeSentence('If you drive to work, your tank will cost about $9 more to fill this week.')).toBeNull();
    expect(shapeSentence('To see why, look at the reservoirs that feed the valley from the north.')).toBeNull();
    expect(shapeSentence('Consider the price of a dozen eggs at the county market this month.')).toBeNull();
    expect(shapeSentence('Think tanks on both sides of the debate said the bill would pass.')).not.toBeNull();
    expect(shapeSentence('"You cannot replant your way out of a shortage," the economist said on Monday.')).not.toBeNull();
    // Capitals a site set for emphasis are lower case in the article; an acronym and a quotation stay.
    expect(shapeSentence('The average price of diesel hit $5.31 a gallon, a 19-cent leap in just TWO DAYS.')?.text).toBe(
      'The average price of diesel hit $5.31 a gallon, a 19-cent leap in just two days.',
    );
    expect(shapeSentence('The FDA said the NRC and the EPA would meet in June to review the plan.')?.text).toBe(
      'The FDA said the NRC and the EPA would meet in June to review the plan.',
    );
    expect(shapeSentence('The mayor posted "WE ARE OPEN" on the town hall door on Monday morning.')?.text).toContain('"WE ARE OPEN"');
    // A quantity standing for people said before, as the subject; not one that names its own.
    expect(shapeSentence('Most fled their farms in the Arden valley when the shelling reached the orchards.')?.dangling).toBe(true);
    expect(shapeSentence('Many of them have not been paid since the mill closed in the spring.')?.dangling).toBe(true);
    expect(shapeSentence('Most economists expect the central bank to hold its rate steady next week.')?.dangling).toBe(false);
    // A time counted from something said before; not one with its own anchor.
    expect(shapeSentence('After 18 months, the patients on the drug had lost less of their memory than the others.')?.dangling).toBe(true);
    expect(shapeSentence('Two weeks later, the same inspectors found the doors locked again.')?.dangling).toBe(true);
    expect(shapeSentence('By then, most of the residents had already left the flooded streets.')?.dangling).toBe(true);
    expect(shapeSentence('After 18 months of talks, the two unions agreed to a new contract on Friday.')?.dangling).toBe(false);
    expect(shapeSentence('After the vote, the mayor said the bridge would reopen in the spring.')?.dangling).toBe(false);
    expect(shapeSentence('"The cost will be high," said Jane Ruiz, the mayor of Port Linden.')?.dangling).toBe(false);
    // In an article it follows the sentence naming its speaker, or stays out.
    const lead =
      'The jobless rate fell to 6.6 per cent in May as 88,000 positions were added, the first significant gain since November, Statistics Canada said.';
    const orphan = '“This is a blockbuster report that wipes away recession fears and points to a rebound in the second quarter.”';
    const article = writeOfflineArticle({
      title: 'Jobless rate falls to 6.6 per cent',
      description: 'Canada added 88,000 jobs in May.',
      targetWords: 200,
      sources: [
        {
          url: 'https://a.test/1',
          title: 'Jobs',
          domain: 'a.test',
          text: `${lead}\n\nEconomists had expected the rate to stay at 6.9 per cent after two weak quarters of output.\n\nThe Bank of Canada meets next week to set its policy rate for the summer.\n\n${orphan}`,
        },
        {
          url: 'https://b.test/1',
          title: 'Jobs',
          domain: 'b.test',
          text: 'Canada added 88,000 jobs in May and the jobless rate fell to 6.6 per cent, the agency said on Friday.\n\nThe gains were spread across manufacturing, retail and health care.',
        },
      ],
    });
    expect(article.content).not.toContain('blockbuster');
  });

  it('does not break at abbreviations, initials, decimals or inside a quotation', () => {
    const text =
      'Dr. Jane A. Smith of the U.S. Geological Survey said the quake measured 5.4 at 3 a.m. Tuesday. "We felt it. Everyone did," she said. Crews arrived at 7 p.m. The end. The shaking began at 3 a.m. Moscow time.';
    expect(splitSentences(text)).toEqual([
      'Dr. Jane A. Smith of the U.S. Geological Survey said the quake measured 5.4 at 3 a.m. Tuesday.',
      '"We felt it. Everyone did," she said.',
      // A time ends its sentence where the next begins: "The end." is one of its own.
      'Crews arrived at 7 p.m.',
      'The end.',
      'The shaking began at 3 a.m. Moscow time.',
    ]);
  });
});
