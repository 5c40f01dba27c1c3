// Answers of the operations calls: sign-in and API tokens, jobs, the system log, webhooks, settings.
import { z } from 'zod';

/** A line of the system log (GET /api/logs, and the log_entry live message). */
export const logEntry = z.object({
  id: z.number(),
  timestamp: z.string(),
  component: z.string(),
  level: z.enum(['error', 'warning', 'info', 'debug']),
  message: z.string(),
});

/** GET /api/health/disk and the disk_status live message: this daemon's free space against its floor. */
export const diskStatus = z.object({
  /** Below the floor: writes answer 507 disk_full. */
  full: z.boolean(),
  freeMb: z.number(),
  /** The folder with the least room (the data folder, or the media folder when it is elsewhere). */
  folder: z.string(),
  floorMb: z.number(),
  /** What the console's banner says while full. */
  message: z.string().nullable(),
});

/** Where a run is: queued (waiting for a daemon), running, paused, stopping, or ended. */
const jobRunStatus = z.enum(['queued', 'running', 'paused', 'stopping', 'completed', 'failed', 'stopped', 'skipped']);

/** A job as any daemon reports it (GET /api/jobs, one element; read from the database, so the same on every daemon). */
export const jobState = z.object({
  name: z.string(),
  label: z.string(),
  /** idle, or the live run's status. */
  status: z.enum(['idle', 'queued', 'running', 'paused', 'stopping']),
  /** The live run, else the last one. */
  run: z
    .object({
      id: z.string(),
      status: jobRunStatus,
      /** The daemon holding it (host:pid:tag), while held. */
      holder: z.string().nullable(),
      /** What the job reported, as it reported it. */
      progress: z.custom<Record<string, unknown>>(),
      error: z.string().nullable(),
      /** The schedule slot that started it, if one did. */
      slot: z.string().nullable(),
      attempts: z.number(),
      createdAt: z.string(),
      startedAt: z.string().nullable(),
      finishedAt: z.string().nullable(),
    })
    .nullable(),
  /** Live runs of a queue job (items queued or in work); 0 or 1 for the others. */
  liveRuns: z.number(),
  /** A timed job's row of the schedule (null for the others). */
  schedule: z
    .object({
      /** The row's name ('spider', 'trends', 'bulletin', 'upkeep'). */
      slot: z.string(),
      /** When it runs, in words ("off" while its setting switches it off). */
      when: z.string(),
      /** The setting that sets its times (`/api/<setting>`); null when they are fixed. */
      setting: z.string().nullable(),
      /** Its next slot (ISO), or null while off or unknown (its setting unreadable). */
      nextAt: z.string().nullable(),
    })
    .nullable(),
});

/** POST /api/jobs/:name/stop: the run's end, or "<job> is not running". */
export const stopJobAnswer = z.object({ message: z.string(), status: jobRunStatus.optional() });

/** POST /api/auth/login. */
export const loginResult = z.object({ ok: z.literal(true), username: z.string() });

/** POST /api/auth/logout, DELETE /api/tokens/:id. */
export const okAnswer = z.object({ ok: z.literal(true) });

/** GET /api/auth/check. */
export const authCheck = z.object({ isAdmin: z.boolean() });

/** POST /api/admin/users. */
export const adminAccountResult = z.object({ created: z.boolean(), username: z.string() });

/** GET /api/tokens: the API tokens, never the tokens themselves. */
export const apiTokens = z.object({
  tokens: z.array(z.object({ id: z.number(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() })),
});

/** POST /api/tokens: the token itself is shown only in this answer. */
export const createdApiToken = z.object({ id: z.number(), name: z.string(), token: z.string() });

/** An answer that is only a sentence. */
export const messageAnswer = z.object({ message: z.string() });

/** GET /api/webhooks/deliveries, one element. */
export const webhookDelivery = z.object({
  id: z.number(),
  event: z.string(),
  url: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number(),
  responseStatus: z.number().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});

const settingFieldShape = {
  name: z.string(),
  label: z.string(),
  /**
   * `text` is one line, `multiline` a text area; numbers carry their bounds; `boolean` a switch;
   * `select` one of `options`; `table` a list of rows whose fields are `columns` (voice, speaker and
   * replacement tables), `minimum`/`maximum` bounding the number of rows.
   */
  kind: z.enum(['text', 'multiline', 'integer', 'number', 'boolean', 'select', 'table']),
  /** `select` only. */
  options: z.array(z.string()).optional(),
  /** Returned masked ("*…"); an empty value written back keeps the stored one. */
  secret: z.boolean(),
  minimum: z.number().nullable(),
  maximum: z.number().nullable(),
  maxLength: z.number().nullable(),
  /** What an empty field means, shown in it (the default model for model names). */
  placeholder: z.string().nullable(),
};

/** A field of a setting; a table's columns are fields without columns of their own. */
export const settingFieldDescription = z.object({ ...settingFieldShape, columns: z.array(z.object(settingFieldShape)).optional() });

/** GET /api/settings: every setting's definition, for editors. */
export const settingsDescriptions = z.object({
  settings: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      publicRead: z.boolean(),
      /** POST may carry any non-empty subset of the fields. */
      partial: z.boolean(),
      fields: z.array(settingFieldDescription),
    }),
  ),
  /** The model an empty model name means (NEWSCTL_LLM_MODEL). */
  defaultModel: z.string(),
  /** False: no model is configured and every feature takes its offline path. */
  modelConfigured: z.boolean(),
});
