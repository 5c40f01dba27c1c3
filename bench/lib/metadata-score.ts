// How the extraction data set's README compares metadata with its gold: titles exactly and after
// normalisation, authors after normalisation, dates by calendar day.

/** Lower-cased, punctuation dropped, spaces collapsed. */
export function normaliseLabel(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function sameLabel(ours: string | null | undefined, gold: string): boolean {
  return !!ours && normaliseLabel(ours) === normaliseLabel(gold);
}

const ZONE = /(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * True when `ours` falls on the gold date's calendar day. A zoned date-time is moved to the gold's
 * offset first (the gold gives the publisher's local day); anything else is compared as written.
 */
export function sameCalendarDay(ours: string | null | undefined, gold: string): boolean {
  if (!ours) return false;
  const goldDay = gold.slice(0, 10);
  const oursZoned = ours.includes('T') && ZONE.test(ours);
  const goldOffset = /([+-])(\d{2}):?(\d{2})$/.exec(gold);
  if (!oursZoned || !gold.includes('T')) return ours.slice(0, 10) === goldDay;
  const instant = Date.parse(ours);
  if (Number.isNaN(instant)) return false;
  const offsetMs = goldOffset ? (goldOffset[1] === '-' ? -1 : 1) * (Number(goldOffset[2]) * 60 + Number(goldOffset[3])) * 60_000 : 0;
  return new Date(instant + offsetMs).toISOString().slice(0, 10) === goldDay;
}
