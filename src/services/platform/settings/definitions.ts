// The settings schema table: every setting the console and the API name is one row here. Routes, CLI and the
// console's one editor are generated from it; adding a setting means adding a row, nothing else.
import { z } from 'zod';
import * as prompts from './default-prompts.js';
import {
  DEFAULT_INTERVIEW_SPEAKERS,
  DEFAULT_PODCAST_SPEAKERS,
  DEFAULT_REPLACEMENTS,
  DEFAULT_VOICES,
  replacementRowSchema,
  speakerRowSchema,
  voiceNamed,
  voiceRowSchema,
  type VoiceRow,
} from '../../newsroom/audio/voice-table.js';
import type { Config } from '../../../config.js';
import { Invalid } from '../../../errors.js';
import { refusedOutboundUrl } from '../../../net/outbound.js';
import { parseMusicConfig } from '../../newsroom/music/config.js';
import { musicConfigTextCodec, secretFieldsCodec, type SecretCodec } from './secrets.js';
import { unknownEvents, WEBHOOK_EVENTS } from '../webhooks/events.js';
import { WEEKDAY_NAMES } from '../schedule/zoned-time.js';

export interface CheckEnv {
  /** Another setting's current value. */
  read: (key: string) => Promise<Record<string, unknown>>;
  config: Pick<Config, 'allowPrivateNetworks'>;
}

const PROMPT_MAX = 50_000;
const promptShape = z.object({ promptText: z.string().max(PROMPT_MAX) }).strict();
const modelShape = z.object({ modelName: z.string().trim().max(200) }).strict();
const minute = z.number().int().min(0).max(59);

export interface SettingDefinition<S extends z.ZodObject = z.ZodObject> {
  /** Storage key, CLI name and the API path after /api/. */
  key: string;
  /** What the console and error messages call it ("system prompt"). */
  label: string;
  schema: S;
  defaults: z.infer<S>;
  /** POST may send any non-empty subset of the fields; the rest keep their stored values. */
  partial?: boolean;
  /** Fields returned masked ("*…"); a masked or empty value written back keeps the stored secret. */
  secretFields?: readonly string[];
  /** Credentials deeper in the value (headers inside a JSON text): masked, kept and left out of dumps alike. */
  secrets?: SecretCodec;
  /** Anonymous visitors may read it. */
  publicRead?: boolean;
  /** Cross-field rules beyond the schema; throw Invalid. */
  refine?: (value: z.infer<S>) => void;
  /**
   * Rules against other settings or the daemon's configuration, checked when it is saved (a voice
   * must be in the voice table; an endpoint must be one newsctl may call). Throw Invalid.
   */
  check?: (value: z.infer<S>, env: CheckEnv) => Promise<void>;
  /** How editors name a field, where its name alone reads badly ("prePlug"). */
  fieldLabels?: Readonly<Record<string, string>>;
}

function define<S extends z.ZodObject>(definition: SettingDefinition<S>): SettingDefinition {
  return definition as unknown as SettingDefinition;
}

const prompt = (key: string, label: string, promptText: string, extra: Partial<SettingDefinition> = {}) =>
  define({ key, label, schema: promptShape, defaults: { promptText }, ...extra });

// An empty model name means "the default model" (NEWSCTL_LLM_MODEL), as for features without a setting.
const model = (key: string, label: string) => define({ key, label, schema: modelShape, defaults: { modelName: '' } });

const generationConfig = z
  .object({
    systemPrompt: z.string().max(PROMPT_MAX),
    userPrompt: z.string().max(PROMPT_MAX),
    modelName: z.string().trim().max(200),
  })
  .strict();

const speakerTable = (key: string, label: string, defaults: readonly z.infer<typeof speakerRowSchema>[]) =>
  define({
    key,
    label,
    schema: z.object({ speakers: z.array(speakerRowSchema).min(1).max(6) }).strict(),
    defaults: { speakers: defaults.map((row) => ({ ...row })) },
    refine: (value) => uniqueNames(label, value.speakers),
    check: voicesInTable(key, label, (value) => value.speakers.map((speaker) => ({ voice: speaker.voice, of: `${speaker.name}'s voice` }))),
  });

/**
 * Refuses a value naming a voice the voice table lacks, when it is saved rather than when audio is
 * made with it (a song, a bulletin, a podcast that would fail minutes later).
 */
