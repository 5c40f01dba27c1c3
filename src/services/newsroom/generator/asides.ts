// Asides to a story's news in its sources' sentences: a feature's scene and the story's history.
// An article may tell them; its lead, its reasons why, and what is told aloud or sung are news.

/** A place set with "a"/"an" before the news: "At a hiring fair", "In a rented hall", "Inside a cramped clinic". */
const SCENE =
  /^(at|in|on|inside|outside|along|across|behind|beside|near|above|below|beneath)\s+an?\s+(?:[\p{L}'-]+\s+){0,3}(hall|ballroom|fair|stall|booth|shop|store|kitchen|room|office|field|farm|village|town|house|home|church|chapel|school|classroom|courtroom|hospital|clinic|ward|warehouse|factory|garage|basement|street|road|market|restaurant|cafe|café|diner|bar|park|lab|laboratory|yard|barn|orchard|dock|harbor|harbour|port|hotel|motel|apartment|gym|stadium|library|studio|tent|camp|shelter|cabin|mine|parking lot|strip mall|corner)\b/iu;

/**
 * A moment set to the minute before its comma: "At 3:17 on Friday morning, a night nurse heard…".
 * A feature opens its scene so; news gives the day, and the minute, if at all, after its verb, or
 * credits the moment to whoever reported it ("…, the sheriff's office said.").
 */
const CLOCK_SCENE = /^(?:at|by|around|just\s+(?:after|before))\s+(?:about\s+)?\d{1,2}:\d{2}\b[^,]{0,60},\s/i;
const CREDITED = /,\s+(?:[^,"“”]{1,80}\s)?(?:said|says|reported|reports|according\s+to\s+[^,"“”]{1,80})\.?$/i;

/** Whether a sentence opens on a feature's scene: "At a hiring fair in a hotel ballroom…", "In a rented hall above a bicycle shop…". */
function opensOnAScene(sentence: string): boolean {
  const opening = sentence.trim().replace(/^["“]/, '');
  return SCENE.test(opening) || (CLOCK_SCENE.test(opening) && !CREDITED.test(opening));
}

/**
 * An opening phrase set in the past, set off by its comma: "In 1911, …", "When the bank opened its
 * first window in 1911, …", "Decades ago, …", "For years, …". What follows is the story's history.
 */
const PAST_OPENER = /^(?:(?:back\s+)?in|when|by|until|before|during)\b[^,]{0,160}?\b(1[5-9]\d\d|20\d\d)\b[^,]{0,80},\s/i;
/** A past century (not this one) in such a phrase: "When the first records were kept in the late nineteenth century, …". */
const PAST_CENTURY = String.raw`(?:1\d(?:st|nd|rd|th)|20th|(?:eleven|twelf|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twentie)th)\s+century`;
const CENTURY_OPENER = new RegExp(String.raw`^(?:(?:back\s+)?in|when|by|until|before|during)\b[^,]{0,160}?\b${PAST_CENTURY}\b[^,]{0,80},\s`, 'i');
const AGO_OPENER =
  /^(?:(?:some|about|nearly|almost|more than)\s+)?(?:decades|years|generations|centuries|a century|a generation|\w+\s+(?:decades|centuries))\s+ago\b|^for\s+(?:(?:more than|nearly|almost|over|about|some|well over)\s+)?(?:(?:two|three|four|five|six|seven|eight|nine|ten|several|many|a few|\d+)\s+)?(?:decades|years|generations|centuries)\b(?!\s+to\s+come)/i;
/** A year this far back is history, not the week's news (last year's may still be the story's). */
const HISTORY_YEARS = 2;

/**
 * Whether a sentence opens on the story's history: a time years back ("When Northgate opened its
 * first teller window in 1911, its founders lent mostly to furniture makers"). Features tell it
 * to set the scene; it is background, never the news.
 */
function opensOnHistory(sentence: string, year = new Date().getUTCFullYear()): boolean {
  const text = sentence.trim().replace(/^["“]/, '');
  if (AGO_OPENER.test(text) || CENTURY_OPENER.test(text)) return true;
  const past = PAST_OPENER.exec(text);
  return past !== null && Number(past[1]) <= year - HISTORY_YEARS;
}

/** A sentence's last phrase dating it years back: "…near Jordan, Montana, in 2019.", "…back in the spring of 2015." */
const PAST_ENDING =
  /\b(?:back\s+)?in\s+(?:the\s+)?(?:(?:early|late|mid-?)\s*)?(?:(?:january|february|march|april|may|june|july|august|september|october|november|december|spring|summer|autumn|fall|winter)\s+(?:of\s+)?)?(1[5-9]\d\d|20\d\d)[\s.!?"”']*$/i;
/** A sentence's last phrase setting it years back: "…banned the app from her house two years ago." */
const AGO_ENDING =
  /\b(?:(?:some|about|nearly|almost|more than|over)\s+)?(?:(?:two|three|four|five|six|seven|eight|nine|ten|several|many|a few|\d+)\s+(?:years|decades)|a\s+decade|decades|a\s+generation|a\s+century)\s+ago[\s.!?"”']*$/i;
/** A scene told as it unfolded ("was riding the north fence…"), and a year it is set in: an anecdote of the story's past. */
const NARRATED = /\b(?:was|were)\s+\w+ing\b/i;
const YEAR_WITHIN =
  /\bin\s+(?:the\s+)?(?:(?:spring|summer|autumn|fall|winter|january|february|march|april|may|june|july|august|september|october|november|december)\s+(?:of\s+)?)?(1[5-9]\d\d|20\d\d)\b/i;
/** A time of the week's news, or a record the past year measures: the sentence is news ("…the hottest since records began in 1850"). */
const NEWS_TIME =
  /\b(?:today|tonight|yesterday|this\s+(?:week|month|morning|afternoon|evening)|last\s+(?:week|night)|monday|tuesday|wednesday|thursday|friday|saturday|sunday|since|record|first\s+time|\w+est)\b/i;

/**
 * An act told as a gerund ("convicted … for fatally shooting a man in 2020", "despite the couple
 * stepping down in 2020"), what someone says, or what will or may follow ("…will help the city
 * recover from the closure of its mill a decade ago"): the year dates the act, not the news.
 */
const DATED_ACT =
  /\b(?:for|after|before|of|by|while|over|despite)\s+(?:[\w']+\s+){0,3}?(?:\w+ly\s+)?\w+ing\b|\b(?:says|say|said|told|will|would|could|can|may|might|should|must)\b/i;

/**
 * Whether a sentence tells an event dated years back and nothing of this week's: "Rancher Joan
 * Hollis found the fossil … near Jordan, Montana, in 2019." It is the story's history however it
 * opens; "The plant, opened in 2015, closed on Monday" and "A jury convicted him of murder for
 * shooting a man in 2020" are news.
 */
function datedYearsBack(sentence: string, year = new Date().getUTCFullYear()): boolean {
  const text = sentence.trim();
  const past = PAST_ENDING.exec(text);
  const within = NARRATED.test(text) ? YEAR_WITHIN.exec(text) : null;
  const back =
    (past !== null && Number(past[1]) <= year - HISTORY_YEARS) || AGO_ENDING.test(text) || (within !== null && Number(within[1]) <= year - HISTORY_YEARS);
  return back && !NEWS_TIME.test(sentence) && !DATED_ACT.test(sentence);
}

/**
 * A span of decades or centuries ("for more than two decades", "in the last century", "for more
 * than a decade"), which with a perfect ("has changed hands four times in the last century") tells
 * the story's history; after a record ("its lowest in two decades", "the first time in a decade")
 * it is news.
 */
const LONG_SPAN =
  /\b(?:for|over|in|during)\s+(?:the\s+(?:last|past|previous)\s+)?(?:(?:more than|nearly|almost|over|about|some|well over)\s+)?(?:(?:a|two|three|four|five|six|seven|eight|nine|ten|several|many|a few|\d+)\s+)?(?:decades?|centuries|century)\b/gi;
const RECORD_BEFORE = /\b(?:\w+est|most|least|first|record|worst|best)\s+(?:\w+\s+)?$/i;
const PERFECT = /\b(?:has|have|had)\s+(?:(?:\w+ly|not|never|long|also)\s+)?(?:been|\w+(?:ed|en|wn|ght|ung|ne))\b/i;

function spansDecades(text: string): boolean {
  if (!PERFECT.test(text)) return false;
  for (const span of text.matchAll(LONG_SPAN)) if (!RECORD_BEFORE.test(text.slice(Math.max(0, span.index - 30), span.index))) return true;
  return false;
}

/**
 * Someone's memory of a time before the news: "Marjorie Tell … remembers the spring of 2022, when
 * the reactor went quiet", "She still recalls how the whistle woke the valley". Not a recall of
 * goods ("recalled the day's bread").
 */
const RECOLLECTION =
  /\b(?:remember|remembers|remembered|recall|recalls|recalled)\s+(?:\w+\s+){0,2}?(?:when|how|the\s+(?:day|days|night|morning|afternoon|evening|week|month|year|years|spring|summer|autumn|fall|winter|time|moment)\b(?!['’]s))/i;

/**
 * A state before the news, said as one ("California had already banned the dye in foods sold in
 * the state", "The pier had previously served as…"): the past perfect with "already", "previously",
 * "earlier" or "once" in the sentence's own first clause. Not when someone is reported to say it
 * ("Police said the driver had already left"), nor in a clause that describes something ("…in which
 * one child had previously attended…"): those are facts of the news.
 */
const PRIOR_STATE = /\bhad\s+(?:already|previously|earlier|once|long\s+since)\s+\w+/i;
const BEFORE_PRIOR_STATE =
  /\b(?:that|which|who|whom|whose|if|when|whether|because|says?|said|told|tells|suggest(?:s|ed)?|claim(?:s|ed)?|add(?:s|ed)|not(?:es|ed)|warn(?:s|ed)|report(?:s|ed)|according)\b/i;

function toldAsBefore(sentence: string): boolean {
  const prior = PRIOR_STATE.exec(sentence);
  return prior !== null && !BEFORE_PRIOR_STATE.test(sentence.slice(0, prior.index));
}

/**
 * Whether a sentence is an aside to the story's news: a feature's scene ("At a hiring fair in a
 * hotel ballroom…") or the story's history ("In 1911, …", "…found the fossil in 2019.", "The
 * valley has changed hands four times in the last century", someone's memory of it, a state
 * before it). It may be told in an article, never as the lead, nor as why the story matters, a
 * fact told aloud or a line of its song.
 */
export function isAnAside(sentence: string): boolean {
  return (
    opensOnAScene(sentence) ||
    opensOnHistory(sentence) ||
    datedYearsBack(sentence) ||
    spansDecades(sentence) ||
    RECOLLECTION.test(sentence) ||
    toldAsBefore(sentence)
  );
}
