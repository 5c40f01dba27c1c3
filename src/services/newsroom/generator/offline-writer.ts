// The offline writer: a multi-source news article made of the sources' own sentences. It picks a
// lead that says what happened, then the key facts, most central first, skipping any sentence that
// repeats one already chosen (near-duplicates across sources appear once), gives each source a
// voice where it adds something, orders the facts as the sources do (inverted pyramid), attributes
// quotations and single-source claims to the site that carried them, and ends with the Sources.
// Nothing is invented: every body sentence is a source sentence, at most without a leading "But",
// and with a person first called by surname alone named as the sources introduce them (people.ts).
import type { ArticleSource } from '../../../db/generated-articles.js';
import { readableHost } from '../../reader/domains/host-names.js';
import { proseSiteName } from '../../reader/domains/site-name.js';
import { retold, storyMeanings } from './fact-meaning.js';
import { spelledOutInitialisms, withBothNames } from './initialisms.js';
import { pointedAt, SAID_BEFORE, statesAGeneralTruth } from './grammar.js';
import { definiteBackReference, introducedThingsFirst } from './definite-subject.js';
import { introductionsFirst, laterMentionsBySurname, peopleIntroducer } from './people.js';
import { shapeSentence, termOverlap, termSet, type SentenceShape } from './sentences.js';
import { splitSentences, wordCount } from '../../../shared/text/sentences.js';
import { siteHost } from '../../../shared/site-names.js';

export interface WriterSource {
  url: string;
  title: string;
  domain: string;
  text: string;
  /** The name the site's pages declare, when they do. */
  siteName?: string | null;
  /** Names of the outlets that republished this article word for word (not sources of their own). */
  republishedBy?: readonly string[];
  /** The headlines those copies ran under: another outlet's word on what the news is. */
  copyHeadlines?: readonly string[];
}

export interface WriterInput {
  title: string;
  description: string;
  sources: readonly WriterSource[];
  targetWords: number;
  /** False: a retelling is known by shared terms only, as the writer did before (benches compare). */
  byMeaning?: boolean;
}

export interface BodySentence {
  /** As printed, attribution included. */
  text: string;
  /** The source sentence it came from, as trimmed (no attribution). */
  sourceText: string;
  /** The source sentence with its people named as the sources introduce them (people.ts), no attribution. */
  named: string;
  sourceIndex: number;
}

export interface WrittenArticle {
  title: string;
  content: string;
  excerpt: string;
  /** Words of the body (the Sources section not counted). */
  wordCount: number;
  /** The sources used, in the order the Sources section lists them. */
  sources: ArticleSource[];
  body: BodySentence[];
}

export class InsufficientSourceText extends Error {}

/**
 * Sentences of two sources sharing more than this share of the smaller one's terms tell the same
 * fact: newsrooms retell a fact in their own words ("Chair Jerome Powell said inflation was cooling
 * and that the central bank could start cutting rates later in the year" / "Powell told reporters
 * that slower inflation could allow rate cuts before the end of the year"), so a retelling shares
 * far fewer words than a copy. Measured on the test fixtures' stories (each fact in two or three
 * wordings): retellings share a median 0.50 of their terms, sentences of different facts of one
 * story 0.08; above a third, 44 of 54 retellings and 2 of 1,010 pairs of related facts.
 */
const REDUNDANCY_THRESHOLD = 1 / 3;
/** Within one source a higher bar: an article's own sentences share its vocabulary without repeating themselves. */
const SAME_SOURCE_THRESHOLD = 0.5;
/** …or this share when they also state the same figure (a number is a fact's fingerprint). */
const SAME_FIGURE_THRESHOLD = 0.35;
const MIN_BODY_SENTENCES = 2;

interface Candidate extends SentenceShape {
  id: number;
  sourceIndex: number;
  rawIndex: number;
  relativePosition: number;
  terms: Set<string>;
  score: number;
  /** Another source has a sentence saying much the same. */
  corroborated: boolean;
  /** What it says beyond the story itself (fact-meaning.ts). */
  meaning: Float32Array;
  /** Terms of what it points back at ("that deadline"), which must be said before it: see pointsAt. */
  pointing: string[] | null;
  /** Terms of a definite subject its source introduced just before ("The agency…"): see definite-subject.ts. */
  refersBack: string[];
  /** States a general truth, not news (grammar.statesAGeneralTruth); tagged when first asked. */
  general?: boolean;
}