type VoicesNamed<V> = (value: V) => { voice: string; of: string }[];

/** Every setting that names voices of the table, so that the table cannot drop a voice still in use. */
const voiceUsers: { key: string; label: string; named: VoicesNamed<never> }[] = [];

function voicesInTable<V>(key: string, label: string, named: VoicesNamed<V>) {
  voiceUsers.push({ key, label, named: named as VoicesNamed<never> });
  return async (value: V, { read }: CheckEnv): Promise<void> => {
    const voices = (await read('voice-table')).voices as VoiceRow[];
    for (const { voice, of } of named(value)) {
      if (voiceNamed(voices, voice)) continue;
      throw Invalid(`Invalid ${label}: ${of} "${voice}" is not in the voice table (${voices.map((row) => row.name).join(', ')})`);
    }
  };
}

function uniqueNames(label: string, rows: readonly { name: string }[]): void {
  const seen = new Set<string>();
  for (const row of rows) {
    const name = row.name.toLowerCase();
    if (seen.has(name)) throw Invalid(`Invalid ${label}: "${row.name}" appears twice`);
    seen.add(name);
  }
}

/** Each webhook endpoint's signing secret is a credential: masked on read, kept when sent back masked, left out of dumps. */
const webhookSecretsCodec: SecretCodec = {
  list: (value) =>
    ((value.endpoints as { secret?: string }[] | undefined) ?? []).map((endpoint, index) => ({
      path: `endpoints.${index}.secret`,
      label: `webhook ${index + 1} secret`,
      value: endpoint.secret ?? '',
    })),
  map: (value, replace) => ({
    ...value,
    endpoints: ((value.endpoints as { secret?: string }[] | undefined) ?? []).map((endpoint, index) => ({
      ...endpoint,
      secret: replace({ path: `endpoints.${index}.secret`, label: `webhook ${index + 1} secret`, value: endpoint.secret ?? '' }),
    })),
  }),
};

