// The words of the digest's mails, as plain text and as HTML (every value escaped: story titles
// are crawled text). Links are absolute: NEWSCTL_PUBLIC_URL, else the daemon's own local address.
import type { Config } from '../../../config.js';
import type { DigestFrequency } from '../../../api/subscriptions.js';
import { PAGES } from '../../../shared/pages.js';
import { TOPIC_NAMES, type Topic } from '../../../shared/topics.js';
import { html, type Html } from '../pages/html.js';
import type { OutgoingMail } from './mailer.js';

export function digestOrigin(config: Pick<Config, 'publicUrl' | 'port'>): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}

const topicList = (topics: readonly string[]) => topics.map((topic) => TOPIC_NAMES[topic as Topic] ?? topic).join(', ');

export function linkWithToken(config: Pick<Config, 'publicUrl' | 'port'>, path: string, token: string): string {
  return `${digestOrigin(config)}${path}?token=${encodeURIComponent(token)}`;
}

/** The one-click unsubscribe headers every digest carries (RFC 2369 and RFC 8058). */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** A mail in the house frame: the site's name above, the way out below. */
export function mailFrame(siteName: string, body: Html, footer: Html): string {
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${siteName}</title></head>
<body style="margin:0;padding:0;background:#f6f6f4;font-family:Georgia,'Times New Roman',serif;color:#1a1a1a">
<div style="max-width:600px;margin:0 auto;padding:24px 20px;background:#ffffff">
<p style="margin:0 0 16px;font:700 22px/1.2 Georgia,serif;letter-spacing:-0.01em">${siteName}</p>
${body}
<hr style="border:0;border-top:1px solid #ddd;margin:28px 0 12px">
<p style="margin:0;font:13px/1.5 Arial,sans-serif;color:#555">${footer}</p>
</div></body></html>`.value;
}

export function confirmationMail(
  config: Pick<Config, 'publicUrl' | 'port' | 'siteName'>,
  request: {
    email: string;
    topics: readonly string[];
    frequency: DigestFrequency;
    alreadySubscribed: boolean;
    confirmToken: string;
    unsubscribeToken: string;
    expiresInHours: number;
  },
): OutgoingMail {
  const site = config.siteName;
  const confirmUrl = linkWithToken(config, PAGES.confirmSubscription, request.confirmToken);
  const unsubscribeUrl = linkWithToken(config, PAGES.unsubscribe, request.unsubscribeToken);
  const what = `the ${request.frequency} ${site} digest of ${topicList(request.topics)}`;
  const asked = request.alreadySubscribed
    ? `Someone (we hope you) asked to change your subscription to ${what}.`
    : `Someone (we hope you) asked to receive ${what} at this address.`;
  const text = [
    asked,
    '',
    `To confirm, open this link within ${request.expiresInHours} hours:`,
    confirmUrl,
    '',
    'If you did not ask for this, ignore this mail: nothing more will be sent.',
    '',
    `Never want mail from ${site}? ${unsubscribeUrl}`,
  ].join('\n');
  const body = html`<p style="font-size:17px;line-height:1.5">${asked}</p>
<p style="margin:24px 0"><a href="${confirmUrl}" style="background:#1a1a1a;color:#ffffff;padding:12px 20px;text-decoration:none;font:700 15px Arial,sans-serif;border-radius:4px">Confirm my subscription</a></p>
<p style="font:14px/1.5 Arial,sans-serif;color:#333">The link works for ${request.expiresInHours} hours. If you did not ask for this, ignore this mail: nothing more will be sent.</p>`;
  return {
    to: request.email,
    subject: request.alreadySubscribed ? `Confirm the change to your ${site} digest` : `Confirm your ${site} digest`,
    text,
    html: mailFrame(site, body, html`Never want mail from ${site}? <a href="${unsubscribeUrl}" style="color:#555">Unsubscribe</a>.`),
  };
}
