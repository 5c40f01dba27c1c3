// How the offline newsroom's audio scripts read, on the two fixture webs (the local web, which the
// writer's settings were chosen on, and the held-out web, frozen before they were): the bulletin,
// the podcast (as written and as enhanced), the interview (as written and as refined) and the
// lyrics, each counted for
//   - leads: whether a story's first sentence in the script tells its news (the story's first fact);
//   - facts told twice: a fact of a story said by two sentences of one script, in any of its wordings;
//   - filler lines: a line of dialogue that says nothing of the day's stories (no word of any of
//     their sources or headlines: "Good question.", "So why does this matter?") and is not answered
//     by news in the next line (a hand-off to the co-host who then tells a story is structure); the
//     opening and closing lines are left out;
//   - lyric faults (bench/lib/lyric-faults.ts): a line that dangles ("of", "the", "highest"), is a
//     source's start cut short, ends on a verb without its object, has no subject, only says who
//     told it, or sings another story than the line it is paired with;
//   - addresses spoken or written: an IP address, a port or "localhost" anywhere in a script;
//   - for the lyrics, lines that scan (5–16 syllables, CMU pronouncing dictionary) and each
//     section's line pairs (1–2, 3–4, …) that end on a rhyme, or on the same stressed vowel.
// The sites are named like the local web's, by IP address and port, so that a script that reads a
// host aloud shows here. The worst example of each count is printed beside it.
import type { TrendSourceArticle } from '../src/db/trends.js';
import { offlineConversation } from '../src/services/newsroom/audio/conversation.js';
import { offlineInterview, refineOffline } from '../src/services/newsroom/audio/interview.js';
import { offlineSummary } from '../src/services/newsroom/audio/latest-news.js';
import { enhanceOffline } from '../src/services/newsroom/audio/podcast.js';
import { storyFromSources, type Story } from '../src/services/newsroom/audio/stories.js';
import { termSet } from '../src/services/newsroom/generator/sentences.js';
import { splitSentences } from '../src/shared/text/sentences.js';
import { lineSyllables, loadPronunciations, rhymeOf } from '../src/shared/text/pronounce.js';
import { offlineLyrics } from '../src/services/newsroom/music/index.js';
import { faultSummary, lyricFaults } from './lib/lyric-faults.js';
import { HELD_OUT_STORIES, heldOutHash } from '../test/fixtures/stories/held-out-web.js';
import { tellingParagraphs, WEB_STORIES, type WebStory } from '../test/fixtures/stories/local-web.js';

/** A script sentence tells a fact's wording when this share of the wording's terms is in it. */
const TELLS = 0.6;
const ADDRESS = /\b\d{1,3}(?:\.\d{1,3}){3}\b|\blocalhost\b|\b[a-z0-9-]+(?:\.[a-z0-9-]+)+:\d{2,5}\b|\b\d{1,3} point \d{1,3} point \d{1,3} point \d{1,3}\b/i;

interface Measured {
  stories: Story[];
  web: WebStory[];
}

function storiesOf(web: readonly WebStory[]): Measured {
  const stories: Story[] = [];
  const kept: WebStory[] = [];
  for (const story of web) {
    const articles: TrendSourceArticle[] = story.titles.map((title, i) => ({
      id: i,
      title,
      // The local web's sites have no name but their address: the hostile case for speech.
      sourceUrl: `http://127.0.0.${4 + (story.sites[i] ?? i)}:8871/${story.key}-${i}`,
      domainName: `127.0.0.${4 + (story.sites[i] ?? i)}:8871`,
      content: tellingParagraphs(story, i).join('\n\n'),
      excerpt: null,
      author: null,
      publishedAt: null,
      scrapedAt: new Date(),
    }));
    const told = storyFromSources(story.titles[0]!, story.topic, '', articles);
    if (told) {
      stories.push(told);
      kept.push(story);
    }
  }
  return { stories, web: kept };
}

