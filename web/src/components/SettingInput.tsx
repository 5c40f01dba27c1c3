import type { ReactNode } from 'react';
import type { SettingFieldDescription } from '../api/types';
import { emptyRow, isNumeric, type DraftRow, type DraftValue } from '../lib/setting-values';
import { Field, type FieldControlProps } from './Field';

interface SettingInputProps {
  field: SettingFieldDescription;
  value: DraftValue;
  onChange: (value: DraftValue) => void;
  disabled: boolean;
  rows: number;
  /** Choices for text fields and columns the server leaves free (a speaker's voice). */
  choices?: Readonly<Record<string, readonly string[]>>;
}

/** A select of `options`, keeping a stored value that is not among them (it stays visible). */
function Choice({
  value,
  options,
  control,
  onChange,
  disabled,
  className = 'field',
}: {
  value: string;
  options: readonly string[];
  control: Partial<FieldControlProps> & { 'aria-label'?: string };
  onChange: (value: string) => void;
  disabled: boolean;
  className?: string;
}) {
  const all = options.includes(value) || value === '' ? options : [value, ...options];
  return (
    <select {...control} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)} className={className}>
      {value === '' && <option value="">Choose…</option>}
      {all.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </select>
  );
}

/** One control for a scalar field (text, text area, number, switch, choice). */
function ScalarControl({
  field,
  value,
  onChange,
  disabled,
  rows,
  choices,
  control,
}: SettingInputProps & { control: Partial<FieldControlProps> & { 'aria-label'?: string }; compact?: boolean }) {
  const options = field.options ?? choices?.[field.name];
  if (field.kind === 'boolean') {
    return (
      <input
        {...control}
        type="checkbox"
        checked={value === true}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        className="size-5 accent-blue-700"
      />
    );
  }
  if (options) return <Choice value={String(value)} options={options} control={control} onChange={onChange} disabled={disabled} />;
  const common = { ...control, value: String(value), disabled, onChange: (event: { target: { value: string } }) => onChange(event.target.value) };
  if (field.kind === 'multiline') return <textarea {...common} rows={rows} spellCheck={false} className="field w-full font-mono text-sm leading-relaxed" />;
  if (isNumeric(field)) {
    return (
      <input
        {...common}
        type="number"
        inputMode="numeric"
        min={field.minimum ?? undefined}
        max={field.maximum ?? undefined}
        step={field.kind === 'integer' ? 1 : 'any'}
        className="field w-32"
      />
    );
  }
  return (
    <input
      {...common}
      type={field.secret ? 'password' : 'text'}
      autoComplete="off"
      placeholder={field.placeholder ?? (field.secret ? 'Enter a new key' : undefined)}
      className="field w-full max-w-xl"
    />
  );
}

/**
 * A table setting: one row of controls per entry, rows added and removed within the bounds. On a
 * phone each row stacks its cells, each headed by its column's name (drawn from data-label, so
 * the text is not read twice: every control is labelled), rather than squeezing them into columns
 * too narrow for "Dr. Morgan" or "climate engineering".
 */
function TableControl({ field, value, onChange, disabled, choices }: SettingInputProps) {
  const rows = value as DraftRow[];
  const columns = field.columns ?? [];
  const setCell = (index: number, column: string, cell: string | boolean) => onChange(rows.map((row, at) => (at === index ? { ...row, [column]: cell } : row)));
  const canRemove = !disabled && (field.minimum === null || rows.length > field.minimum);
  const canAdd = !disabled && (field.maximum === null || rows.length < field.maximum);
  return (
    <div className="space-y-2">
      <div className="overflow-x-auto rounded-lg border border-gray-200 dark:border-gray-800">
        <table className="w-full border-collapse text-sm wrap-normal max-sm:block">
          <thead className="bg-gray-50 text-xs tracking-wide text-gray-600 uppercase max-sm:hidden dark:bg-gray-800/60 dark:text-gray-400">
            <tr>
              {columns.map((column) => (
                <th key={column.name} scope="col" className="px-2 py-2 text-left font-semibold">
                  {column.label}
                </th>
              ))}
              <th scope="col" className="px-2 py-2">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody className="max-sm:block">
            {rows.map((row, index) => (
              <tr
                key={index}
                className="border-t border-gray-100 max-sm:flex max-sm:flex-wrap max-sm:items-end max-sm:gap-2 max-sm:p-2 max-sm:first:border-t-0 dark:border-gray-800"
              >
                {columns.map((column) => (
                  <td
                    key={column.name}
                    data-label={column.label}
                    className="px-2 py-1.5 align-middle max-sm:block max-sm:min-w-0 max-sm:flex-1 max-sm:basis-44 max-sm:p-0 max-sm:before:mb-1 max-sm:before:block max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:tracking-wide max-sm:before:text-gray-600 max-sm:before:uppercase max-sm:before:content-[attr(data-label)] dark:max-sm:before:text-gray-400"
                  >
                    <ScalarControl
                      field={column.kind === 'multiline' ? { ...column, kind: 'text' } : column}
                      value={row[column.name] ?? ''}
                      onChange={(cell) => setCell(index, column.name, cell as string | boolean)}
                      disabled={disabled}
                      rows={1}
                      choices={choices}
                      control={{ 'aria-label': `${column.label}, row ${index + 1}` }}
                    />
                  </td>
                ))}
                <td className="px-2 py-1.5 text-right max-sm:block max-sm:p-0">
                  <button
                    type="button"
                    className="button-secondary button-small"
                    disabled={!canRemove}
                    onClick={() => onChange(rows.filter((_, at) => at !== index))}
                    aria-label={`Remove row ${index + 1} of the ${field.label.toLowerCase()}`}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <button type="button" className="button-secondary button-small" disabled={!canAdd} onClick={() => onChange([...rows, emptyRow(field)])}>
        Add row
      </button>
    </div>
  );
}

/** A setting's field with its label, hint and problem: the editor's one way to draw a field. */
export function SettingInput(props: SettingInputProps & { hideLabel: boolean; hint?: ReactNode; error?: ReactNode }) {
  const { field, hideLabel, hint, error } = props;
  if (field.kind === 'table') {
    return (
      <fieldset className="min-w-0 space-y-1">
        <legend className="label">{field.label}</legend>
        <TableControl {...props} />
        {hint && <p className="text-xs text-gray-600 dark:text-gray-400">{hint}</p>}
        {error && (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
      </fieldset>
    );
  }
  if (field.kind === 'boolean') {
    // A switch reads best with its label after it, both one click target.
    return (
      <div>
        {/* biome-ignore lint/a11y/noLabelWithoutControl: the control (ScalarControl) renders the input inside the label */}
        <label className="inline-flex items-center gap-2 text-sm font-medium">
          <ScalarControl {...props} control={{}} />
          {field.label}
        </label>
        {hint && <p className="mt-1 text-xs text-gray-600 dark:text-gray-400">{hint}</p>}
      </div>
    );
  }
  return (
    <Field label={field.label} hideLabel={hideLabel} hint={hint} error={error}>
      {(control) => <ScalarControl {...props} control={control} />}
    </Field>
  );
}
