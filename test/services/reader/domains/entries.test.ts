// Domain and avoid-list entries as typed, and the import/export text format (spec 001 §5).
import { describe, expect, it } from 'vitest';
import { formatDomainExport, parseDomainImport, readAvoidEntry, readDomainEntry } from '../../../../src/services/reader/domains/entries.js';

describe('domain entries', () => {
  it('keeps a host name as such, and a scheme or port when it is not plain https', () => {
    expect(readDomainEntry('  Example.COM ')).toEqual({ url: 'example.com', host: 'example.com', startingUrl: null });
    expect(readDomainEntry('https://www.example.com/')).toEqual({ url: 'www.example.com', host: 'www.example.com', startingUrl: null });
    expect(readDomainEntry('http://127.0.0.2:8080')).toEqual({ url: 'http://127.0.0.2:8080', host: '127.0.0.2:8080', startingUrl: null });
    expect(readDomainEntry('http://news.example')).toEqual({ url: 'http://news.example', host: 'news.example', startingUrl: null });
    expect(readDomainEntry('example.com:8443').url).toBe('https://example.com:8443');
  });

  it('turns a path into the starting URL', () => {
    expect(readDomainEntry('example.com/news/')).toEqual({ url: 'example.com', host: 'example.com', startingUrl: 'https://example.com/news/' });
    expect(readDomainEntry('example.com', '/world')).toMatchObject({ startingUrl: 'https://example.com/world' });
  });

  it("refuses what is no domain, with the console's message for an empty one", () => {
    expect(() => readDomainEntry('   ')).toThrow('Please enter a domain');
    expect(() => readDomainEntry('ftp://example.com')).toThrow(/not http or https/);
    expect(() => readDomainEntry('exa mple.com')).toThrow(/Invalid domain/);
    expect(() => readAvoidEntry(' ')).toThrow('Please enter a domain to avoid');
  });

  it('reads avoid entries as bare host names', () => {
    expect(readAvoidEntry('https://Tracker.example/path')).toBe('tracker.example');
    expect(readAvoidEntry('http://127.0.0.9:8080')).toBe('127.0.0.9');
  });
});

describe('import and export format', () => {
  it('reads domain,priority lines, then #AVOID, then avoided domains', () => {
    const parsed = parseDomainImport([
      'example.com,5',
      '  other.example  ',
      'http://127.0.0.2:8080,7',
      'bad-priority.example,high',
      '',
      '# a comment',
      '#AVOID',
      'spam.example',
      'ads.example,too many pop-ups',
    ]);
    expect(parsed.domains).toEqual([
      { input: 'example.com', priority: 5 },
      { input: 'other.example', priority: null },
      { input: 'http://127.0.0.2:8080', priority: 7 },
      { input: 'bad-priority.example', priority: null },
    ]);
    expect(parsed.avoided).toEqual(['spam.example', 'ads.example']);
  });

  it('writes the same format, priority 4 when unset, avoided domains only in the avoid section', () => {
    const lines = formatDomainExport(
      [
        { url: 'example.com', priority: 5, status: 'active' },
        { url: 'http://127.0.0.2:8080', priority: null, status: 'error' },
        { url: 'spam.example', priority: 9, status: 'avoided' },
      ],
      [{ url: 'spam.example' }, { url: 'ads.example' }],
    );
    expect(lines).toEqual(['example.com,5', 'http://127.0.0.2:8080,4', '#AVOID', 'spam.example', 'ads.example']);
    const again = parseDomainImport(lines);
    expect(again.domains.map((d) => d.input)).toEqual(['example.com', 'http://127.0.0.2:8080']);
    expect(again.avoided).toEqual(['spam.example', 'ads.example']);
  });

  it('reads an OPML subscription list (a feed reader export): one entry per site, its page before its feed', () => {
    const opml = `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0"><head><title>My feeds</title></head><body>
  <outline text="News">
    <outline type="rss" text="AP" xmlUrl="https://feeds.apnews.com/rss/topnews" htmlUrl="https://apnews.com/"/>
    <outline type="rss" text="AP world" xmlUrl="https://apnews.com/world.rss" htmlUrl="https://apnews.com/world"/>
    <outline type='rss' text='Local' xmlUrl='http://127.0.0.2:8871/feed.xml?a=1&amp;b=2'/>
    <outline type="rss" text="Broken" xmlUrl="not an address"/>
    <outline type="rss" text="Script" htmlUrl="javascript:alert(1)"/>
  </outline>
</body></opml>`;
    expect(parseDomainImport(opml.split('\n'))).toEqual({
      domains: [
        { input: 'apnews.com', priority: null },
        { input: 'http://127.0.0.2:8871', priority: null },
      ],
      avoided: [],
    });
  });
});