/** What a line says: its speaker label and pause tags taken out. */
function spoken(line: string): string {
  return line
    .replace(/^[^:\n]{1,40}:\s*/, '')
    .replace(/\[[^\]]*\]/g, ' ')
    .trim();
}

/** The sentences of a script. */
function sentencesOf(script: string): string[] {
  return script
    .split('\n')
    .map(spoken)
    .flatMap((line) => splitSentences(line))
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/** The fact of a story a sentence tells (its index), or -1. */
function factTold(sentence: string, story: WebStory): number {
  const terms = termSet(sentence);
  return story.facts.findIndex((wordings) =>
    wordings.some((wording) => {
      const wanted = termSet(wording);
      return wanted.size > 0 && [...wanted].filter((term) => terms.has(term)).length >= Math.ceil(wanted.size * TELLS);
    }),
  );
}

interface Counts {
  leads: number;
  stories: number;
  wrongLead: string | null;
  twice: number;
  twiceExample: string | null;
  filler: number;
  fillerExample: string | null;
  lyricFaults: string;
  lyricKinds: string;
  lyricExample: string | null;
  addresses: number;
  addressExample: string | null;
}

function measure(script: string, measured: Measured, options: { dialogue: boolean; lyrics: boolean }): Counts {
  const sentences = sentencesOf(script);
  const counts: Counts = {
    leads: 0,
    stories: 0,
    wrongLead: null,
    twice: 0,
    twiceExample: null,
    filler: 0,
    fillerExample: null,
    lyricFaults: '—',
    lyricKinds: '',
    lyricExample: null,
    addresses: 0,
    addressExample: null,
  };
  for (const story of measured.web) {
    const told = sentences.map((sentence) => ({ sentence, fact: factTold(sentence, story) })).filter((entry) => entry.fact >= 0);
    if (told.length === 0) continue;
    counts.stories++;
    // The news is each story's first fact (the local web's egg story: its headline names two).
    const news = story.key === 'eggs' ? [0, 1] : [0];
    if (news.includes(told[0]!.fact)) counts.leads++;
    else counts.wrongLead ??= `${story.key}: "${told[0]!.sentence}"`;
    const byFact = new Map<number, Set<string>>();
    for (const { sentence, fact } of told) byFact.set(fact, (byFact.get(fact) ?? new Set()).add(sentence));
    for (const [fact, said] of byFact) {
      if (said.size < 2) continue;
      counts.twice++;
      counts.twiceExample ??= `${story.key} fact ${fact}: ${[...said].map((s) => `"${s}"`).join(' / ')}`;
    }
  }
  const lines = script
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  if (options.dialogue) {
    const storyTerms = new Set(
      measured.web.flatMap((story) => [...story.titles, ...story.facts.flat(), ...Object.values(story.own ?? {}).flat()]).flatMap((text) => [...termSet(text)]),
    );
    const saysSomething = (line: string) => [...termSet(spoken(line))].some((term) => storyTerms.has(term));
    const tellsAFact = (line: string) => splitSentences(spoken(line)).some((sentence) => measured.web.some((story) => factTold(sentence, story) >= 0));
    for (let i = 2; i < lines.length - 2; i++) {
      const said = spoken(lines[i]!);
      // A hand-off or a question is structure when the next line answers it with news.
      if (!said || saysSomething(lines[i]!) || tellsAFact(lines[i + 1]!)) continue;
      counts.filler++;
      counts.fillerExample ??= `${said} → ${spoken(lines[i + 1]!)}`;
    }
  }
  if (options.lyrics) {
    const sung = measured.web.map((story) => ({ id: story.key, texts: [...story.titles, ...story.titles.flatMap((_, i) => tellingParagraphs(story, i))] }));
    const { figure, kinds, example } = faultSummary(lyricFaults(script, sung), lines.filter((line) => !/^\[.*\]$/.test(line)).length);
    counts.lyricFaults = figure;
    counts.lyricKinds = kinds;
    counts.lyricExample = example;
  }
  for (const line of lines) {
    if (!ADDRESS.test(line)) continue;
    counts.addresses++;
    counts.addressExample ??= line;
  }
  return counts;
}

/** How the song's lines scan and rhyme: lines of 5–16 syllables, and rhyming pairs in each section. */
function scansAndRhymes(lyrics: string): string {
  const sections = lyrics.split(/\n\s*\n/).map((section) => section.split('\n').filter((line) => line && !/^\[.*\]$/.test(line)));
  const lines = sections.flat();
  const scanning = lines.filter((line) => lineSyllables(line) >= 5 && lineSyllables(line) <= 16).length;
  let pairs = 0;
  let rhyming = 0;
  let near = 0;
  for (const section of sections) {
    for (let i = 0; i + 1 < section.length; i += 2) {
      pairs++;
      const rhyme = rhymeOf(section[i]!, section[i + 1]!);
      if (rhyme === 'rhyme') rhyming++;
      if (rhyme === 'near') near++;
    }
  }
  return `lines of 5–16 syllables: ${scanning} of ${lines.length}; pairs that rhyme: ${rhyming} of ${pairs}, on the vowel (slant): ${near} more`;
}

const scripts = async (measured: Measured): Promise<[string, string, { dialogue: boolean; lyrics: boolean }][]> => {
  const { stories } = measured;
  const hosts = ['Alex', 'Jordan'] as const;
  const podcast = offlineConversation(stories, hosts, 'Morning Ledger');
  const topic = stories[0]!.topic;
  const interview = offlineInterview(
    topic,
    stories.filter((story) => story.topic === topic),
    'Alex',
    'Dr. Rivera',
    'Morning Ledger',
  );
  return [
    ['bulletin', offlineSummary(stories).join('\n'), { dialogue: false, lyrics: false }],
    ['podcast', podcast, { dialogue: true, lyrics: false }],
    ['podcast, enhanced', enhanceOffline(podcast, stories, hosts).script, { dialogue: true, lyrics: false }],
    ['interview', interview, { dialogue: true, lyrics: false }],
    ['interview, refined', refineOffline(interview, 'Alex'), { dialogue: true, lyrics: false }],
    ['lyrics', await offlineLyrics(stories), { dialogue: false, lyrics: true }],
  ];
};

await loadPronunciations();
console.log(`Offline audio scripts on the fixture webs (held-out web ${heldOutHash()}, frozen before tuning; measured, not tuned on)`);
console.log('  script               | leads telling the news | facts told twice | filler lines | lyric lines at fault | addresses spoken or written');
const worst: string[] = [];
for (const [name, web] of [
  ['local web', WEB_STORIES],
  ['held-out web', HELD_OUT_STORIES],
] as const) {
  const measured = storiesOf(web);
  console.log(`  ${name}: ${measured.stories.length} stories`);
  for (const [kind, script, options] of await scripts(measured)) {
    const c = measure(script, measured, options);
    console.log(
      `    ${kind.padEnd(19)}| ${(options.lyrics ? '—' : `${c.leads}/${c.stories}`).padEnd(23)}| ${String(c.twice).padEnd(17)}| ${(options.dialogue ? String(c.filler) : '—').padEnd(13)}| ${c.lyricFaults.padEnd(21)}| ${c.addresses}`,
    );
    if (options.lyrics) console.log(`    ${' '.repeat(19)}  ${scansAndRhymes(script)}${c.lyricKinds ? `; faults: ${c.lyricKinds}` : ''}`);
    for (const [label, example] of [
      ['lead', options.lyrics ? null : c.wrongLead],
      ['told twice', c.twiceExample],
      ['filler', c.fillerExample],
      ['lyric fault', c.lyricExample],
      ['address', c.addressExample],
    ] as const) {
      if (example) worst.push(`    ${name}, ${kind}, ${label}: ${example.length > 220 ? `${example.slice(0, 217)}…` : example}`);
    }
  }
}
console.log(worst.length ? `  examples (the first of each count):\n${worst.join('\n')}` : '  nothing to show: every count is 0 and every lead right');
