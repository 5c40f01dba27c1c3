import { useEffect, useState, type ReactNode } from 'react';
import type { SettingDescription, SettingFieldDescription, SettingValue } from '../api/types';
import { useSaveSettingsMutation, useSettingQueries, useSettingsDefinitionsQuery } from '../hooks/useSettings';
import { notifyFailure, notifyInvalid, notifySuccess } from '../lib/notify';
import { problemOf, sameDraft, storedValue, toDraft, type DraftValue } from '../lib/setting-values';
import { Panel } from './Panel';
import { SettingInput } from './SettingInput';
import { Spinner } from './Spinner';

interface SettingsEditorProps {
  /** The setting's key in the server's schema table (GET /api/settings). */
  settingKey?: string;
  /** Several settings edited together, each in its titled section, saved by one "Save All". */
  group?: readonly { key: string; title: string }[];
  title?: ReactNode;
  description?: ReactNode;
  /** Only these fields are shown and sent (the schedule's trends minutes); default: all. */
  fields?: readonly string[];
  /** Shown disabled, without a Save button (the spider's schedule minutes). */
  readOnly?: boolean;
  /** What the toasts call it; default: the setting's label. */
  name?: string;
  /** "{Name} saved successfully" after a save; off where the console shows no success message. */
  successToast?: boolean;
  failureTitle?: string;
  /** Default: "Failed to save {name}". */
  failureText?: string;
  /** A line under a field (its placeholders, what it is for). */
  hints?: Readonly<Record<string, ReactNode>>;
  rows?: number;
  /** Without its own card, inside a card that holds several editors. */
  bare?: boolean;
  /** Fields side by side (short numbers such as the schedule's minutes). */
  inline?: boolean;
  /** Choices for fields the server leaves free, by field or column name (a speaker's voice). */
  choices?: Readonly<Record<string, readonly string[]>>;
  testId?: string;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** One setting's edit: the texts typed, and the server value they started from. */
interface Draft {
  base: string;
  values: Record<string, DraftValue>;
}

/**
 * The one editor of every prompt, model name and config (style rule 8), drawn from the server's
 * description of each setting. Clean until edited; then "You have unsaved changes" and Save is
 * enabled; clean again after a successful save or when the server's value is reloaded.
 */
export function SettingsEditor({
  settingKey,
  group,
  title,
  description,
  fields: only,
  readOnly = false,
  name,
  successToast = true,
  failureTitle = 'Error',
  failureText,
  hints = {},
  rows = 6,
  bare = false,
  inline = false,
  choices,
  testId,
}: SettingsEditorProps) {
  const sections = group ?? [{ key: settingKey ?? '', title: '' }];
  const definitions = useSettingsDefinitionsQuery();
  const settings = useSettingQueries(sections.map((section) => section.key));
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});

  const parts = sections.map((section, index) => {
    const query = settings[index]!;
    const data = query.data as SettingValue | undefined;
    const definition = definitions.data?.settings.find((candidate) => candidate.key === section.key);
    const fields = (definition?.fields ?? []).filter((field) => !only || only.includes(field.name));
    const serverText = JSON.stringify(data ?? null);
    const saved: Record<string, DraftValue> = Object.fromEntries(fields.map((field) => [field.name, toDraft(field, data?.[field.name])]));
    const draft = drafts[section.key];
    const values = draft?.values ?? saved;
    const dirty = draft !== undefined && fields.some((field) => !sameDraft(values[field.name], saved[field.name]));
    const problems = Object.fromEntries(fields.map((field) => [field.name, problemOf(field, values[field.name] ?? '')]));
    return { section, query, data, definition, fields, serverText, values, dirty, problems, draft };
  });

  // A new server value (saved elsewhere, or reloaded) replaces an edit made on the old one.
  const serverTexts = parts.map((part) => part.serverText).join('\u0000');
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the server values or the drafts change; `parts` derives from them.
  useEffect(() => {
    setDrafts((current) => {
      const stale = parts.filter((part) => part.draft && part.draft.base !== part.serverText).map((part) => part.section.key);
      if (stale.length === 0) return current;
      const next = { ...current };
      for (const key of stale) delete next[key];
      return next;
    });
    // `parts` is derived from the server values and the drafts, which are the dependencies.
  }, [serverTexts, drafts]);

  const dirty = parts.some((part) => part.dirty);
  const invalid = parts.some((part) => Object.values(part.problems).some(Boolean));
  const first = parts[0]!;
  const label = name ?? (group ? 'settings' : (first.definition?.label ?? settingKey ?? ''));
  const heading = title ?? capitalise(label);

  const save = useSaveSettingsMutation();

  const edit = (key: string, base: string, values: Record<string, DraftValue>, field: string, value: DraftValue) =>
    setDrafts((current) => ({ ...current, [key]: { base: current[key]?.base ?? base, values: { ...values, [field]: value } } }));

  const submit = () => {
    if (!dirty || invalid || save.isPending || parts.some((part) => !part.definition || !part.data)) return;
    const bodies: { key: string; body: SettingValue }[] = [];
    for (const part of parts.filter((candidate) => candidate.dirty)) {
      const definition = part.definition as SettingDescription;
      const data = part.data as SettingValue;
      for (const field of part.fields) {
        if (field.secret && part.values[field.name] === '' && !String(data[field.name] ?? '')) {
          notifyInvalid(`Please enter ${/^[aeiou]/i.test(field.label) ? 'an' : 'a'} ${field.label}.`, 'Invalid Configuration');
          return;
        }
      }
      bodies.push({ key: part.section.key, body: storedValue(part.fields, part.values, definition.partial ? {} : data) });
    }
    save.mutate(bodies, {
      onSuccess: () => {
        setDrafts({});
        if (successToast) notifySuccess(`${capitalise(label)} saved successfully`);
      },
      onError: (error) => notifyFailure(error, failureText ?? `Failed to save ${label}`, failureTitle),
    });
  };

  const modelHint = (field: SettingFieldDescription) =>
    field.name === 'modelName' && definitions.data
      ? `Empty uses the default model (${definitions.data.defaultModel})${definitions.data.modelConfigured ? '' : '; no model is configured, so newsctl takes its offline path'}.`
      : null;

  const secretHint = (field: SettingFieldDescription, data: SettingValue | undefined) => {
    if (!field.secret) return null;
    const stored = String(data?.[field.name] ?? '');
    return stored ? `A key is saved (${stored}); leave the field empty to keep it.` : 'No key is saved yet.';
  };

  const renderFields = (part: (typeof parts)[number]) =>
    part.fields.map((field) => {
      const hint = [hints[field.name], modelHint(field), secretHint(field, part.data)].filter(Boolean);
      return (
        <SettingInput
          key={field.name}
          field={field}
          value={part.values[field.name] ?? ''}
          onChange={(value) => edit(part.section.key, part.serverText, part.values, field.name, value)}
          disabled={readOnly}
          rows={rows}
          choices={choices}
          hideLabel={part.fields.length === 1 && !group && field.kind !== 'table'}
          hint={
            hint.length > 0
              ? hint.map((line, index) => (
                  <span key={index} className="block">
                    {line}
                  </span>
                ))
              : undefined
          }
          error={part.draft ? part.problems[field.name] : null}
        />
      );
    });

  let content: ReactNode;
  if (definitions.isPending || parts.some((part) => part.query.isPending)) {
    content = (
      <p role="status" className="text-sm text-gray-600 dark:text-gray-400">
        Loading...
      </p>
    );
  } else if (parts.some((part) => !part.definition || (part.query.isError && !part.query.data))) {
    content = (
      <p role="alert" className="text-sm text-red-700 dark:text-red-400">
        Failed to load the {label}.{' '}
        <button type="button" className="link" onClick={() => parts.forEach((part) => void part.query.refetch())}>
          Try again
        </button>
      </p>
    );
  } else {
    content = (
      <form
        className={inline ? 'flex flex-wrap items-end gap-4' : 'space-y-3'}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {group ? (
          <div className="grid gap-5 lg:grid-cols-2">
            {parts.map((part) => (
              <fieldset key={part.section.key} className="min-w-0 space-y-3">
                <legend className="mb-2 font-semibold">{part.section.title}</legend>
                {renderFields(part)}
              </fieldset>
            ))}
          </div>
        ) : (
          renderFields(first)
        )}
        {!readOnly && (
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" className="button-primary" disabled={!dirty || invalid || save.isPending} aria-label={group ? undefined : `Save ${label}`}>
              {save.isPending && <Spinner className="mr-2 size-4" />}
              {save.isPending ? 'Saving...' : group ? 'Save All' : 'Save'}
            </button>
            {dirty && (
              <>
                <p role="status" className="text-sm font-medium text-amber-800 dark:text-amber-300">
                  You have unsaved changes
                </p>
                <button
                  type="button"
                  className="link text-sm"
                  onClick={() => {
                    setDrafts({});
                    for (const part of parts) void part.query.refetch();
                  }}
                >
                  Discard changes
                </button>
              </>
            )}
          </div>
        )}
      </form>
    );
  }

  if (bare) {
    return (
      <div className="space-y-2" data-testid={testId}>
        <h3 className="font-semibold">{heading}</h3>
        {description && <p className="text-sm text-gray-600 dark:text-gray-400">{description}</p>}
        {content}
      </div>
    );
  }
  return (
    <Panel title={heading} description={description} testId={testId}>
      {content}
    </Panel>
  );
}
