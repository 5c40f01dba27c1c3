import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { documentBase, httpUrl } from '../../../../src/services/reader/extract/urls.js';

describe('httpUrl', () => {
  it('resolves relative references against the base', () => {
    expect(httpUrl('../img/a.jpg', 'https://example.org/news/story/')).toBe('https://example.org/news/img/a.jpg');
    expect(httpUrl('//cdn.example.org/a.jpg', 'https://example.org/')).toBe('https://cdn.example.org/a.jpg');
  });

  it('accepts only http and https', () => {
    for (const href of [
      'javascript:alert(1)',
      ' JAVASCRIPT:alert(1)',
      'data:image/png;base64,AAAA',
      'mailto:a@example.org',
      'ftp://example.org/x',
      'vbscript:x',
    ]) {
      expect(httpUrl(href, 'https://example.org/')).toBeNull();
    }
    expect(httpUrl('/relative')).toBeNull();
    expect(httpUrl('', 'https://example.org/')).toBeNull();
  });
});

describe('documentBase', () => {
  it('uses <base href> resolved against the page URL, else the page URL', () => {
    const withBase = parseHTML('<html><head><base href="/en/"></head><body></body></html>').document as unknown as Document;
    expect(documentBase(withBase, 'https://example.org/a/b')).toBe('https://example.org/en/');
    const without = parseHTML('<html><head></head><body></body></html>').document as unknown as Document;
    expect(documentBase(without, 'https://example.org/a/b')).toBe('https://example.org/a/b');
    expect(documentBase(without, 'javascript:x')).toBeNull();
  });
});
