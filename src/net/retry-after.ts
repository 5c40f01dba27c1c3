/**
 * Reads a Retry-After header (RFC 9110 §10.2.3): delay-seconds or an HTTP-date. Returns the delay
 * in milliseconds (0 for a date in the past), or undefined when the header is absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^[0-9]+$/.test(text)) {
    const seconds = Number(text);
    return Number.isSafeInteger(seconds) ? seconds * 1000 : undefined;
  }
  // Only an HTTP-date (it names a day or month); Date.parse would read "-5" as a year.
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}
