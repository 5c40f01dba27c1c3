// The administrator's edits of generated texts (the Podcast, Interviews and Music tabs
// show the last script or lyrics; the administrator edits them, then renders audio or music from
// them). One mechanism for every kind: the edit replaces the newest stored text of its kind, so a
// reload shows it and a body-less render, enhancement or song uses it.
import type { AppContext } from '../../../context.js';
import type { EditableScriptKind, SavedScript } from '../../../api/audio.js';
import { editedAtOf, editLatestScript, insertScript, pruneScripts } from '../../../db/scripts.js';
import { Invalid, NotFound } from '../../../errors.js';
import { LOG_COMPONENTS, logEvent } from '../../platform/logs/index.js';
import { cleanInterview } from './interview.js';
import { cleanPodcastScript } from './podcast.js';
import { parseScript } from './script.js';

const EMPTY_SCRIPT = 'The script is empty: each line starts with a speaker label followed by a colon.';
const EMPTY_LYRICS = 'The lyrics are empty.';

type Cleaner = (ctx: Pick<AppContext, 'sql'>, text: string) => Promise<string>;

/**
 * How each kind is stored. Spoken scripts are stored clean (the clean-up rules), as generated ones are, so
 * what the console shows after a reload is what will be spoken. A kind with `base` set can be
 * written from nothing (a hand-written script); an enhanced or refined one only edits what exists.
 */
const KINDS: Record<EditableScriptKind, { clean: Cleaner | null; label: string; base: boolean }> = {
  conversational: { clean: cleanPodcastScript, label: 'Podcast script', base: true },
  'conversational-enhanced': { clean: cleanPodcastScript, label: 'Enhanced podcast script', base: false },
  interview: { clean: cleanInterview, label: 'Interview script', base: true },
  'interview-refined': { clean: cleanInterview, label: 'Refined interview script', base: false },
  lyrics: { clean: null, label: 'Lyrics', base: true },
};

export async function saveScript(ctx: AppContext, kind: EditableScriptKind, input: { scriptText: string }): Promise<SavedScript> {
  const rules = KINDS[kind];
  const raw = input.scriptText.replace(/\r\n?/g, '\n').trim();
  const text = rules.clean ? await rules.clean(ctx, raw) : raw;
  if (!text || (rules.clean && parseScript(text).length === 0)) throw Invalid(rules.clean ? EMPTY_SCRIPT : EMPTY_LYRICS);
  const now = new Date();
  let row = await editLatestScript(ctx.sql, kind, text, now);
  if (!row) {
    if (!rules.base) throw NotFound(`No ${rules.label.toLowerCase()} to edit. Generate one first.`);
    row = await insertScript(ctx.sql, { kind, scriptText: text, meta: { writer: 'administrator', editedAt: now.toISOString() } });
    await pruneScripts(ctx.sql, kind, 20);
  }
  await logEvent(ctx, LOG_COMPONENTS.audio, 'info', `${rules.label} edited by the administrator`);
  return { kind, scriptText: row.scriptText, generatedAt: row.generatedAt.toISOString(), editedAt: (editedAtOf(row) ?? now).toISOString() };
}
