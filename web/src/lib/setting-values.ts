// A setting's fields as an editor holds them (texts, switches, table rows) and back, with the
// checks the editor makes before Save (numbers within bounds, an empty number is 0).
import type { SettingFieldDescription, SettingValue } from '../api/types.js';

export type DraftRow = Record<string, string | boolean>;
export type DraftValue = string | boolean | DraftRow[];

export function isNumeric(field: SettingFieldDescription): boolean {
  return field.kind === 'integer' || field.kind === 'number';
}

/** A stored value as the editor shows it. A stored secret is never put into the field. */
export function toDraft(field: SettingFieldDescription, stored: unknown): DraftValue {
  if (field.secret) return '';
  if (field.kind === 'boolean') return stored === true;
  if (field.kind === 'table') {
    const rows = Array.isArray(stored) ? (stored as Record<string, unknown>[]) : [];
    return rows.map((row) => Object.fromEntries((field.columns ?? []).map((column) => [column.name, toDraft(column, row?.[column.name]) as string | boolean])));
  }
  return stored === undefined || stored === null ? '' : String(stored);
}

/** What is sent back. An empty number field counts as 0, which the bounds then judge. */
function toStored(field: SettingFieldDescription, draft: DraftValue): unknown {
  if (field.kind === 'table') {
    return (draft as DraftRow[]).map((row) =>
      Object.fromEntries((field.columns ?? []).map((column) => [column.name, toStored(column, row[column.name] ?? '')])),
    );
  }
  if (field.kind === 'boolean') return draft === true;
  if (isNumeric(field)) return String(draft).trim() === '' ? 0 : Number(draft);
  return String(draft);
}

/** An empty row of a table: blank texts, unticked switches, a select's first option. */
export function emptyRow(field: SettingFieldDescription): DraftRow {
  return Object.fromEntries(
    (field.columns ?? []).map((column) => [column.name, column.kind === 'boolean' ? false : column.kind === 'select' ? (column.options?.[0] ?? '') : '']),
  );
}

/** What is wrong with a field's value, or null; a table reports its first wrong cell. */
export function problemOf(field: SettingFieldDescription, draft: DraftValue): string | null {
  if (field.kind === 'table') {
    const rows = draft as DraftRow[];
    if (field.minimum !== null && rows.length < field.minimum) return `Keep at least ${field.minimum} ${field.minimum === 1 ? 'row' : 'rows'}`;
    if (field.maximum !== null && rows.length > field.maximum) return `At most ${field.maximum} rows`;
    for (const [index, row] of rows.entries()) {
      for (const column of field.columns ?? []) {
        const problem = problemOf(column, row[column.name] ?? '');
        if (problem) return `Row ${index + 1}, ${column.label}: ${problem}`;
      }
    }
    return null;
  }
  if (field.kind === 'boolean' || field.kind === 'select') return null;
  const text = String(draft);
  if (isNumeric(field)) {
    const value = toStored(field, text) as number;
    const whole = field.kind === 'integer';
    const outside = (field.minimum !== null && value < field.minimum) || (field.maximum !== null && value > field.maximum);
    if (!Number.isFinite(value) || (whole && !Number.isInteger(value)) || outside) {
      const kind = whole ? 'a whole number' : 'a number';
      if (field.minimum !== null && field.maximum !== null) return `Enter ${kind} from ${field.minimum} to ${field.maximum}`;
      if (field.minimum !== null) return `Enter ${kind} of at least ${field.minimum}`;
      return `Enter ${kind}`;
    }
    return null;
  }
  if (field.maxLength !== null && text.length > field.maxLength) return `At most ${field.maxLength.toLocaleString('en-US')} characters`;
  return null;
}

export function sameDraft(a: DraftValue | undefined, b: DraftValue | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function storedValue(fields: readonly SettingFieldDescription[], values: Record<string, DraftValue>, into: SettingValue): SettingValue {
  const body: SettingValue = { ...into };
  for (const field of fields) body[field.name] = toStored(field, values[field.name] ?? '');
  return body;
}
