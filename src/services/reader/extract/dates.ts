// Publication dates as ISO 8601, keeping the offset the page gave so the calendar day stays the
// publisher's (converting to UTC would move late-evening articles to the next day).

const ISO_LIKE = /^(\d{4})-?(\d{2})-?(\d{2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

function plausible(year: number, month: number, day: number): boolean {
  if (year < 1900 || year > 2100 || month < 1 || month > 12 || day < 1 || day > 31) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1;
}

/** Normalises a machine-readable date ("2024-05-03T15:47:42.389+02:00", "20240503", RFC 2822…) or returns null. */
export function isoDate(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const text = raw.trim();
  if (!text || text.length > 64) return null;
  const match = ISO_LIKE.exec(text);
  if (match) {
    const [, y, m, d, hh, mm, ss, zone] = match;
    const year = Number(y);
    const month = Number(m);
    const day = Number(d);
    if (!plausible(year, month, day)) return null;
    const datePart = `${y}-${m}-${d}`;
    if (hh === undefined) return datePart;
    if (Number(hh) > 23 || Number(mm) > 59 || Number(ss ?? 0) > 59) return datePart;
    const time = `${pad(Number(hh))}:${mm}:${ss ?? '00'}`;
    if (!zone) return `${datePart}T${time}`;
    if (zone.toUpperCase() === 'Z') return `${datePart}T${time}Z`;
    const digits = zone.replace(':', '');
    const offset = digits.length === 3 ? `${digits}:00` : `${digits.slice(0, 3)}:${digits.slice(3)}`;
    return `${datePart}T${time}${offset}`;
  }
  // Epoch timestamps (seconds or milliseconds) appear in some JSON-LD.
  if (/^\d{10}(?:\d{3})?$/.test(text)) {
    const date = new Date(text.length === 13 ? Number(text) : Number(text) * 1000);
    if (!plausible(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate())) return null;
    return date.toISOString().replace('.000Z', 'Z');
  }
  // Numeric day and month in either order, when the values say which is which.
  const numeric = /^(\d{1,2})[./](\d{1,2})[./](\d{4})(?:[ ,T]+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AP]M)?)?$/i.exec(text);
  if (numeric) {
    const [, a, b, y, hh, mm, ss, meridiem] = numeric;
    const first = Number(a);
    const second = Number(b);
    let day: number;
    let month: number;
    if (first > 12 && second <= 12) [day, month] = [first, second];
    else if (second > 12 && first <= 12) [day, month] = [second, first];
    else return null;
    const year = Number(y);
    if (!plausible(year, month, day)) return null;
    const datePart = `${y}-${pad(month)}-${pad(day)}`;
    if (hh === undefined) return datePart;
    let hour = Number(hh) % 24;
    if (meridiem) hour = (Number(hh) % 12) + (meridiem.toUpperCase() === 'PM' ? 12 : 0);
    return `${datePart}T${pad(hour)}:${mm}:${ss ?? '00'}`;
  }
  // Only textual dates with a four-digit year: Date.parse guesses wildly on anything shorter.
  if (!/\b(19|20)\d{2}\b/.test(text) || !/[a-z]{3}/i.test(text)) return null;
  // Without a zone, read the date as written (UTC) so the result never depends on the host's time zone.
  const hasZone = /(?:\b(?:GMT|UTC)\b|[+-]\d{2}:?\d{2}\b|\dZ\b)/i.test(text);
  const parsed = Date.parse(hasZone ? text : `${text} UTC`);
  if (Number.isNaN(parsed)) return null;
  const date = new Date(parsed);
  if (!plausible(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate())) return null;
  const hasTime = /\d:\d{2}/.test(text);
  if (!hasTime) return date.toISOString().slice(0, 10);
  return hasZone ? date.toISOString().replace('.000Z', 'Z') : date.toISOString().slice(0, 19);
}

/**
 * The instant of a date as pages, feeds and sitemaps write it (ISO 8601, RFC 822, W3C-DTF, epoch,
 * textual; isoDate): a time without an offset is read as UTC, a date alone as its midnight UTC.
 * Null when it reads as no plausible date. The one date parser of the crawl.
 */
export function dateOf(raw: string | null | undefined): Date | null {
  const iso = isoDate(raw);
  if (!iso) return null;
  const date = new Date(/T\d\d:\d\d:\d\d$/.test(iso) ? `${iso}Z` : iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const MONTH_FIRST = new RegExp(`\\b${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, 'i');
const DAY_FIRST = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\.?\\s+(?:of\\s+)?${MONTH},?\\s+(\\d{4})\\b`, 'i');
const ISO_IN_TEXT = /\b(\d{4})-(\d{2})-(\d{2})\b/;

/** The first calendar date written out in visible text ("December 17, 2025", "17 Dec 2025", "2025-12-17"), as YYYY-MM-DD. */
export function dateInText(text: string): string | null {
  const sample = text.slice(0, 300);
  const monthFirst = MONTH_FIRST.exec(sample);
  const dayFirst = DAY_FIRST.exec(sample);
  const iso = ISO_IN_TEXT.exec(sample);
  const found: { index: number; year: number; month: number; day: number }[] = [];
  if (monthFirst)
    found.push({
      index: monthFirst.index,
      year: Number(monthFirst[3]),
      month: MONTHS.indexOf(monthFirst[1]!.slice(0, 3).toLowerCase()) + 1,
      day: Number(monthFirst[2]),
    });
  if (dayFirst)
    found.push({
      index: dayFirst.index,
      year: Number(dayFirst[3]),
      month: MONTHS.indexOf(dayFirst[2]!.slice(0, 3).toLowerCase()) + 1,
      day: Number(dayFirst[1]),
    });
  if (iso) found.push({ index: iso.index, year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) });
  found.sort((a, b) => a.index - b.index);
  for (const date of found) {
    if (plausible(date.year, date.month, date.day)) return `${date.year}-${pad(date.month)}-${pad(date.day)}`;
  }
  return null;
}
