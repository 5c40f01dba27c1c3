// The spider panel's Recent Activity (spec 001 §2): lines newest first, each stamped with the
// product's local time, pushed live as spider_activity.
export const ACTIVITY_LINES = 100;

/** `HH:MM:SS` in the product's time zone (the console's logs use 24-hour times). */
export function clockTime(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(date);
}

export function activityLine(message: string, at: Date, timeZone: string): string {
  return `[${clockTime(at, timeZone)}] ${message}`;
}

/** Run time as the console shows it: "0m", "4m 12s". */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds === 0) return '0m';
  const minutes = Math.floor(seconds / 60);
  return `${minutes}m ${seconds % 60}s`;
}
