import { describe, expect, it } from 'vitest';
import { siteHost } from '../../src/shared/site-names.js';

describe('siteHost', () => {
  it('is the host a site is known by: lower case, no port, trailing dot or leading www.', () => {
    expect(siteHost('WWW.Example.com:443')).toBe('example.com');
    expect(siteHost('www.news.example.')).toBe('news.example');
    expect(siteHost('127.0.0.2:8871')).toBe('127.0.0.2');
    expect(siteHost('[::1]:8080')).toBe('::1');
    // Only a leading www. label goes: another label that starts with the letters stays.
    expect(siteHost('wwwnews.example')).toBe('wwwnews.example');
    expect(siteHost('news.www.example')).toBe('news.www.example');
  });
});
