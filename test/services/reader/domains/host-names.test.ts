// Internationalised host names as people read them: Unicode where a label is in one writing
// system, the encoded form where it could pass for another name (a homograph). One module serves
// the server, the CLI and the web app (which re-exports it), with its own small Punycode decoder,
// checked here against RFC 3492's samples and against Node's IDNA decoding.
import { domainToUnicode } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readableAddress as serverAddress, readableHost as serverHost } from '../../../../src/services/reader/domains/host-names.js';
import { decodePunycode } from '../../../../src/shared/readable-host.js';
import { readableAddress as webAddress, readableHost as webHost } from '../../../../web/src/lib/hosts.js';

const sides = [
  ['server', serverHost, serverAddress],
  ['web', webHost, webAddress],
] as const;

/** [as stored, as shown] */
const SHOWN: [string, string][] = [
  ['xn--bcher-kva.example', 'bücher.example'],
  ['www.xn--mnchen-3ya.de', 'www.münchen.de'],
  ['xn--mnchen-2024-thb.de:8080', 'münchen-2024.de:8080'],
  ['xn--caf-dma.fr', 'café.fr'],
  ['xn--collegi-xma.cat', 'col·legi.cat'],
  ['xn--hxajbheg2az3al.gr', 'παράδειγμα.gr'],
  ['xn--e1afmkfd.xn--p1ai', 'пример.рф'],
  ['xn--80aswg.com', 'сайт.com'],
  ['xn--eckwd4c7c5976acvb2w6i.jp', '日本語ドメイン.jp'],
  ['xn--fiqs8s.cn', '中国.cn'],
  ['xn--3e0b707e.kr', '한국.kr'],
  ['xn--mgbh0fb.example', 'مثال.example'],
  ['xn--11b5bs3a9aj6g.in', 'परीक्षा.in'],
  ['xn--zca.example', 'ß.example'],
  // Cyrillic made only of Latin lookalikes: shown where Cyrillic names are expected.
  ['xn--e1argv.xn--p1ai', 'орех.рф'],
  ['xn--e1argv.ru', 'орех.ru'],
  // Each label on its own: a safe one is shown beside one that stays encoded.
  ['xn--bcher-kva.xn--pple-43d.example', 'bücher.xn--pple-43d.example'],
];

/** Kept encoded: mixed scripts, lookalikes, fakes, symbols, non-canonical forms, broken Punycode. */
const KEPT = [
  'xn--pple-43d.com', // "аpple": Cyrillic а with Latin
  'xn--80ak6aa92e.com', // "аррӏе": all Cyrillic, every letter a Latin lookalike
  'xn--80aa0cbo65f.com', // "раураӏ"
  'xn--e1argv.com', // "орех" under .com
  'xn--bcher-kva470c.example', // "bücherπ": Latin with Greek
  'xn--abc-u68do18h.example', // "中文abc": Han with Latin
  'xn--example-.com', // decodes to plain "example"
  'xn--xn-.com',
  'xn--ab-9tb.example', // a combining accent
  'xn--ab-0ea.example', // a middle dot not between two l's
  'xn--a-dha831v.example', // a fraction slash
  'xn--cher-zra77610b.example', // a full-width letter
  'xn--nd--joa53113a.example', // a ligature
  'xn--ls8h.la', // an emoji
  'xn--a.example', // not Punycode
  'xn--zz.example',
  'xn--.example',
];

describe('readable host names', () => {
  for (const [side, host, address] of sides) {
    it(`${side}: shows a label in Unicode when it is in one writing system`, () => {
      for (const [stored, shown] of SHOWN) expect(host(stored), stored).toBe(shown);
    });

    it(`${side}: keeps the encoded form of a label that could pass for another name or is no name`, () => {
      for (const stored of KEPT) expect(host(stored), stored).toBe(stored);
    });

    it(`${side}: leaves ASCII names, addresses and ports alone`, () => {
      for (const stored of ['example.com', 'www.example.com:8080', '127.0.0.2:8080', '[::1]:3000', 'localhost', 'axn--b.example', '']) {
        expect(host(stored)).toBe(stored);
      }
    });

    it(`${side}: reads the host of a listed address, keeping its scheme, port and path`, () => {
      expect(address('https://xn--bcher-kva.example/news/xn--x?q=xn--bcher-kva')).toBe('https://bücher.example/news/xn--x?q=xn--bcher-kva');
      expect(address('http://xn--mnchen-3ya.de:8080')).toBe('http://münchen.de:8080');
      expect(address('xn--bcher-kva.example')).toBe('bücher.example');
      expect(address('xn--pple-43d.com')).toBe('xn--pple-43d.com');
      expect(address('http://127.0.0.2:8080')).toBe('http://127.0.0.2:8080');
    });
  }

  it('decodes Punycode as RFC 3492 does (its sample strings), and refuses what is not Punycode', () => {
    // RFC 3492 §7.1 (A) Arabic (Egyptian), (B) Chinese (simplified), (L) 3<nen>B<gumi><kinpachi><sensei>.
    expect(decodePunycode('egbpdaj6bu4bxfgehfvwxn')).toBe('ليهمابتكلموشعربي؟');
    expect(decodePunycode('ihqwcrb4cv8a8dqg056pqjye')).toBe('他们为什么不说中文');
    expect(decodePunycode('3B-ww4c5e180e575a65lsy2b')).toBe('3年B組金八先生');
    expect(decodePunycode('-> $1.00 <--')).toBe('-> $1.00 <-');
    expect(decodePunycode('bcher-kva')).toBe('bücher');
    for (const broken of ['zz', '-abc', 'ü-kva', '99999999999', 'bcher-kva!']) expect(decodePunycode(broken), broken).toBeNull();
  });

  it("decodes every label of the table as Node's IDNA decoding does", () => {
    for (const [stored] of SHOWN) {
      for (const label of stored
        .replace(/:\d+$/, '')
        .split('.')
        .filter((part) => part.startsWith('xn--'))) {
        expect(decodePunycode(label.slice(4)), label).toBe(domainToUnicode(label));
      }
    }
  });
});
