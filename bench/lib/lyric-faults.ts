// What is wrong with a song's lines, as a reader hears it, for the newsroom and voices benches. The
// checks are the bench's own (word lists and compromise's tags read here, not the writer's rules),
// so a rule the writer forgets still counts:
//   - dangles: ends on a word that needs the next one ("of", "the", "highest"; "carry on" is whole);
//   - a source's start: the first words of a source sentence or headline, cut short;
//   - verb without object: ends on a verb that needs what follows it ("…played at trial showed");
//   - no subject: opens on a finite verb ("Demanded the vote be held sooner");
//   - points back: its subject opens on a pointing word, or it names "the other" thing ("Seven
//     years later, that something has a name"): sung alone, nobody said what it points at;
//   - bare attribution: says only who told it ("The agency said in Washington", "Final results showed on Monday");
//   - an appositive: a source sentence's last phrase after its comma, opening on "a" or "an"
//     ("…, a provision aimed squarely at overseas build-outs"): it names a thing and says nothing;
//   - another story: the second line of a couplet (lines 1–2, 3–4 of a section) is another story's
//     than the first, each line's story being the one whose texts share most of its words.
import nlp from 'compromise';
import { termSet } from '../../src/services/newsroom/generator/sentences.js';
import { splitSentences } from '../../src/shared/text/sentences.js';

export type LyricFaultKind =
  | 'dangles'
  | "a source's start"
  | 'verb without object'
  | 'no subject'
  | 'points back'
  | 'bare attribution'
  | 'an appositive'
  | 'another story';

export interface LyricFault {
  kind: LyricFaultKind;
  line: string;
}

/** A story as the song may sing it: its headlines and paragraphs. */
export interface SungStory {
  id: string;
  texts: string[];
}

const DANGLING =
  /^(a|an|the|of|to|in|on|at|by|for|from|with|and|or|but|as|than|that|which|who|whose|its|their|his|her|our|your|this|these|those|is|are|was|were|be|been|has|have|had|will|would|can|could|may|might|must|should|not|no|into|onto|over|under|after|before|about|highest|lowest|very|so|such|also|just|only|both|each|every|some|any|all)$/i;
/** "the most", "far less" need their noun; "cost more" is whole. */
const COMPARATIVE_END = /^(the|a|an|much|far|even|no|any|its|their) (most|least|more|less)$/i;
/** A particle that ends a phrasal verb ends a phrase: "carry on", "hold on". */
const PHRASAL_END = /^(carry|hold|move|go|keep|hang|come|get) (on|in|up|by|through)$/i;
/** Verbs that say nothing without what they show, find or say (forms that are no noun: not "state", "shows", "orders"). */
const NEEDS_COMPLEMENT =
  /^(showed|reveal|reveals|revealed|suggest|suggests|suggested|indicate|indicates|indicated|found|say|says|said|tell|tells|told|announce|announces|announced|noted|claimed|argue|argues|argued|warn|warns|warned|reported|confirm|confirms|confirmed|stated|added|believe|believes|believed|know|knows|knew|learned|meant|demonstrate|demonstrates|demonstrated|conclude|concludes|concluded|determine|determines|determined|expect|expects|expected|urge|urges|urged|asked|describe|describes|described|include|includes|included|require|requires|required|ordered|propose|proposes|proposed|gave|become|becomes|became|reached)$/i;
/** "was found", "has been described": a passive ends whole. */
const PASSIVE_HELPER = /^(is|are|was|were|be|been|being|has|have|had|get|gets|got)$/i;
const ATTRIBUTION =
  /\b(said|says|announced|reported|confirmed|stated|added|wrote|told reporters|showed|shows)(\s+(on|in|at|last|this|late|early|during|from|after)(\s+\S+){1,3})?$/i;