/** A sentence setting a feature's scene ("Armored dinosaurs are usually described as …"): no fact of the story. */
function general(c: Candidate): boolean {
  c.general ??= statesAGeneralTruth(c.text);
  return c.general;
}

/**
 * What the sentence points back at, tagged the first time a choice asks (tagging every sentence
 * costs). A thing it does not name ("will not need one") stays SAID_BEFORE, which no sentence's
 * terms hold: only the sentence before it in its source introduces it.
 */
function pointsAt(c: Candidate): string[] {
  c.pointing ??= pointedAt(c.text).flatMap((noun) => (noun === SAID_BEFORE ? [SAID_BEFORE] : [...termSet(noun)]));
  return c.pointing;
}

/** A source's host without www. and port: what an article's stored source list names. */
export function displayHost(domain: string): string {
  return siteHost(domain);
}

/** How written and spoken text names a source: its host as people read it (`bücher.example`). */
export function sourceName(domain: string): string {
  return readableHost(displayHost(domain));
}

/** A URL with a scheme: bare host/path addresses get https://. */
export function withScheme(url: string): string {
  const trimmed = url.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) return trimmed;
  // Another scheme stays as it is (and is never made a link); only a bare host/path gets https://.
  if (/^(javascript|data|vbscript|file|mailto|about|blob):/i.test(trimmed)) return trimmed;
  return `https://${trimmed.replace(/^\/+/, '')}`;
}

function figures(terms: Set<string>): Set<string> {
  return new Set([...terms].filter((term) => /\d/.test(term)));
}

/**
 * A figure precise enough that two sentences giving it, and sharing a little more, tell one fact:
 * three significant digits or more, not a year ("212,000" jobs, "$14,180" a tonne; not "2027",
 * "160,000" or "4.1"). Sources round the same count alike, and a story rarely has two such counts.
 */
function preciseFigure(term: string): boolean {
  if (!/^\d[\d.]*$/.test(term) || /^(?:1[89]|20)\d\d$/.test(term)) return false;
  return term.replace('.', '').replace(/^0+|0+$/g, '').length >= 3;
}
/** The share of terms two sentences with one precise figure must share besides (the figure among them). */
const PRECISE_FIGURE_OVERLAP = 0.2;

/** Two sentences that say the same thing, in any words that share enough of their terms. */
export function sameFact(a: Set<string>, b: Set<string>, sameSource = false): boolean {
  const overlap = termOverlap(a, b);
  if (overlap > (sameSource ? SAME_SOURCE_THRESHOLD : REDUNDANCY_THRESHOLD)) return true;
  if (overlap >= PRECISE_FIGURE_OVERLAP && [...a].some((term) => preciseFigure(term) && b.has(term))) return true;
  if (overlap < SAME_FIGURE_THRESHOLD) return false;
  return termOverlap(figures(a), figures(b)) > 0;
}

function candidatesOf(sources: readonly WriterSource[], byMeaning: boolean): Candidate[] {
  const candidates: Candidate[] = [];
  const texts = sources.map((source) => source.text);
  // Compared with each thing named both ways ("JPL" and "the Jet Propulsion Laboratory").
  const spelled = spelledOutInitialisms(texts);
  const compared = (text: string) => (spelled.size ? withBothNames(text, spelled) : text);
  texts.forEach((text, sourceIndex) => {
    const sentences = splitSentences(text);
    sentences.forEach((raw, rawIndex) => {
      const shape = shapeSentence(raw);
      if (!shape) return;
      candidates.push({
        ...shape,
        id: candidates.length,
        sourceIndex,
        rawIndex,
        relativePosition: sentences.length > 1 ? rawIndex / (sentences.length - 1) : 0,
        terms: termSet(compared(shape.text)),
        pointing: null,
        refersBack: definiteBackReference(shape.text, sentences.slice(Math.max(0, rawIndex - 2), rawIndex)),
        score: 0,
        corroborated: false,
        meaning: NO_MEANING,
      });
    });
  });
  if (byMeaning) storyMeanings(candidates.map((candidate) => compared(candidate.text))).forEach((meaning, i) => (candidates[i]!.meaning = meaning));
  return candidates;
}

