// Host names as people read them. An internationalised label is stored, linked and sent in its
// ASCII form (`xn--bcher-kva.example`); where a host name is shown to people (the web app, CLI
// tables, the dashboard, server-rendered pages, activity lines, spoken and written attributions)
// it reads `bücher.example` — but only when that cannot pass for another name, as browsers decide
// it: every label in one writing system (ASCII digits and hyphens go with any), else the encoded
// form stays. No Node module here: the web app imports this file too, so it carries a small
// Punycode decoder of its own rather than a library in the page's bundle.

const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const MAX_INT = 0x7fffffff;

function adapt(delta: number, points: number, first: boolean): number {
  let d = first ? Math.floor(delta / 700) : delta >> 1;
  d += Math.floor(d / points);
  let k = 0;
  for (; d > ((BASE - T_MIN) * T_MAX) >> 1; k += BASE) d = Math.floor(d / (BASE - T_MIN));
  return k + Math.floor(((BASE - T_MIN + 1) * d) / (d + 38));
}

/** RFC 3492 decoding of what follows "xn--"; null when it is not valid Punycode. */
export function decodePunycode(input: string): string | null {
  const delimiter = Math.max(0, input.lastIndexOf('-'));
  const output: number[] = [];
  for (let j = 0; j < delimiter; j++) {
    const c = input.charCodeAt(j);
    if (c >= 0x80) return null;
    output.push(c);
  }
  let n = 128;
  let i = 0;
  let bias = 72;
  for (let at = delimiter > 0 ? delimiter + 1 : 0; at < input.length; ) {
    const before = i;
    for (let w = 1, k = BASE; ; k += BASE) {
      if (at >= input.length) return null;
      const c = input.charCodeAt(at++);
      const digit = c >= 48 && c < 58 ? c - 22 : c >= 65 && c < 91 ? c - 65 : c >= 97 && c < 123 ? c - 97 : BASE;
      if (digit >= BASE || digit > Math.floor((MAX_INT - i) / w)) return null;
      i += digit * w;
      const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < t) break;
      if (w > Math.floor(MAX_INT / (BASE - t))) return null;
      w *= BASE - t;
    }
    const length = output.length + 1;
    bias = adapt(i - before, length, before === 0);
    n += Math.floor(i / length);
    i %= length;
    // Beyond Unicode, or a lone surrogate: not a name.
    if (n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return null;
    output.splice(i++, 0, n);
  }
  return String.fromCodePoint(...output);
}

/**
 * A label may use the letters of one of these (Script_Extensions, so the marks and signs a script
 * shares with others count for it). Japanese, Chinese and Korean write Han with their own scripts,
 * as browsers allow; no other mix is shown, Latin with anything else least of all.
 */
const WRITING_SYSTEMS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Georgian',
  'Hebrew',
  'Arabic',
  'Thaana',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Khmer',
  'Ethiopic',
  'Mongolian',
  'Han Hiragana Katakana',
  'Han Bopomofo',
  'Hangul Han',
].map(
  (scripts) =>
    new RegExp(
      `^[-0-9${scripts
        .split(' ')
        .map((name) => `\\p{scx=${name}}`)
        .join('')}]+$`,
      'u',
    ),
);

/**
 * A Cyrillic label made only of letters that look Latin ("аррӏе") reads as a Latin name: as in
 * Chromium, it is shown only under a top-level domain where Cyrillic names are expected.
 */
const LATIN_LOOKALIKE_CYRILLIC = /^[-0-9асԁеһіјӏорԛѕԝхуъьҽпгѵѡ]+$/u;
const CYRILLIC_ZONES = new Set(['bg', 'by', 'kz', 'mk', 'mn', 'rs', 'ru', 'su', 'ua', 'uz']);

const decodeLabel = (label: string) => decodePunycode(label.slice(4).toLowerCase());

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

/** A domain's address as listed (`host`, `host:port`, `https://host/path`): its host part readable. */
export function readableAddress(address: string): string {
  return address.replace(/^([a-z][a-z0-9+.-]*:\/\/)?([^/?#@]*)/i, (_, scheme: string | undefined, host: string) => `${scheme ?? ''}${readableHost(host)}`);
}
