import { describe, expect, it } from 'vitest';
import {
  InvalidDomainError,
  canonicalizeUrl,
  createAvoidMatcher,
  hostOf,
  isHostAvoided,
  isHttpUrl,
  isTrackingParameter,
  originOf,
  parseDomainInput,
} from '../../../../../src/services/reader/spider/net/index.js';

describe('canonicalizeUrl', () => {
  it.each([
    ['HTTP://Example.COM:80/a/b', 'http://example.com/a/b'],
    ['https://example.com:443/', 'https://example.com/'],
    ['http://127.0.0.2:8080/x', 'http://127.0.0.2:8080/x'],
    ['https://example.com/story#comments', 'https://example.com/story'],
    ['https://example.com/a/./b/../c', 'https://example.com/a/c'],
    ['https://example.com/a/%2e%2e/c', 'https://example.com/c'],
    ['https://example.com/%7Euser/%61rticle', 'https://example.com/~user/article'],
    ['https://example.com/caf%c3%a9', 'https://example.com/caf%C3%A9'],
    ['https://example.com/café', 'https://example.com/caf%C3%A9'],
    ['https://example.com/a%2fb', 'https://example.com/a%2Fb'],
    ['https://example.com/s?utm_source=x&utm_medium=y&UTM_Campaign=z', 'https://example.com/s'],
    ['https://example.com/s?fbclid=1&gclid=2&mc_cid=3&mc_eid=4&igshid=5&ref=6&ref_src=7&_ga=8&msclkid=9', 'https://example.com/s'],
    ['https://example.com/s?b=2&a=1&utm_source=rss', 'https://example.com/s?a=1&b=2'],
    ['https://example.com/s?id=3&a=2&id=1', 'https://example.com/s?a=2&id=3&id=1'],
    ['https://example.com/s?q=a%20b&p=%7e', 'https://example.com/s?p=~&q=a%20b'],
    ['https://example.com/s?', 'https://example.com/s'],
    ['https://user:pass@example.com/s', 'https://example.com/s'],
    ['https://example.com./s', 'https://example.com/s'],
  ])('%s → %s', (input, expected) => {
    expect(canonicalizeUrl(input)).toBe(expected);
  });

  it('resolves relative URLs against a base', () => {
    expect(canonicalizeUrl('../world/story?utm_source=home', 'https://example.com/news/today/')).toBe('https://example.com/news/world/story');
  });

  it('gives the same URL for one article reached three ways', () => {
    const fromFeed = canonicalizeUrl('https://Example.com/2024/05/01/story/?utm_source=rss&utm_medium=feed');
    const fromHome = canonicalizeUrl('/2024/05/01/story/#top', 'https://example.com/');
    const fromSitemap = canonicalizeUrl('https://example.com:443/2024/05/01/story/');
    expect(new Set([fromFeed, fromHome, fromSitemap]).size).toBe(1);
  });

  it.each(['javascript:alert(1)', 'mailto:a@b.c', 'data:text/html,x', 'ftp://example.com/x', 'file:///etc/passwd', 'not a url'])(
    'returns null for %s',
    (input) => {
      expect(canonicalizeUrl(input)).toBeNull();
    },
  );

  it('keeps parameters that identify content', () => {
    expect(canonicalizeUrl('https://example.com/article.php?id=42&page=2')).toBe('https://example.com/article.php?id=42&page=2');
    expect(isTrackingParameter('utm_content')).toBe(true);
    expect(isTrackingParameter('id')).toBe(false);
  });
});

describe('isHttpUrl, hostOf, originOf', () => {
  it('accepts only absolute http(s) URLs', () => {
    expect(isHttpUrl('https://example.com/')).toBe(true);
    expect(isHttpUrl('http://127.0.0.2:8080')).toBe(true);
    expect(isHttpUrl('/relative')).toBe(false);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('ftp://example.com/')).toBe(false);
  });

  it('gives the lower-case host without port, and the origin with it', () => {
    expect(hostOf('https://News.Example.com:8443/a')).toBe('news.example.com');
    expect(hostOf('http://[::1]:8080/')).toBe('[::1]');
    expect(hostOf('nonsense')).toBe('');
    expect(originOf('http://127.0.0.2:8080/a?b')).toBe('http://127.0.0.2:8080');
  });
});

describe('parseDomainInput', () => {
  it('reads a bare host as https', () => {
    expect(parseDomainInput('Example.com')).toEqual({
      host: 'example.com',
      origin: 'https://example.com',
      startUrl: 'https://example.com/',
    });
  });

  it('keeps a scheme and port', () => {
    expect(parseDomainInput('http://127.0.0.2:8080')).toEqual({
      host: '127.0.0.2',
      origin: 'http://127.0.0.2:8080',
      startUrl: 'http://127.0.0.2:8080/',
    });
  });

  it('starts at a given path', () => {
    expect(parseDomainInput('https://example.com/path')).toEqual({
      host: 'example.com',
      origin: 'https://example.com',
      startUrl: 'https://example.com/path',
    });
    expect(parseDomainInput(' example.com/news?x=1#top ').startUrl).toBe('https://example.com/news?x=1');
  });

  it('lets a starting URL win, relative or absolute', () => {
    expect(parseDomainInput('example.com', '/latest').startUrl).toBe('https://example.com/latest');
    expect(parseDomainInput('example.com', 'https://www.example.com/news/').startUrl).toBe('https://www.example.com/news/');
  });

  it.each(['', '   ', 'ftp://example.com', 'javascript:alert(1)', 'http://', 'exa mple.com', 'http://1.2.3.999/'])('rejects %j', (input) => {
    expect(() => parseDomainInput(input)).toThrow(InvalidDomainError);
  });
});

describe('avoid list', () => {
  const avoided = createAvoidMatcher(['spam.example', 'https://Tracker.Example.org/path', 'http://127.0.0.9:8080', 'not a domain!!']);

  it('matches the host itself and its sub-domains', () => {
    expect(avoided('spam.example')).toBe(true);
    expect(avoided('www.spam.example')).toBe(true);
    expect(avoided('a.b.spam.example')).toBe(true);
    expect(avoided('tracker.example.org')).toBe(true);
    expect(avoided('cdn.tracker.example.org')).toBe(true);
  });

  it('does not match look-alikes or parents', () => {
    expect(avoided('notspam.example')).toBe(false);
    expect(avoided('spam.example.com')).toBe(false);
    expect(avoided('example.org')).toBe(false);
    expect(avoided('example')).toBe(false);
  });

  it('takes URLs and hosts with ports', () => {
    expect(avoided('https://www.spam.example/story')).toBe(true);
    expect(avoided('127.0.0.9')).toBe(true);
    expect(avoided('127.0.0.9:9999')).toBe(true);
    expect(avoided('http://127.0.0.9:1234/x')).toBe(true);
    expect(avoided('127.0.0.10')).toBe(false);
  });

  it('has a one-off form', () => {
    expect(isHostAvoided('News.Spam.Example', ['spam.example'])).toBe(true);
    expect(isHostAvoided('example.com', [])).toBe(false);
  });
});
