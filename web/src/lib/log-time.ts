// The system log's times: 24-hour, in the product's time zone.
import { formatter } from './clock.js';

/** 24-hour 'HH:MM:SS' of an instant in the product's time zone (the activity log's times). */
export function formatTime24(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const parts = formatter(timeZone, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('hour')}:${part('minute')}:${part('second')}`;
}
