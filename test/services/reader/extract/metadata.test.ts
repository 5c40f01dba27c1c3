import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { cleanAuthor } from '../../../../src/services/reader/extract/author.js';
import { chooseMetadata, stripSiteName } from '../../../../src/services/reader/extract/metadata.js';
import { metadataCandidates } from '../../../../src/services/reader/extract/metadata-candidates.js';

const readMetadata = (document: Document, pageUrl?: string | null) => chooseMetadata(metadataCandidates(document, pageUrl), pageUrl);

const documentOf = (html: string) => parseHTML(html).document as unknown as Document;

describe('cleanAuthor', () => {
  it('drops "By", splits joined names and removes duplicates', () => {
    expect(cleanAuthor('By Jane Doe and John Roe')).toBe('Jane Doe, John Roe');
    expect(cleanAuthor('Anna Berg, Per Lund og Kari Nor')).toBe('Anna Berg, Per Lund, Kari Nor');
    expect(cleanAuthor('Jane Doe, jane doe')).toBe('Jane Doe');
  });

  it('refuses URLs and e-mail addresses', () => {
    expect(cleanAuthor('https://www.facebook.com/somepaper')).toBeNull();
    expect(cleanAuthor('desk@example.org')).toBeNull();
  });
});

describe('stripSiteName', () => {
  it('removes the site name from either end', () => {
    expect(stripSiteName('Ferry plan | Harbour Gazette', ['Harbour Gazette'])).toBe('Ferry plan');
    expect(stripSiteName('Harbour Gazette - Ferry plan', ['Harbour Gazette'])).toBe('Ferry plan');
    expect(stripSiteName('Ferry plan – harbourgazette.com', ['harbourgazette.com'])).toBe('Ferry plan');
  });

  it('keeps titles whose parts are not the site name', () => {
    expect(stripSiteName('Brexit: what happens next', ['Harbour Gazette'])).toBe('Brexit: what happens next');
    expect(stripSiteName('Harbour Gazette', ['Harbour Gazette'])).toBe('Harbour Gazette');
  });
});

describe('readMetadata', () => {
  it('reads the date line under a headline set without <h1> (a table layout), not the one by a teaser link', () => {
    const meta = readMetadata(
      documentOf(`<html><head><title>Valley Courier :: Flood barrier finished two years early on the river</title></head><body>
<table><tr><td><a href="/other">Flood barrier finished two years early on the river</a> <span>March 2, 2026</span></td></tr></table>
<div class="ttl"><font size="5"><b>Flood barrier finished two years early on the river</b></font></div>
<div class="by">Ana Ruiz - March 9, 2026</div><div class="txt">The barrier along the east bank was closed for the first time.</div></body></html>`),
    );
    expect(meta.publishedAt).toBe('2026-03-09');
  });

  it('prefers the visible headline, in the spelling of a declared title with the same words', () => {
    const meta = readMetadata(
      documentOf(`<html><head><meta property="og:title" content="Council 'backs' plan | Gazette"><meta property="og:site_name" content="Gazette"></head>
        <body><header><h1><a href="/">Gazette</a></h1></header><article><h1>Council ‘backs’ plan</h1></article></body></html>`),
      'https://gazette.example/story',
    );
    expect(meta.title).toBe("Council 'backs' plan");
  });

  it('skips a logo heading and takes the declared title', () => {
    const meta = readMetadata(
      documentOf('<html><head><title>Ferry plan | Gazette</title></head><body><h1>Gazette</h1><p>text</p></body></html>'),
      'https://www.gazette.example/story',
    );
    expect(meta.title).toBe('Ferry plan');
  });

  it('takes a site name only its masthead gives off the title, and names the site by it', () => {
    const page = (title: string, logo: string) =>
      documentOf(`<html><head><title>${title}</title></head><body><table><tr><td class="logo">${logo}</td></tr></table>
        <div class="ttl"><font size="5"><b>Ferry plan passes</b></font></div><div class="txt">The council voted.</div></body></html>`);
    const soup = readMetadata(page('Harbor Ledger :: Ferry plan passes', '<a href="/">Harbor Ledger</a>'), 'http://127.0.0.9:8080/2026/ferry');
    expect(soup.title).toBe('Ferry plan passes');
    expect(soup.siteName).toBe('Harbor Ledger');
    const logo = readMetadata(
      page('Ferry plan passes | Harbor Ledger', '<a href="http://127.0.0.9:8080/"><img alt="Harbor Ledger" src="/logo.png"></a>'),
      'http://127.0.0.9:8080/x',
    );
    expect(logo.title).toBe('Ferry plan passes');
    // A front-page link that the title does not confirm names nothing, and a title part that only
    // looks like a label stays.
    const home = readMetadata(page('Brexit: what happens next', '<a href="/">Home</a>'), 'http://127.0.0.9:8080/x');
    expect(home.title).toBe('Brexit: what happens next');
    expect(home.siteName).toBeNull();
  });

  it('prefers JSON-LD over meta tags, and reads the author from an /authors/ URL as a last resort', () => {
    const meta = readMetadata(
      documentOf(`<html><head>
        <script type="application/ld+json">[{"@type":"WebSite","name":"Gazette"},{"@type":"BlogPosting","headline":"Plan","datePublished":"2024-01-02T03:04:05-05:00"}]</script>
        <meta property="article:published_time" content="2023-01-01">
        <meta property="article:author" content="https://gazette.example/authors/jane-doe/">
      </head><body></body></html>`),
      'https://gazette.example/x',
    );
    expect(meta.publishedAt).toBe('2024-01-02T03:04:05-05:00');
    expect(meta.author).toBe('Jane Doe');
  });

  it('normalises the language tag', () => {
    expect(readMetadata(documentOf('<html lang="pt_br"><body></body></html>')).language).toBe('pt-BR');
    expect(readMetadata(documentOf('<html lang="not a language"><head><meta property="og:locale" content="de_DE"></head><body></body></html>')).language).toBe(
      'de-DE',
    );
  });
});
