// Turns response bytes into text the way browsers do (WHATWG Encoding + HTML prescan): byte order
// mark, then the Content-Type charset, then an in-document declaration, then a guess. News sites
// are often wrong about their own encoding, so a UTF-8 label on bytes that are not UTF-8 falls back
// to windows-1252 (what "latin1"/"iso-8859-1" mean on the web anyway).

export interface DecodedText {
  text: string;
  /** WHATWG encoding name actually used, e.g. "utf-8", "windows-1252". */
  encoding: string;
  /** Where the encoding came from. */
  source: 'bom' | 'header' | 'meta' | 'xml-declaration' | 'guess';
}

/** How far into a document a <meta charset> or XML declaration is looked for. */
const PRESCAN_BYTES = 4096;

/** The WHATWG name for an encoding label, or null if TextDecoder does not know it. */
export function encodingForLabel(label: string | null | undefined): string | null {
  if (!label) return null;
  const clean = label
    .trim()
    .replace(/^["']|["']$/g, '')
    .toLowerCase();
  if (clean === '') return null;
  if (clean === 'x-user-defined') return 'windows-1252';
  try {
    return new TextDecoder(clean).encoding;
  } catch {
    return null;
  }
}

/** The charset parameter of a Content-Type header value. */
export function charsetFromContentType(contentType: string | null | undefined): string | null {
  const match = /;\s*charset\s*=\s*("?)([^";,\s]+)\1/i.exec(contentType ?? '');
  return match ? match[2]! : null;
}

function bomEncoding(body: Uint8Array): { encoding: string; length: number } | null {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (body[0] === 0xfe && body[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  if (body[0] === 0xff && body[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  return null;
}

/** A charset declared inside the document: an XML declaration, or an HTML <meta>. */
function declaredCharset(body: Uint8Array): { label: string; source: 'meta' | 'xml-declaration' } | null {
  // latin1 maps every byte to one char, so ASCII markup is readable whatever the real encoding.
  const head = Buffer.from(body.buffer, body.byteOffset, Math.min(body.byteLength, PRESCAN_BYTES)).toString('latin1');
  const xml = /^\s*<\?xml\s[^>]*?encoding\s*=\s*["']([^"']+)["']/i.exec(head);
  if (xml) return { label: xml[1]!, source: 'xml-declaration' };
  const withoutComments = head.replace(/<!--[\s\S]*?-->/g, '');
  for (const tag of withoutComments.match(/<meta\b[^>]*>/gi) ?? []) {
    const direct = /\bcharset\s*=\s*["']?\s*([^"'\s/>;]+)/i.exec(tag);
    if (!direct) continue;
    // <meta http-equiv="Content-Type" content="text/html; charset=x"> matches the same pattern.
    return { label: direct[1]!, source: 'meta' };
  }
  return null;
}

/**
 * Decodes a response body. `contentType` is the raw Content-Type header value (may be empty).
 */
export function decodeText(body: Uint8Array, contentType?: string | null): DecodedText {
  const bom = bomEncoding(body);
  if (bom) {
    return { text: new TextDecoder(bom.encoding).decode(body.subarray(bom.length)), encoding: bom.encoding, source: 'bom' };
  }

  const candidates: Array<{ encoding: string; source: DecodedText['source'] }> = [];
  const fromHeader = encodingForLabel(charsetFromContentType(contentType));
  if (fromHeader) candidates.push({ encoding: fromHeader, source: 'header' });
  const declared = declaredCharset(body);
  const fromDocument = encodingForLabel(declared?.label);
  if (declared && fromDocument) {
    // A document cannot really be UTF-16 if its ASCII declaration was readable (WHATWG rule).
    const encoding = fromDocument.startsWith('utf-16') ? 'utf-8' : fromDocument;
    candidates.push({ encoding, source: declared.source });
  }

  for (const candidate of candidates) {
    if (candidate.encoding !== 'utf-8') {
      // Labelled legacy but strictly valid UTF-8 with non-ASCII text: real legacy text almost never
      // forms valid multi-byte UTF-8 by accident, so the label is the mistake.
      const strict = strictUtf8(body);
      if (strict !== null && /[^\x00-\x7f]/.test(strict)) return { text: strict, encoding: 'utf-8', source: 'guess' };
      return decodeWith(body, candidate.encoding, candidate.source);
    }
    const utf8 = decodeUtf8Loosely(body);
    if (utf8.plausible) return { text: utf8.text, encoding: 'utf-8', source: candidate.source };
    // Labelled UTF-8 but plainly not: try the next declaration, else the web's usual legacy one.
  }
  const utf8 = decodeUtf8Loosely(body);
  if (utf8.plausible) return { text: utf8.text, encoding: 'utf-8', source: 'guess' };
  const legacy = candidates.find((c) => c.encoding !== 'utf-8');
  return legacy ? decodeWith(body, legacy.encoding, legacy.source) : decodeWith(body, 'windows-1252', 'guess');
}

function strictUtf8(body: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return null;
  }
}

function decodeWith(body: Uint8Array, encoding: string, source: DecodedText['source']): DecodedText {
  const text = encoding === 'windows-1252' ? decodeWindows1252(body) : new TextDecoder(encoding).decode(body);
  return { text, encoding, source };
}

// WHATWG windows-1252 for bytes 0x80–0x9F (the rest is latin-1).
const WINDOWS_1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d,
  0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

/**
 * Node 20's TextDecoder('windows-1252') decodes 0x80–0x9F as latin-1 control characters, losing
 * curly quotes, dashes and € — the very characters legacy news pages are full of.
 */
function decodeWindows1252(body: Uint8Array): string {
  const latin1 = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('latin1');
  return latin1.replace(/[\x80-\x9f]/g, (char) => String.fromCharCode(WINDOWS_1252_HIGH[char.charCodeAt(0) - 0x80]!));
}

/**
 * Decodes as UTF-8 and says whether that was plausible: valid, or with far fewer broken sequences
 * than well-formed non-ASCII characters (a UTF-8 page with one stray byte stays UTF-8; a
 * windows-1252 page, whose accented letters are all invalid UTF-8, does not).
 */
function decodeUtf8Loosely(body: Uint8Array): { text: string; plausible: boolean } {
  const strict = strictUtf8(body);
  if (strict !== null) return { text: strict, plausible: true };
  const text = new TextDecoder('utf-8').decode(body);
  let broken = 0;
  let wellFormed = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code === 0xfffd) broken++;
    else if (code > 0x7f) wellFormed++;
  }
  return { text, plausible: wellFormed >= broken * 4 };
}