const NO_MEANING = new Float32Array(0);

/**
 * The same fact: sharing enough terms (sameFact), or — told by another source — saying the same in
 * other words (fact-meaning.ts: "bullet trains halted" / "Shinkansen services were stopped").
 */
function tellsSameFact(a: Candidate, b: Candidate): boolean {
  const sameSource = a.sourceIndex === b.sourceIndex;
  return sameFact(a.terms, b.terms, sameSource) || (!sameSource && retold(a, b, termOverlap(a.terms, b.terms)));
}

function score(candidates: Candidate[], sourceCount: number, story: { title: Set<string>; description: Set<string> }): void {
  // A term's salience: the share of sources that use it. What several newsrooms say is the story.
  const sourcesUsing = new Map<string, Set<number>>();
  for (const candidate of candidates) {
    for (const term of candidate.terms) {
      let set = sourcesUsing.get(term);
      if (!set) sourcesUsing.set(term, (set = new Set()));
      set.add(candidate.sourceIndex);
    }
  }
  for (const candidate of candidates) {
    let salience = 0;
    for (const term of candidate.terms) salience += (sourcesUsing.get(term)!.size - 1) / Math.max(1, sourceCount - 1);
    // The headline says what the story is; the trend's description (a few of its sentences the
    // analyzer picked, often not the news itself) counts for less.
    const centrality =
      salience / Math.sqrt(Math.max(1, candidate.terms.size)) +
      0.6 * termOverlap(candidate.terms, story.title) +
      0.2 * termOverlap(candidate.terms, story.description);
    // Inverted pyramid: the top of an article carries the news.
    const position = 1.2 - 0.45 * Math.min(1, candidate.relativePosition * 1.5);
    const length = candidate.words < 12 ? 0.8 : candidate.words > 45 ? 0.85 : 1;
    // An aside (a feature's scene, "At a hiring fair in a hotel ballroom, …", or the story's history) is not its news.
    candidate.score = centrality * position * length * (candidate.dangling ? 0.8 : 1) * (candidate.aside ? 0.5 : 1);
  }
  for (let i = 0; i < candidates.length; i++) {
    const a = candidates[i]!;
    for (let j = i + 1; j < candidates.length; j++) {
      const b = candidates[j]!;
      if (a.sourceIndex !== b.sourceIndex && tellsSameFact(a, b)) a.corroborated = b.corroborated = true;
    }
  }
}

/**
 * How much of what the headlines say a sentence states: per source headline, the share of its terms
 * the sentence has, averaged. The news is what every outlet's headline names, whichever fact its
 * own first paragraph opens with and whichever headline the trend took as its title.
 */
function headlineRecall(candidate: Candidate, headlines: readonly Set<string>[]): number {
  let sum = 0;
  for (const headline of headlines) {
    if (headline.size === 0) continue;
    let shared = 0;
    for (const term of headline) if (candidate.terms.has(term)) shared++;
    sum += shared / headline.size;
  }
  return headlines.length ? sum / headlines.length : 0;
}

/** The share of sources whose first sentence tells what `candidate` tells: what most outlets open on is news. */
function openingShare(candidate: Candidate, openings: readonly Candidate[], sourceCount: number): number {
  let sources = 0;
  for (const opening of openings) if (opening === candidate || (opening.sourceIndex !== candidate.sourceIndex && tellsSameFact(opening, candidate))) sources++;
  return sources / Math.max(1, sourceCount);
}

/**
 * The lead: a central sentence that states what the headlines say, and what outlets open on.
 * Chosen on the local web's stories (test/fixtures/stories/local-web.ts, each source opening on
 * another fact) with each of their headlines in turn as the trend's title (`npm run bench -- leads`):
 * the title's terms alone led right 34 of 39 times; with every headline's share beside them 36; with
 * the openings' share at half weight 37 (0.25 the same; at 1 two outlets opening on one scene
 * outweigh the headlines, see the tram story of offline-writer.test.ts), and 11 of 11 again with a
 * description that dwells on side facts, where the headlines alone lost one.
 */