export const SETTINGS: readonly SettingDefinition[] = [
  // Trends
  prompt('trends-analyzer-system-prompt', 'trends analyzer system prompt', prompts.trendsAnalyzerSystem),
  prompt('trends-analyzer-user-prompt', 'trends analyzer user prompt', prompts.trendsAnalyzerUser),
  model('trends-analyzer-model-name', 'trends analyzer model name'),
  prompt('analyze-implications-prompt', 'analyze implications prompt', prompts.analyzeImplications, { publicRead: true }),

  // Article generation
  define({
    key: 'article-gen-with-sources-config',
    label: 'article generation config (with sources)',
    schema: generationConfig,
    defaults: { systemPrompt: prompts.articleWithSourcesSystem, userPrompt: prompts.articleWithSourcesUser, modelName: '' },
  }),
  define({
    key: 'article-gen-no-sources-config',
    label: 'article generation config (without sources)',
    schema: generationConfig,
    defaults: { systemPrompt: prompts.articleNoSourcesSystem, userPrompt: prompts.articleNoSourcesUser, modelName: '' },
  }),
  prompt('system-prompt', 'system prompt', prompts.articleWithSourcesSystem),
  prompt('user-prompt', 'user prompt', prompts.articleWithSourcesUser),
  prompt('latest-news-prompt', 'latest news prompt', prompts.latestNews),
  define({
    key: 'word-count-settings',
    label: 'word count settings',
    schema: z.object({ targetWordCount: z.number().int().min(1).max(20_000) }).strict(),
    defaults: { targetWordCount: 600 },
  }),
  define({
    key: 'google-api-config',
    label: 'image generation API configuration',
    schema: z.object({ apiKey: z.string().max(500), imagePrompt: z.string().max(PROMPT_MAX) }).strict(),
    defaults: { apiKey: '', imagePrompt: prompts.imagePrompt },
    secretFields: ['apiKey'],
    fieldLabels: { apiKey: 'API key', imagePrompt: 'Image prompt' },
  }),
  prompt('article-classifier-system-prompt', 'article classifier system prompt', prompts.classifierSystem),
  prompt('article-classifier-user-prompt', 'article classifier user prompt', prompts.classifierUser),

  // Ads and the JSON block
  define({
    key: 'audio-ads',
    label: 'audio ads',
    schema: z.object({ prePlug: z.string().max(5_000), endingPlug: z.string().max(5_000) }).strict(),
    defaults: { prePlug: '', endingPlug: '' },
    fieldLabels: { prePlug: 'Pre-plug (read before the summary)', endingPlug: 'Ending plug (read at the end)' },
  }),
  define({
    key: 'get-json-config',
    label: 'JSON configuration',
    schema: z.object({ jsonTextTop: z.string().max(PROMPT_MAX), jsonText: z.string().max(PROMPT_MAX), jsonTextBottom: z.string().max(PROMPT_MAX) }).strict(),
    defaults: { jsonTextTop: '', jsonText: '', jsonTextBottom: '' },
    fieldLabels: { jsonTextTop: 'JSON text (top)', jsonText: 'JSON text', jsonTextBottom: 'JSON text (bottom)' },
  }),

  // Schedule (spider minute A drives the cadence, B is stored only; a trends minute of 0 disables that slot)
  define({
    key: 'schedule-settings',
    label: 'schedule settings',
    schema: z.object({ spiderMinuteA: minute, spiderMinuteB: minute, trendsMinuteA: minute, trendsMinuteB: minute }).strict(),
    defaults: { spiderMinuteA: 1, spiderMinuteB: 1, trendsMinuteA: 31, trendsMinuteB: 0 },
    partial: true,
  }),

  // Social
  prompt('social-system-prompt', 'social system prompt', prompts.socialSystem),
  prompt('social-prompt-1', 'social prompt 1', prompts.socialPrompt1),
  prompt('social-prompt-2', 'social prompt 2', prompts.socialPrompt2),
  model('social-model-name', 'social model name'),

  // Podcast (conversational audio)
  prompt('conversational-audio-system-prompt', 'conversational audio system prompt', prompts.podcastSystem),
  prompt('conversational-audio-user-prompt', 'conversational audio user prompt', prompts.podcastUser),
  prompt('conversational-audio-refinement-prompt', 'conversational audio refinement prompt', prompts.podcastRefinement),
  model('conversational-audio-model-name', 'conversational audio model name'),
  speakerTable('conversational-audio-speakers', 'podcast speaker table', DEFAULT_PODCAST_SPEAKERS),
  define({
    key: 'script-replacements',
    label: 'string replacement table',
    schema: z.object({ replacements: z.array(replacementRowSchema).max(200) }).strict(),
    defaults: { replacements: DEFAULT_REPLACEMENTS.map((row) => ({ ...row })) },
  }),

  // Audio (voices, the latest-news bulletin, retention)
  define({
    key: 'voice-table',
    label: 'voice table',
    schema: z.object({ voices: z.array(voiceRowSchema).min(1).max(60) }).strict(),
    defaults: { voices: DEFAULT_VOICES.map((row) => ({ ...row })) },
    refine: (value) => uniqueNames('voice table', value.voices),
    // The other side of voicesInTable: a voice a setting still names stays until that setting changes.
    check: async (value, { read }) => {
      for (const user of voiceUsers) {
        for (const { voice, of } of user.named((await read(user.key)) as never)) {
          if (voiceNamed(value.voices, voice)) continue;
          throw Invalid(`Invalid voice table: "${voice}" is still ${of} in the ${user.label}; choose another voice there first`);
        }
      }
    },
  }),
  define({
    key: 'latest-news-audio-settings',
    label: 'latest news audio settings',
    schema: z
      .object({
        voice: z.string().trim().min(1).max(60),
        dailyEnabled: z.boolean(),
        dailyTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM (24-hour)'),
      })
      .strict(),
    defaults: { voice: 'Kore', dailyEnabled: true, dailyTime: '06:45' },
    partial: true,
    check: voicesInTable('latest-news-audio-settings', 'latest news audio settings', (value) => [{ voice: value.voice, of: 'the voice' }]),
    fieldLabels: { voice: 'Narrator voice', dailyEnabled: 'Generate every day', dailyTime: 'Daily at (product time zone)' },
  }),
  define({
    key: 'audio-retention',
    label: 'audio retention',
    schema: z.object({ retentionDays: z.number().int().min(1).max(3650) }).strict(),
    defaults: { retentionDays: 30 },
    fieldLabels: { retentionDays: 'Keep generated audio for (days)' },
  }),

  define({
    key: 'article-retention',
    label: 'article retention',
    schema: z.object({ articleDays: z.number().int().min(0).max(3650), bodyDays: z.number().int().min(0).max(3650) }).strict(),
    defaults: { articleDays: 365, bodyDays: 180 },
    fieldLabels: { articleDays: 'Keep crawled articles for (days, 0: forever)', bodyDays: 'Keep their full text for (days, 0: forever)' },
    refine: (value) => {
      if (value.articleDays > 0 && value.bodyDays > value.articleDays) throw Invalid('The text cannot be kept longer than the article');
    },
  }),

  // The languages the crawler keeps (ISO 639-1 codes); a page in another is recorded as skipped.
  define({
    key: 'languages',
    label: 'languages',
    schema: z
      .object({
        languages: z
          .array(
            z
              .string()
              .trim()
              .toLowerCase()
              .regex(/^[a-z]{2}$/, 'a two-letter language code (ISO 639-1)'),
          )
          .min(1)
          .max(50),
      })
      .strict(),
    defaults: { languages: ['en'] },
    fieldLabels: { languages: 'Languages kept by the crawler (two-letter codes: en, fr, de…)' },
  }),

  define({
    key: 'log-retention',
    label: 'log retention',
    schema: z.object({ retentionDays: z.number().int().min(1).max(3650) }).strict(),
    defaults: { retentionDays: 30 },
    fieldLabels: { retentionDays: 'Keep system log entries for (days)' },
  }),

  // Interviews
  prompt('interview-system-prompt', 'interview system prompt', prompts.interviewSystem),
  prompt('interview-user-prompt', 'interview user prompt', prompts.interviewUser),
  prompt('interview-refinement-prompt', 'interview refinement prompt', prompts.interviewRefinement),
  model('interview-model-name', 'interview model name'),
  speakerTable('interview-speakers', 'interview speaker table', DEFAULT_INTERVIEW_SPEAKERS),
  define({
    key: 'interview-topic',
    label: 'interview topic',
    schema: z.object({ topic: z.string().max(2_000) }).strict(),
    defaults: { topic: '' },
  }),

  // Music
  define({
    key: 'music-introduction-narration',
    label: 'music introduction narration',
    schema: z.object({ narrationText: z.string().max(10_000), voice: z.string().trim().max(100) }).strict(),
    defaults: { narrationText: prompts.musicNarration, voice: 'Aoede' },
    check: voicesInTable('music-introduction-narration', 'music introduction narration', (value) => [{ voice: value.voice, of: 'the voice' }]),
  }),
  define({
    key: 'lyrics-generator-prompt',
    label: 'lyrics generator prompt',
    schema: z.object({ promptText: z.string().max(PROMPT_MAX), modelName: z.string().trim().max(200) }).strict(),
    defaults: { promptText: prompts.lyrics, modelName: '' },
  }),
  // Refused when it would fail at Generate Music: broken JSON, fields out of range, or an API
  // endpoint the outbound guard refuses. Its API headers are credentials.
  prompt('music-generator-prompt', 'music generator prompt', prompts.musicGenerator, {
    refine: (value) => void parseMusicConfig(value.promptText),
    check: async (value, { config }) => checkMusicEndpoint(parseMusicConfig(value.promptText), config),
    secrets: musicConfigTextCodec,
  }),
  // Where to POST events (a JSON body signed with HMAC-SHA256 of the endpoint's secret). An
  // endpoint newsctl may not call, or an event it does not send, is refused when saved.
  define({
    key: 'webhooks',
    label: 'webhooks',
    schema: z
      .object({
        endpoints: z.array(z.object({ url: z.string().trim().max(2000), events: z.string().trim().max(300), secret: z.string().max(300) }).strict()).max(20),
      })
      .strict(),
    defaults: { endpoints: [] },
    fieldLabels: { endpoints: `Endpoints (events: ${WEBHOOK_EVENTS.join(', ')} or *)` },
    secrets: webhookSecretsCodec,
    check: async (value, { config }) => {
      for (const endpoint of value.endpoints) {
        if (!endpoint.url) throw Invalid('Every webhook needs a URL');
        const refused = await refusedOutboundUrl(endpoint.url, config);
        if (refused) throw Invalid(`Invalid webhook: ${refused}`);
        const unknown = unknownEvents(endpoint);
        if (unknown.length) throw Invalid(`Invalid webhook events: ${unknown.join(', ')} (known: ${WEBHOOK_EVENTS.join(', ')}, or *)`);
        if (!endpoint.events.trim()) throw Invalid(`The webhook to ${endpoint.url} names no event`);
      }
    },
  }),
  // The SMTP server digests and confirmations go through; no host: no mail is sent (and the site's
  // subscribe form says so).
  define({
    key: 'email',
    label: 'e-mail server',
    schema: z
      .object({
        host: z.string().trim().max(253),
        port: z.number().int().min(1).max(65535),
        secure: z.boolean(),
        user: z.string().max(320),
        password: z.string().max(500),
        from: z.string().trim().max(320),
      })
      .strict(),
    defaults: { host: '', port: 587, secure: false, user: '', password: '', from: '' },
    partial: true,
    // A server without sign-in has no password: the codec masks and keeps one, and asks for none.
    secrets: secretFieldsCodec(['password'], { password: 'e-mail server password' }),
    refine: (value) => {
      if (value.host && !/^(?:[^<>@\r\n"]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/.test(value.from)) {
        throw Invalid('Invalid e-mail server: "from" must be an address (news@example.org, or Name <news@example.org>)');
      }
    },
    fieldLabels: { host: 'SMTP host', port: 'Port', secure: 'TLS from the start (port 465)', user: 'User name', password: 'Password', from: 'From' },
  }),
  // Web Push alerts to readers who allowed them: a new story in a topic they follow, and a story once
  // it is told by `bigStorySources` outlets or more.
  define({
    key: 'push-settings',
    label: 'push alerts',
    schema: z.object({ newStories: z.boolean(), bigStorySources: z.number().int().min(2).max(100) }).strict(),
    defaults: { newStories: true, bigStorySources: 5 },
    partial: true,
    fieldLabels: { newStories: 'Alert on every new story', bigStorySources: 'A big story: told by at least (outlets)' },
  }),
  // An ntfy topic (https://ntfy.sh/… or your own server) the operators follow: big stories of every topic.
  define({
    key: 'ntfy',
    label: 'ntfy topic',
    schema: z.object({ url: z.string().trim().max(2000), token: z.string().max(500) }).strict(),
    defaults: { url: '', token: '' },
    partial: true,
    secrets: secretFieldsCodec(['token'], { token: 'ntfy access token' }),
    fieldLabels: { url: 'Topic URL', token: 'Access token (optional)' },
    check: async (value, { config }) => {
      if (!value.url) return;
      const refused = await refusedOutboundUrl(value.url, config);
      if (refused) throw Invalid(`Invalid ntfy topic: ${refused}`);
    },
  }),
  // When digests go out: daily ones every day at dailyTime, weekly ones on weeklyDay at the same time.
  define({
    key: 'digest-settings',
    label: 'digest settings',
    schema: z
      .object({
        dailyEnabled: z.boolean(),
        dailyTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM (24-hour)'),
        weeklyDay: z.enum(WEEKDAY_NAMES),
        storiesPerTopic: z.number().int().min(1).max(20),
      })
      .strict(),
    defaults: { dailyEnabled: true, dailyTime: '07:00', weeklyDay: 'monday', storiesPerTopic: 3 },
    partial: true,
    fieldLabels: {
      dailyEnabled: 'Send digests',
      dailyTime: 'At (product time zone)',
      weeklyDay: 'Weekly digests on',
      storiesPerTopic: 'Stories per topic',
    },
  }),
];

/** A music configuration whose API endpoint newsctl would refuse to call: Invalid naming the address. */
export async function checkMusicEndpoint(music: { provider?: { endpoint: string } }, config: Pick<Config, 'allowPrivateNetworks'>): Promise<void> {
  if (!music.provider) return;
  const refused = await refusedOutboundUrl(music.provider.endpoint, config);
  if (refused) throw Invalid(`Invalid music configuration: provider.endpoint ${refused}`);
}

const byKey = new Map(SETTINGS.map((definition) => [definition.key, definition]));

export function settingDefinition(key: string): SettingDefinition | undefined {
  return byKey.get(key);
}
