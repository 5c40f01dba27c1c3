import { describe, expect, it } from 'vitest';
import { charsetFromContentType, decodeText, encodingForLabel, parseRetryAfter } from '../../src/net/index.js';
import { encodeWindows1252 } from '../fixtures/news-web/windows-1252.js';

const SAMPLE = 'Café naïve – “quoted” €5';

describe('decodeText', () => {
  it('decodes UTF-8 by default', () => {
    expect(decodeText(Buffer.from(`<p>${SAMPLE}</p>`))).toMatchObject({ text: `<p>${SAMPLE}</p>`, encoding: 'utf-8' });
  });

  it('uses the Content-Type charset', () => {
    const body = encodeWindows1252(`<p>${SAMPLE}</p>`);
    expect(decodeText(body, 'text/html; charset=windows-1252')).toMatchObject({ text: `<p>${SAMPLE}</p>`, source: 'header' });
    expect(decodeText(body, 'text/html; Charset="ISO-8859-1"')).toMatchObject({ text: `<p>${SAMPLE}</p>`, encoding: 'windows-1252' });
  });

  it('finds <meta charset> and http-equiv declarations', () => {
    const meta = encodeWindows1252(`<html><head><meta charset="windows-1252"></head><p>${SAMPLE}</p>`);
    expect(decodeText(meta, 'text/html')).toMatchObject({ encoding: 'windows-1252', source: 'meta' });
    const httpEquiv = Buffer.from(`<html><head><meta http-equiv="Content-Type" content="text/html; charset=iso-8859-2"></head><p>\xb1</p>`, 'latin1');
    expect(decodeText(httpEquiv, '')).toMatchObject({ text: expect.stringContaining('<p>ą</p>'), encoding: 'iso-8859-2' });
  });

  it('ignores a <meta charset> inside a comment', () => {
    const body = Buffer.from(`<!-- <meta charset="koi8-r"> --><meta charset="utf-8"><p>${SAMPLE}</p>`);
    expect(decodeText(body).text).toContain(SAMPLE);
  });

  it('reads an XML declaration', () => {
    const body = encodeWindows1252(`<?xml version="1.0" encoding="ISO-8859-1"?><rss><title>${SAMPLE}</title></rss>`);
    expect(decodeText(body, 'application/rss+xml')).toMatchObject({ source: 'xml-declaration', text: expect.stringContaining(SAMPLE) });
  });

  it('lets a byte order mark win over everything', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`<p>${SAMPLE}</p>`, 'utf16le')]);
    expect(decodeText(utf16, 'text/html; charset=windows-1252')).toMatchObject({ text: `<p>${SAMPLE}</p>`, source: 'bom' });
    const utf8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(SAMPLE)]);
    expect(decodeText(utf8, 'text/html; charset=windows-1252').text).toBe(SAMPLE);
    const utf16be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(SAMPLE, 'utf16le').swap16()]);
    expect(decodeText(utf16be).text).toBe(SAMPLE);
  });

  it('falls back to windows-1252 when bytes labelled UTF-8 are not UTF-8', () => {
    const body = encodeWindows1252(`<p>${SAMPLE}</p>`);
    expect(decodeText(body, 'text/html; charset=utf-8')).toMatchObject({ text: `<p>${SAMPLE}</p>`, encoding: 'windows-1252' });
    expect(decodeText(body)).toMatchObject({ text: `<p>${SAMPLE}</p>`, encoding: 'windows-1252', source: 'guess' });
  });

  it('keeps UTF-8 when only a stray byte is broken', () => {
    const body = Buffer.concat([Buffer.from(`<p>${SAMPLE} ${SAMPLE}</p>`), Buffer.from([0xff])]);
    const decoded = decodeText(body, 'text/html; charset=utf-8');
    expect(decoded.encoding).toBe('utf-8');
    expect(decoded.text).toContain(SAMPLE);
  });

  it('reads valid UTF-8 as UTF-8 even when labelled latin-1', () => {
    const body = Buffer.from(`<p>${SAMPLE}</p>`);
    expect(decodeText(body, 'text/html; charset=iso-8859-1').text).toBe(`<p>${SAMPLE}</p>`);
  });

  it('treats a <meta> claiming UTF-16 as UTF-8 (the WHATWG rule)', () => {
    const body = Buffer.from(`<meta charset="utf-16"><p>${SAMPLE}</p>`);
    expect(decodeText(body).text).toContain(SAMPLE);
  });

  it('ignores unknown labels', () => {
    expect(decodeText(Buffer.from(SAMPLE), 'text/html; charset=klingon').text).toBe(SAMPLE);
    expect(encodingForLabel('klingon')).toBeNull();
    expect(encodingForLabel('latin1')).toBe('windows-1252');
    expect(encodingForLabel('Shift_JIS')).toBe('shift_jis');
  });

  it('decodes multi-byte legacy encodings by label', () => {
    const shiftJis = Buffer.from([0x93, 0xfa, 0x96, 0x7b]); // 日本
    expect(decodeText(shiftJis, 'text/html; charset=shift_jis').text).toBe('日本');
  });

  it('reads the charset parameter', () => {
    expect(charsetFromContentType('text/html; charset=UTF-8')).toBe('UTF-8');
    expect(charsetFromContentType('text/html;charset="windows-1252"; foo=bar')).toBe('windows-1252');
    expect(charsetFromContentType('text/html')).toBeNull();
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('2024-05-01T12:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Wed, 01 May 2024 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Wed, 01 May 2024 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});
