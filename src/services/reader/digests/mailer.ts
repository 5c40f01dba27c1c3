// Mail out through the administrator's SMTP server (the `email` setting), with nodemailer. A refusal
// the server calls permanent (a 5xx reply: no such mailbox, a complaint block) is a bounce, counted
// against the address; anything else (the server away, a 4xx) is worth trying again later.
import { onFirstUse } from '../../../load-on-use.js';
import type { AppContext } from '../../../context.js';
import { Conflict } from '../../../errors.js';
import { getSetting } from '../../platform/settings/index.js';

export type EmailSettings = {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  password: string;
  from: string;
};

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

export type SendOutcome = { ok: true } | { ok: false; permanent: boolean; error: string };

const TIMEOUT_MS = 20_000;
// Loaded with the first mail sent, not at every start.
const nodemailer = onFirstUse<typeof import('nodemailer')>('nodemailer');

export const DIGESTS_OFF = 'E-mail digests are not turned on: the administrator has not set an e-mail server';

export async function emailSettings(ctx: Pick<AppContext, 'sql'>): Promise<EmailSettings | null> {
  const settings = await getSetting<EmailSettings>(ctx, 'email');
  return settings.host && settings.from ? settings : null;
}

/** The settings, or a 409 saying mail is off. */
export async function requireEmailSettings(ctx: Pick<AppContext, 'sql'>): Promise<EmailSettings> {
  const settings = await emailSettings(ctx);
  if (!settings) throw Conflict(DIGESTS_OFF);
  return settings;
}

/** One SMTP connection for a batch of mails; close it when done. */
export function openMailer(settings: EmailSettings) {
  const transport = nodemailer().createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    ...(settings.user ? { auth: { user: settings.user, pass: settings.password } } : {}),
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
    pool: true,
    maxConnections: 1,
  });
  return {
    async send(mail: OutgoingMail): Promise<SendOutcome> {
      try {
        await transport.sendMail({ from: settings.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
        return { ok: true };
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        const message = error instanceof Error ? error.message : String(error);
        return { ok: false, permanent: typeof code === 'number' && code >= 500 && code < 600, error: message.slice(0, 300) };
      }
    },
    close: () => transport.close(),
  };
}