const words = (line: string) =>
  line
    .replace(/[^\p{L}\p{N}\s'-]/gu, '')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
const bare = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!?"'“”]+$/g, '')
    .replace(/^["'“”]+/, '')
    .toLowerCase();

function opensOnVerb(line: string): boolean {
  const first = (nlp(line).json() as { terms: { tags: string[] }[] }[])[0]?.terms[0];
  if (!first) return false;
  const tags = new Set(first.tags);
  // The tagger reads a headline's first noun as a command ("Judge orders…", "Storm hits…").
  const misread = ['Auxiliary', 'Copula', 'Modal', 'Imperative', 'Infinitive'].some((tag) => tags.has(tag));
  return tags.has('Verb') && (tags.has('PastTense') || tags.has('PresentTense')) && !misread;
}

/** The line's subject (past an opening phrase and its comma) is a pointing word, or it names "the other" thing. */
function pointsBack(line: string): boolean {
  if (/\bthe (other|latter|former)\b/i.test(line)) return true;
  const subject = line.replace(/^[^,]{1,40},\s+/, '');
  const [first, next] = nlp(subject).terms().json() as { text: string; terms: { tags: string[] }[] }[];
  // "that something", "these rules", "that is": not a time ("this week").
  return (
    /^(this|that|these|those|such)$/i.test(first?.text ?? '') &&
    !next?.terms[0]?.tags.includes('Date') &&
    !/^(this|that|these|those) (week|month|year|morning|night|season)/i.test(subject)
  );
}

/** Each line's fault (the first that applies), then the couplets whose lines tell two stories. */
export function lyricFaults(lyrics: string, stories: readonly SungStory[]): LyricFault[] {
  const texts = stories.flatMap((story) => story.texts);
  // Headlines and sentences: a whole sentence is not cut short because its paragraph goes on.
  const starts = texts.flatMap((text) => splitSentences(text)).map(bare);
  const tails = new Set(
    starts.flatMap((sentence) =>
      sentence
        .split(/,\s+/)
        .slice(1)
        .map((_, i, parts) => parts.slice(i).join(', ')),
    ),
  );
  const termsOf = stories.map((story) => ({ id: story.id, terms: new Set(story.texts.flatMap((text) => [...termSet(text)])) }));
  const storyOf = (line: string): string | null => {
    const mine = [...termSet(line)];
    let best: { id: string; shared: number } | null = null;
    for (const story of termsOf) {
      const shared = mine.filter((term) => story.terms.has(term)).length;
      if (shared > (best?.shared ?? 0)) best = { id: story.id, shared };
    }
    return best && best.shared >= Math.max(2, mine.length / 2) ? best.id : null;
  };
  const faults: LyricFault[] = [];
  const sections = lyrics.split(/\n\s*\n/).map((section) => section.split('\n').filter((line) => line.trim() && !/^\[.*\]$/.test(line.trim())));
  for (const section of sections) {
    for (const line of section) {
      const said = words(line);
      const last = said.at(-1) ?? '';
      const mine = bare(line);
      let kind: LyricFaultKind | null = null;
      const lastTwo = said.slice(-2).join(' ');
      if ((DANGLING.test(last) && !PHRASAL_END.test(lastTwo)) || COMPARATIVE_END.test(lastTwo)) kind = 'dangles';
      else if (starts.some((start) => start.length > mine.length && start.startsWith(mine))) kind = "a source's start";
      else if (/^an? /.test(mine) && tails.has(mine)) kind = 'an appositive';
      else if (ATTRIBUTION.test(line.replace(/[.!?"”]+$/, ''))) kind = 'bare attribution';
      else if (NEEDS_COMPLEMENT.test(last) && !PASSIVE_HELPER.test(said.at(-2) ?? '')) kind = 'verb without object';
      else if (/^(will|would|could|can|may|might|must|should|to) (cost|pay|reach|total|exceed|top)$/i.test(lastTwo)) kind = 'verb without object';
      else if (opensOnVerb(line)) kind = 'no subject';
      else if (pointsBack(line)) kind = 'points back';
      if (kind) faults.push({ kind, line });
    }
    for (let i = 0; i + 1 < section.length; i += 2) {
      const [a, b] = [storyOf(section[i]!), storyOf(section[i + 1]!)];
      if (a && b && a !== b) faults.push({ kind: 'another story', line: `"${section[i]}" / "${section[i + 1]}"` });
    }
  }
  return faults;
}

/** "3 of 40", the faults by kind ("verb without object 2, no subject 1") and the first example. */
export function faultSummary(faults: readonly LyricFault[], lines: number): { figure: string; kinds: string; example: string | null } {
  const byKind = new Map<string, number>();
  for (const fault of faults) byKind.set(fault.kind, (byKind.get(fault.kind) ?? 0) + 1);
  const first = faults[0];
  return {
    figure: `${faults.length} of ${lines}`,
    kinds: [...byKind].map(([kind, n]) => `${kind} ${n}`).join(', '),
    example: first ? `${first.kind}: ${first.line}` : null,
  };
}