function pickLead(candidates: Candidate[], titleTerms: Set<string>, headlines: readonly Set<string>[], sourceCount: number): Candidate | null {
  const firstOfSource = new Map<number, Candidate>();
  for (const c of candidates) if ((firstOfSource.get(c.sourceIndex)?.rawIndex ?? Infinity) > c.rawIndex) firstOfSource.set(c.sourceIndex, c);
  const openings = [...firstOfSource.values()];
  const fits = (c: Candidate, strict: boolean) =>
    !c.dangling &&
    !c.quote &&
    !c.aside &&
    (!strict || (c.rawIndex <= 2 && c.words >= 12 && c.words <= 50)) &&
    [...pointsAt(c), ...c.refersBack].every((term) => titleTerms.has(term));
  const value = (candidate: Candidate) => {
    const told = 0.5 * termOverlap(candidate.terms, titleTerms) + headlineRecall(candidate, headlines);
    const opens = openingShare(candidate, openings, sourceCount);
    return candidate.score * (1 + told + 0.5 * opens) * (candidate.corroborated ? 1.15 : 1);
  };
  for (const strict of [true, false]) {
    // Best first; a general truth is found by tagging, so only the best few are asked.
    const ranked = candidates
      .filter((candidate) => fits(candidate, strict))
      .map((candidate) => ({ candidate, value: value(candidate) }))
      .sort((a, b) => b.value - a.value || a.candidate.id - b.candidate.id);
    const lead = ranked.find(({ candidate }) => !general(candidate));
    if (lead) return lead.candidate;
  }
  return null;
}

/**
 * The sentence with its source named: `(Site)` after it, or `, Site reported.` after a quotation.
 * A site without a name people say (an address) is "one source": `…, according to one source.`
 */
