// Times are shown in the product's own time zone with its real abbreviation.

const FALLBACK_ZONE = 'America/Chicago';

export function formatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone });
  } catch {
    // An unknown zone from a misconfigured daemon must not blank the page.
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone: FALLBACK_ZONE });
  }
}

/** 'h:mm AM/PM TZ', e.g. '3:05 PM CDT'; 'Never' when there is no time. */
export function formatClockTime(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return 'Never';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Never';
  const parts = formatter(timeZone, {
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZoneName: 'short',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === type)?.value ?? '';
  // Built from parts: ICU puts a narrow no-break space before AM/PM, which the product's text does not have.
  return `${part('hour')}:${part('minute')} ${part('dayPeriod').toUpperCase()} ${part('timeZoneName')}`;
}

/** A coming time: 'Sun 3:05 PM CDT' (its weekday, so tomorrow's first slot does not read as today's). */
export function formatComingTime(iso: string, timeZone: string): string {
  const weekday = formatter(timeZone, { weekday: 'short' }).format(new Date(iso));
  return `${weekday} ${formatClockTime(iso, timeZone)}`;
}

/** Calendar date 'YYYY-MM-DD' of an instant in the product's time zone. */
export function dateInZone(date: Date, timeZone: string): string {
  const parts = formatter(timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Player time: 'm:ss', or 'h:mm:ss' from an hour up. */
export function formatPlayerTime(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
