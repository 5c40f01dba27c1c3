// A site's name in prose: declared, else read from its domain (run-together words split by the
// shipped word list), never an address.
import { describe, expect, it } from 'vitest';
import { proseSiteName, splitRunTogether } from '../../../../src/services/reader/domains/site-name.js';
import { isAddressHost, nameFromHost, siteNameForProse } from '../../../../src/shared/site-names.js';

describe('site names in prose', () => {
  it('reads a name from the registrable domain: hyphens and run-together words become words, initials capitals', () => {
    expect(proseSiteName('metroledger.example')).toBe('Metro Ledger');
    expect(proseSiteName('www.harbor-times.test')).toBe('Harbor Times');
    expect(proseSiteName('m.dailyledger.com')).toBe('Daily Ledger');
    expect(proseSiteName('cbsnews.com')).toBe('CBS News');
    expect(proseSiteName('news.bbc.co.uk')).toBe('BBC');
    expect(proseSiteName('www.xn--bcher-kva.example')).toBe('Bücher');
    // A common word stays whole.
    expect(splitRunTogether('tidewater')).toEqual(['tidewater']);
    expect(splitRunTogether('washingtonpost')).toEqual(['washington', 'post']);
    // Nothing to read as words: the label as it is.
    expect(splitRunTogether('xqzvbn')).toEqual(['xqzvbn']);
  });

  it('prefers the name the site declares, unless that is an address', () => {
    expect(proseSiteName('harbor-times.test', 'The Harbor Times')).toBe('The Harbor Times');
    expect(proseSiteName('x.test', 'Reuters')).toBe('Reuters');
    expect(siteNameForProse('127.0.0.4:8871', '127.0.0.4:8871')).toBeNull();
    expect(siteNameForProse('harbor-times.test', 'localhost')).toBe('Harbor Times');
  });

  it('never names a site by an IP address, a port or this machine', () => {
    for (const host of ['127.0.0.4', '127.0.0.4:8871', '[::1]:8080', '::1', 'localhost', 'localhost:3000', 'dev.localhost', 'intranet']) {
      expect(isAddressHost(host), host).toBe(true);
      expect(nameFromHost(host), host).toBeNull();
      expect(proseSiteName(host), host).toBeNull();
    }
    expect(isAddressHost('example.com:8080')).toBe(false);
    expect(proseSiteName('example.com:8080')).toBe('Example');
  });
});