function attribute(candidate: Candidate, site: string | null, attributeClaims: boolean): string {
  const text = candidate.text;
  if (candidate.quote) {
    // `…," the mayor said.` → `…," the mayor said, Site reported.`; a sentence ending inside its
    // quotation keeps it whole and takes the short form, before a full stop set after the closing
    // quote (`…sorry”.` → `…sorry” (Site).`), not after the sentence.
    if (/[^"”'’)]\.$/.test(text)) return `${text.slice(0, -1)}, ${site ?? 'one source'} reported.`;
    if (!site) return text;
    return /["”'’]\.$/.test(text) ? `${text.slice(0, -1)} (${site}).` : `${text} (${site})`;
  }
  // A claim only one source makes is attributed; one ending in an abbreviation ("at 7 a.m.") is
  // left as it is rather than made ambiguous.
  if (attributeClaims && !candidate.corroborated && /[^"”'’).][.!]$/.test(text) && !/\b[a-z]\.[a-z]\.$/i.test(text)) {
    return site ? `${text.slice(0, -1)} (${site})${text.slice(-1)}` : `${text.slice(0, -1)}, according to one source${text.slice(-1)}`;
  }
  return text;
}

const excerptOf = (lead: string) => (lead.length > 300 ? `${lead.slice(0, 297).replace(/\s+\S*$/, '')}…` : lead);

/** Of two sentences of the news (or two asides), whether `a` is printed before `b`: the more central first, then the higher up its source. */
function printsFirst(a: Candidate, b: Candidate): boolean {
  return a.score > b.score || (a.score === b.score && a.relativePosition < b.relativePosition);
}

export function writeOfflineArticle(input: WriterInput): WrittenArticle {
  const sources = input.sources;
  const target = Math.max(50, input.targetWords);
  const candidates = candidatesOf(sources, input.byMeaning ?? true);
  const titleTerms = termSet(input.title);
  score(candidates, sources.length, { title: titleTerms, description: termSet(input.description) });

  const lead = pickLead(candidates, titleTerms, sources.flatMap((source) => [source.title, ...(source.copyHeadlines ?? [])]).map(termSet), sources.length);
  if (!lead) {
    throw new InsufficientSourceText(`the ${sources.length} source articles hold no sentence that can lead an article`);
  }
  const chosen = new Map<number, Candidate>([[lead.id, lead]]);
  let words = lead.words;
  const quoteLimit = Math.max(2, Math.floor(target / 200));
  let quotes = 0;
  const byPosition = new Map(candidates.map((c) => [`${c.sourceIndex}:${c.rawIndex}`, c]));
  const predecessorChosen = (c: Candidate) => {
    const before = byPosition.get(`${c.sourceIndex}:${c.rawIndex - 1}`);
    return before !== undefined && chosen.has(before.id);
  };
  // A sentence that continues the one before it in its source ("She added…", "that deadline", "The
  // agency…" where the headline and lead do not say which) is printed right after it, when that one
  // is chosen; the others stand on their own.
  const known = (term: string) => titleTerms.has(term) || lead.terms.has(term);
  const leans = (c: Candidate) => c.dangling || !pointsAt(c).every(known) || !c.refersBack.every(known);
  const follows = (other: Candidate, c: Candidate) => other.sourceIndex === c.sourceIndex && other.rawIndex === c.rawIndex - 1 && leans(c);
  // "Miss that deadline" needs the deadline said before it: in the headline, or in a sentence chosen
  // already that is printed before it (the lead, the sentence it continues, or one printed earlier
  // in the order below: the news before the asides, each the more central first).
  const printedBefore = (other: Candidate, c: Candidate) =>
    other.id === lead.id || follows(other, c) || (other.aside === c.aside ? printsFirst(other, c) : c.aside);
  const introduced = (term: string, c: Candidate) =>
    titleTerms.has(term) || [...chosen.values()].some((other) => other.terms.has(term) && printedBefore(other, c));
  const redundant = (c: Candidate) => {
    for (const other of chosen.values()) if (tellsSameFact(c, other)) return true;
    return false;
  };
  const tryAdd = (c: Candidate, minimumScore: number): boolean => {
    if (chosen.has(c.id) || c.score < minimumScore) return false;
    if (c.dangling && !predecessorChosen(c)) return false;
    if (c.quote && quotes >= quoteLimit) return false;
    if (words >= target * 0.95) return false;
    if (words + c.words > target * 1.12 && words >= target * 0.6) return false;
    if (redundant(c)) return false;
    if (!pointsAt(c).every((term) => introduced(term, c)) && !predecessorChosen(c)) return false;
    // "The agency…" needs the agency said before it, wherever its source said it.
    if (!c.refersBack.every((term) => introduced(term, c))) return false;
    if (general(c)) return false;
    chosen.set(c.id, c);
    words += c.words;
    if (c.quote) quotes++;
    return true;
  };

  const ranked = [...candidates].sort((a, b) => b.score - a.score || a.id - b.id);
  // Every source that adds something gets a voice first; then the most central facts fill the length.
  const floor = lead.score * 0.3;
  const bySourceBest = new Map<number, Candidate[]>();
  for (const candidate of ranked) {
    const list = bySourceBest.get(candidate.sourceIndex) ?? [];
    list.push(candidate);
    bySourceBest.set(candidate.sourceIndex, list);
  }
  for (const list of bySourceBest.values()) {
    if (list.some((c) => chosen.has(c.id))) continue;
    for (const candidate of list) if (tryAdd(candidate, floor)) break;
  }
  for (let pass = 0; pass < 2; pass++) {
    // A second pass takes the sentences that continue one chosen in the first ("She added…").
    // A sentence sharing no term with the other sources or the trend (a stray paragraph of another
    // story) stays out however short the article.
    for (const candidate of ranked) tryAdd(candidate, Number.MIN_VALUE);
  }

  const body = [...chosen.values()].filter((c) => c.id !== lead.id);
  if (body.length + 1 < MIN_BODY_SENTENCES) {
    throw new InsufficientSourceText(`the ${sources.length} source articles hold too little usable text (${body.length + 1} sentence)`);
  }

  // Chains: runs of consecutive sentences of one source, in their order, that stay together: a
  // sentence joins the one before it when it continues it, or when it would be printed after it
  // anyway; one more central than the sentence before it starts a chain of its own.
  body.sort((a, b) => a.sourceIndex - b.sourceIndex || a.rawIndex - b.rawIndex);
  const chains: Candidate[][] = [];
  for (const candidate of body) {
    const last = chains.at(-1)?.at(-1);
    const consecutive = last !== undefined && last.sourceIndex === candidate.sourceIndex && last.rawIndex === candidate.rawIndex - 1;
    if (consecutive && (follows(last, candidate) || !printsFirst(candidate, last))) chains.at(-1)!.push(candidate);
    else chains.push([candidate]);
  }
  // The news first: a chain opening on a scene or the story's history comes after the others; then
  // the most central first (its score counts its place in its source): a minor detail that stood
  // high in one telling no longer comes second, before the facts every source tells.
  chains.sort((a, b) => Number(a[0]!.aside) - Number(b[0]!.aside) || (printsFirst(a[0]!, b[0]!) ? -1 : printsFirst(b[0]!, a[0]!) ? 1 : 0));
  const ordered = introducedThingsFirst(
    introductionsFirst(chains, (chain) => chain.map((c) => c.text).join(' '), `${input.title} ${lead.text}`),
    new Set([...titleTerms, ...lead.terms]),
  );

  const attributeClaims = sources.length >= 3;
  const nameOf = sources.map((source) => proseSiteName(source.domain, source.siteName));
  const siteOf = (c: Candidate) => nameOf[c.sourceIndex]!;
  const printed: BodySentence[] = [];
  // Every sentence of the sources may introduce someone, those too long to print among them.
  const introduce = peopleIntroducer(
    [...chosen.values()].map((c) => c.text),
    sources.flatMap((source) => splitSentences(source.text)),
  );
  // A person named in full once is called by surname after.
  const shorten = laterMentionsBySurname();
  // The source the sentence before credited, within the paragraph: the claims that follow it from
  // the same source read as its continuation, not "(Summit Chronicle)" after every sentence.
  let credited: number | null = null;
  const print = (c: Candidate): string => {
    const continues = credited === c.sourceIndex && !c.quote;
    const named = introduce(c.text);
    const shortened = shorten(named);
    const text = attribute({ ...c, text: shortened }, siteOf(c), attributeClaims && c.id !== lead.id && !continues);
    if (text !== shortened) credited = c.sourceIndex;
    else if (!continues) credited = null;
    printed.push({ text, sourceText: c.text, named, sourceIndex: c.sourceIndex });
    return text;
  };
  const paragraphs: string[] = [print(lead)];
  let paragraph: string[] = [];
  const breakParagraph = () => {
    paragraphs.push(paragraph.join(' '));
    paragraph = [];
    credited = null;
  };
  for (const chain of ordered) {
    if (paragraph.length >= 2 || (paragraph.length > 0 && paragraph.length + chain.length > 3)) breakParagraph();
    for (const candidate of chain) {
      if (paragraph.length >= 3 && !candidate.dangling) breakParagraph();
      paragraph.push(print(candidate));
    }
  }
  if (paragraph.length > 0) paragraphs.push(paragraph.join(' '));

  // Every source article of the story once (by address), those the article quotes first, in the
  // order they first speak in it: "compiled from N sources" counts what the story was made from.
  const order: number[] = [];
  for (const sentence of printed) if (!order.includes(sentence.sourceIndex)) order.push(sentence.sourceIndex);
  sources.forEach((_, i) => !order.includes(i) && order.push(i));
  const listed: number[] = [];
  const addresses = new Set<string>();
  for (const i of order) {
    const url = withScheme(sources[i]!.url);
    if (addresses.has(url)) continue;
    addresses.add(url);
    listed.push(i);
  }
  const used: ArticleSource[] = listed.map((i) => ({
    url: withScheme(sources[i]!.url),
    title: sources[i]!.title.trim(),
    domain: displayHost(sources[i]!.domain),
  }));
  const sourceLines = listed.map((i, n) => `- ${used[n]!.title}${nameOf[i] ? ` (${nameOf[i]})` : ''}: ${used[n]!.url}`);
  const bodyText = paragraphs.join('\n\n');
  const republishers = new Set(listed.flatMap((i) => sources[i]!.republishedBy ?? []));
  const republished = republishers.size ? ` (${republishers.size} more ${republishers.size === 1 ? 'site' : 'sites'} carried the same text)` : '';
  const content = [
    bodyText,
    '**Sources**',
    `This article was compiled from ${used.length} ${used.length === 1 ? 'source' : 'sources'}${republished}:\n${sourceLines.join('\n')}`,
  ].join('\n\n');

  return {
    title: input.title.trim(),
    content,
    excerpt: excerptOf(printed[0]!.text),
    wordCount: wordCount(bodyText),
    sources: used,
    body: printed,
  };
}
