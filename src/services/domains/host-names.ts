// Host names as people read them. An internationalised label is stored, linked and sent in its
// ASCII form (`xn--bcher-kva.example`); where a host name is shown to people (CLI tables, the
// dashboard, server-rendered pages, activity lines, spoken and written attributions) it reads
// `bücher.example` — but only when that cannot pass for another name, as browsers decide it: every
// label in one writing system (ASCII digits and hyphens go with any), else the encoded form stays.
// The web app has the same rules in web/src/lib/hosts.ts (test/services/domains/host-names.test.ts
// holds both to one table of cases).
import { domainToASCII, domainToUnicode } from 'node:url';

/**
 * A label may use the letters of one of these (Script_Extensions, so the marks and signs a script
 * shares with others count for it). Japanese, Chinese and Korean write Han with their own scripts,
 * as browsers allow; no other mix is shown, Latin with anything else least of all.
 */
const WRITING_SYSTEMS = [
  'Latin', 'Greek', 'Cyrillic', 'Armenian', 'Georgian', 'Hebrew', 'Arabic', 'Thaana', 'Devanagari', 'Bengali', 'Gurmukhi',
  'Gujarati', 'Oriya', 'Tamil', 'Telugu', 'Kannada', 'Malayalam', 'Sinhala', 'Thai', 'Lao', 'Tibetan', 'Myanmar', 'Khmer',
  'Ethiopic', 'Mongolian', 'Han Hiragana Katakana', 'Han Bopomofo', 'Hangul Han',
].map((scripts) => new RegExp(`^[-0-9${scripts.split(' ').map((name) => `\\p{scx=${name}}`).join('')}]+$`, 'u'));

/**
 * A Cyrillic label made only of letters that look Latin ("аррӏе") reads as a Latin name: as in
 * Chromium, it is shown only under a top-level domain where Cyrillic names are expected.
 */
const LATIN_LOOKALIKE_CYRILLIC = /^[-0-9асԁеһіјӏорԛѕԝхуъьҽпгѵѡ]+$/u;
const CYRILLIC_ZONES = new Set(['bg', 'by', 'kz', 'mk', 'mn', 'rs', 'ru', 'su', 'ua', 'uz']);

function decodeLabel(label: string): string | null {
  return domainToUnicode(label.toLowerCase()) || null;
}

/** A label's Unicode form when it is safe to show, else null (the encoded form stays). */
function readableLabel(label: string, cyrillicZone: boolean): string | null {
  const decoded = decodeLabel(label);
  // All ASCII ("xn--example-" decodes to "example"): a fake, shown as written.
  if (!decoded || /^[\x00-\x7f]*$/.test(decoded)) return null;
  // Not in its one canonical form (capitals, full-width or compatibility letters, a split accent).
  if (decoded.normalize('NFKC').toLowerCase() !== decoded) return null;
  // A combining mark no script owns (an accent on a letter that has no accented form) can make a
  // letter pass for another; scripts' own marks (Devanagari vowel signs…) are theirs.
  if (/\p{sc=Inherited}/u.test(decoded) || !WRITING_SYSTEMS.some((system) => system.test(decoded))) return null;
  // The middle dot only between two l's (Catalan "l·l", the IDNA rule).
  if (decoded.replace(/l·l/g, '').includes('·')) return null;
  if (!cyrillicZone && LATIN_LOOKALIKE_CYRILLIC.test(decoded)) return null;
  return decoded;
}

/** A host name (`host` or `host:port`) as people read it; anything else is returned unchanged. */
export function readableHost(host: string): string {
  if (!/xn--/i.test(host)) return host;
  const topLabel = host.replace(/:\d+$/, '').replace(/\.$/, '').split('.').pop()!.toLowerCase();
  const topDecoded = topLabel.startsWith('xn--') ? decodeLabel(topLabel) : null;
  const cyrillicZone = CYRILLIC_ZONES.has(topLabel) || (topDecoded !== null && /^\p{scx=Cyrillic}+$/u.test(topDecoded));
  return host.replace(/(^|\.)(xn--[a-z0-9-]*)/gi, (match, dot: string, label: string) => {
    const readable = readableLabel(label, cyrillicZone);
    return readable === null ? match : `${dot}${readable}`;
  });
}

/**
 * A host name (`host` or `host:port`) as someone may type it after reading it (`bücher.example`), in
 * the form it is stored (`xn--bcher-kva.example`); unchanged when it is no host name.
 */
export function storedHost(host: string): string {
  const [, name = '', port = ''] = /^(.*?)(:\d+)?$/.exec(host.trim()) ?? [];
  return /^[\x00-\x7f]*$/.test(name) ? host.trim().toLowerCase() : (domainToASCII(name) || name) + port;
}

/** A domain's address as listed (`host`, `host:port`, `https://host/path`): its host part readable. */
export function readableAddress(address: string): string {
  return address.replace(/^([a-z][a-z0-9+.-]*:\/\/)?([^/?#@]*)/i, (_, scheme: string | undefined, host: string) => `${scheme ?? ''}${readableHost(host)}`);
}
