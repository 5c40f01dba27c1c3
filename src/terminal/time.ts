// Times as operators read them: in the product's time zone, as the console, the CLI's tables and the
// dashboard show them. The API gives ISO times in UTC; --json keeps those.

const dates = new Map<string, Intl.DateTimeFormat>();

/** "2026-11-26 13:05:26" in `timeZone` (UTC when unknown); "never" for no time. */
export function dateTime(iso: string | null, timeZone: string | null): string {
  if (!iso) return 'never';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const zone = timeZone ?? 'UTC';
  let format = dates.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    dates.set(zone, format);
  }
  const part = Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
}
