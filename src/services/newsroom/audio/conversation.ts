// The offline podcast script: two hosts talk through today's top stories in their own sentences —
// one host says what happened, the other who is involved, the first why it matters, a further fact
// and who reported it, then a handover to the next story. The lead alternates so both hosts carry the
// show. Every fact is a sentence of the stories' sources; only the hosts' connecting words are ours.
import type { Story } from './stories.js';
import { peopleNamer, reportedBy, TOPIC_PHRASES } from './stories.js';
import { lowerFirstWord } from '../../../shared/text/first-word.js';
import { knownWord } from '../generator/fact-meaning.js';
import { readsAsPlace } from '../generator/person-names.js';

function pick<T>(options: readonly T[], index: number): T {
  return options[index % options.length]!;
}

/** "a", "a and b", "a, b and c". */
function joinAnd(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** One of the writer's common words, or the plural of one ("Bakers"). */
const common = (word: string) => knownWord(word) || (/^\p{Lu}\p{Ll}{3,}s$/u.test(word) && knownWord(word.slice(0, -1)));

/** A common word, as the first word of `sentence`: one of the common words, not a place or a firm there ("Kenya", "Google"). */
const commonWordIn = (sentence: string) => (word: string) => common(word) && !readsAsPlace(sentence, word);

/** A common word wherever it stands ("Ridge" in "Sweet Ridge Confections"), not one that is a place by itself ("Ohio"). */
const everydayWord = (word: string) => common(word) && !readsAsPlace(word, word);

/**
 * The line that hands the next story to the other host, naming its topic once; a topic the show
 * left for another comes back as such ("back to U.S. news"), not as if it were new.
 */
function handover(other: string, story: Story, next: Story, nextIsLast: boolean, index: number, heardBefore: boolean): string {
  const where = TOPIC_PHRASES[next.topic];
  if (next.topic === story.topic) {
    return nextIsLast
      ? `${other}, one last story in ${where}.`
      : pick([`${other}, there is more in ${where}.`, `${other}, you have another ${where} story.`], index);
  }
  if (heardBefore)
    return nextIsLast ? `${other}, our last story takes us back to ${where}.` : pick([`${other}, back to ${where}.`, `${other}, more from ${where}.`], index);
  if (nextIsLast) return pick([`${other}, our last story today is in ${where}.`, `${other}, take us out with ${where}.`], index);
  return pick([`${other}, what's the latest in ${where}?`, `${other}, take us to ${where}.`, `Over to you, ${other}, for ${where}.`], index);
}

export function offlineConversation(stories: readonly Story[], hosts: readonly [string, string], siteName: string): string {
  const [first, second] = hosts;
  const lines: string[] = [];
  // A host never speaks two lines in a row: a second line of the same host continues the first.
  let last: string | null = null;
  const say = (speaker: string, text: string) => {
    if (speaker === last) lines[lines.length - 1] += ` ${text}`;
    else lines.push(`${speaker}: ${text}`);
    last = speaker;
  };
  const topics = [...new Set(stories.map((story) => TOPIC_PHRASES[story.topic]))];
  say(first, `Welcome to the ${siteName} News Podcast. I'm ${first}.`);
  say(
    second,
    `And I'm ${second}. We have ${stories.length === 1 ? 'one story' : `${stories.length} stories`} today, ${
      topics.length > 1 ? `from ${joinAnd(topics.slice(0, -1))} to ${topics.at(-1)}` : `all in ${topics[0]}`
    }.[pause short]`,
  );
  stories.forEach((story, index) => {
    // Each person named in full at first mention, by surname after, in the order spoken.
    const fact = peopleNamer(story);
    const lead = index % 2 === 0 ? first : second;
    const other = lead === first ? second : first;
    // A story's topic is said once: by the first story's opener, else by the handover before it.
    const opener = index === 0 ? `${pick(["Let's start with", 'First up,'], index)} ${TOPIC_PHRASES[story.topic]}. ` : '';
    say(lead, `${opener}${fact(story.lead)}`);
    const extra = story.facts.filter((fact) => fact !== story.who && fact !== story.why);
    // Who is involved, told by the sentence that names them: a preface such as "And we know who is
    // part of this." said nothing the sentence after it does not.
    if (story.who) say(other, fact(story.who));
    // The other host adds a fact of their own (asking "What else do we know?" and answering it themselves read as one host talking to itself).
    else if (extra[0]) say(other, `${pick(['Here is what else we know.', 'We know a little more.'], index)}[pause short] ${fact(extra.shift()!)}`);
    // Why it matters: the sources' own sentence stating a consequence, with nothing in front but a
    // pointer to it. Said, not asked: a host asking "So why does this matter?" on a line of its own
    // only to hear the other answer was a line that told the listener nothing.
    if (story.why) say(lead, `${pick(['Here is why it matters.', 'Why it matters:', 'What it means:'], index)} ${fact(story.why)}`);
    const more = extra.find((fact) => fact !== story.lead);
    if (more) {
      // Named once: the namer names a person in full the first time only.
      const spoken = fact(more);
      const words = lowerFirstWord(spoken, story.sourceSentences, commonWordIn(spoken), everydayWord);
      say(story.why ? other : lead, `${pick(['Also worth knowing:', 'One more detail:', 'And another point:'], index)} ${words}`);
    }
    const reporters = reportedBy(story);
    if (reporters) say(other, `${story.siteCount > 1 ? 'That was reported by' : 'That comes from'} ${reporters}.[pause]`);
    const next = stories[index + 1];
    // A handover names where it goes: a bare "What's next?" is a line that tells the listener nothing.
    // Within one topic it says that the topic goes on, rather than announcing it again.
    if (next) {
      const heardBefore = stories.slice(0, index).some((earlier) => earlier.topic === next.topic);
      say(lead, handover(other, story, next, index === stories.length - 2, index, heardBefore));
    }
  });
  // The host who did not speak last closes the show, the other says goodbye.
  const closer = last === first ? second : first;
  say(closer, `That's all for today. Thanks for listening to the ${siteName} News Podcast.`);
  say(closer === first ? second : first, `See you next time.`);
  return lines.join('\n');
}
