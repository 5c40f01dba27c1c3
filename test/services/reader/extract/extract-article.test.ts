import { describe, expect, it } from 'vitest';
import { extractArticle } from '../../../../src/services/reader/extract/index.js';
import { page, paragraphs } from './pages.js';

const URL = 'https://news.example.org/2024/05/ferry/index.html';

describe('extractArticle metadata', () => {
  it('reads JSON-LD NewsArticle fields, resolving an author referenced by @id in @graph', () => {
    const jsonLd = {
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'Person', '@id': '#jane', name: 'Jane Harbour' },
        {
          '@type': 'NewsArticle',
          headline: 'Ferry timetable changes for the winter',
          datePublished: '2024-05-03T21:47:42+02:00',
          author: [{ '@id': '#jane' }, { '@type': 'Person', name: 'Tom Pier' }],
          image: { '@type': 'ImageObject', url: '/images/ferry.jpg' },
          inLanguage: 'en-GB',
        },
      ],
    };
    const article = extractArticle(page({ head: `<script type="application/ld+json">${JSON.stringify(jsonLd)}</script>` }), { url: URL });
    expect(article.title).toBe('Ferry timetable changes for the winter');
    expect(article.author).toBe('Jane Harbour, Tom Pier');
    // The page's own offset is kept, so the publication day stays the publisher's.
    expect(article.publishedAt).toBe('2024-05-03T21:47:42+02:00');
    expect(article.imageUrl).toBe('https://news.example.org/images/ferry.jpg');
    expect(article.language).toBe('en-GB');
  });

  it('falls back to OpenGraph and <meta> tags, and strips the site name from the title', () => {
    const head = `
      <meta property="og:title" content="Winter ferry plan | Harbour Gazette">
      <meta property="og:site_name" content="Harbour Gazette">
      <meta property="og:image" content="https://cdn.example.org/ferry.png">
      <meta property="article:published_time" content="2024-05-03">
      <meta name="author" content="By Jane Harbour and Tom Pier">
      <meta name="description" content="The council plans an earlier crossing.">`;
    const html = page({ head }).replace('<h1>Ferry timetable changes for the winter</h1>', '');
    const article = extractArticle(html, { url: URL });
    expect(article.title).toBe('Winter ferry plan');
    expect(article.author).toBe('Jane Harbour, Tom Pier');
    expect(article.publishedAt).toBe('2024-05-03');
    expect(article.imageUrl).toBe('https://cdn.example.org/ferry.png');
    expect(article.excerpt).toBe('The council plans an earlier crossing.');
    expect(article.language).toBe('en');
    expect(article.siteName).toBe('Harbour Gazette');
  });

  it('keeps a site name only when it is a plain name to say aloud', async () => {
    const { cleanSiteName } = await import('../../../../src/services/reader/extract/metadata.js');
    const named = (siteName: string) => extractArticle(page({ head: `<meta property="og:site_name" content="${siteName}">` }), { url: URL }).siteName;
    expect(named('  Harbour\n  Gazette ')).toBe('Harbour Gazette');
    expect(named('https://harbour.example.org/')).toBeNull();
    expect(named('harbourgazette.com')).toBeNull();
    expect(named('12345')).toBeNull();
    expect(named('The best local news from the harbour and the hills since 1887')).toBeNull();
    expect(cleanSiteName('Le Monde')).toBe('Le Monde');
    expect(cleanSiteName('<script>alert(1)</script>')).toBeNull();
  });

  it('resolves relative canonical and image URLs against <base href> and the page URL', () => {
    const head = '<base href="/section/"><link rel="canonical" href="ferry-story"><meta property="og:image" content="../img/a.jpg">';
    const article = extractArticle(page({ head }), { url: URL });
    expect(article.canonicalUrl).toBe('https://news.example.org/section/ferry-story');
    expect(article.imageUrl).toBe('https://news.example.org/img/a.jpg');
  });

  it('refuses javascript: and data: URLs for the image and the canonical link', () => {
    const head = `
      <link rel="canonical" href="javascript:alert(1)">
      <meta property="og:url" content="  JavaScript:alert(2)">
      <meta property="og:image" content="data:image/png;base64,iVBORw0KGgo=">
      <meta name="twitter:image" content="javascript:void(0)">`;
    const article = extractArticle(page({ head }), { url: URL });
    expect(article.canonicalUrl).toBeNull();
    expect(article.imageUrl).toBeNull();
  });

  it('keeps only absolute http(s) URLs when no page URL is known', () => {
    const head = '<link rel="canonical" href="/relative/only"><meta property="og:image" content="https://cdn.example.org/x.jpg">';
    const article = extractArticle(page({ head }));
    expect(article.canonicalUrl).toBeNull();
    expect(article.imageUrl).toBe('https://cdn.example.org/x.jpg');
  });

  it('reads a visible byline and date when the page declares neither', () => {
    const articleStart = '<p class="post-meta"><span>By</span> <a href="/author/jane-harbour">Jane Harbour</a></p><p>December 17, 2025</p>';
    const article = extractArticle(page({ articleStart }), { url: URL });
    expect(article.author).toBe('Jane Harbour');
    expect(article.publishedAt).toBe('2025-12-17');
    expect(article.text).not.toContain('Jane Harbour');
    expect(article.text).not.toContain('December 17, 2025');
  });
});

describe('extractArticle text', () => {
  it('returns one block per paragraph, heading and list item, separated by a blank line', () => {
    const text = paragraphs(4);
    const html = page({ paragraphs: text, articleEnd: '<h2>What happens next</h2><ul><li>Extra boats in December</li><li>New weekly pass</li></ul>' });
    const article = extractArticle(html, { url: URL });
    expect(article.text.split('\n\n')).toEqual([...text, 'What happens next', 'Extra boats in December', 'New weekly pass']);
  });

  it('never glues words across block boundaries or line breaks', () => {
    const blocks = paragraphs(5)
      .map((text, i) => `<div>${text}<br>line${i}end</div><div>next${i}</div>`)
      .join('');
    const html = `<html><body><article>${blocks}<table><tr><td>cellone</td><td>celltwo</td></tr></table></article></body></html>`;
    const { text } = extractArticle(html, { url: URL });
    expect(text).toMatch(/line0end\s+next0/);
    expect(text).toMatch(/cellone\s+celltwo/);
    expect(text).not.toMatch(/endnext|onecell/);
  });

  it('keeps inline markup inside its paragraph', () => {
    const first = 'The <a href="/x">harbour council</a> met on <em>Tuesday</em> to discuss the <strong>new</strong> timetable.';
    const html = page({ paragraphs: [first, ...paragraphs(5)] });
    const { text } = extractArticle(html, { url: URL });
    expect(text.split('\n\n')[0]).toBe('The harbour council met on Tuesday to discuss the new timetable.');
  });

  it('removes navigation, consent banners, share bars, captions, related links and newsletter boxes', () => {
    const html = page({
      beforeArticle: `
        <nav><a href="/">Home</a><a href="/news">News</a><a href="/sport">Sport</a></nav>
        <div id="cookie-consent" class="banner"><p>We use cookies to improve your experience. Accept all cookies to continue reading this site.</p></div>`,
      articleStart: `
        <div class="share-bar"><a href="#">Share on Facebook</a><a href="#">Share on X</a></div>
        <figure><img src="/ferry.jpg" alt=""><figcaption>The ferry in the harbour. Photo: Harbour Gazette</figcaption></figure>`,
      articleEnd: `
        <aside class="related-articles"><h3>Related</h3><ul><li><a href="/a">Another ferry story</a></li></ul></aside>
        <div class="newsletter-signup"><p>Sign up for our morning newsletter and never miss a story.</p></div>
        <p>Advertisement</p>
        <p>READ MORE: <a href="/b">Harbour fees rise again</a></p>`,
      afterArticle: '<footer><p>Copyright Harbour Gazette. All rights reserved.</p></footer>',
    });
    const { text } = extractArticle(html, { url: URL });
    for (const furniture of ['Home', 'cookies', 'Share on', 'Photo:', 'Another ferry story', 'newsletter', 'Advertisement', 'READ MORE', 'Copyright']) {
      expect(text).not.toContain(furniture);
    }
    expect(text.split('\n\n')).toEqual(paragraphs(6));
  });

  it('drops the repeated headline, the byline and the date line at the top', () => {
    const articleStart = '<h2>Ferry timetable changes for the winter</h2><p>By Jane Harbour</p><p>Published May 3, 2024 · 4 min read</p>';
    const { text } = extractArticle(page({ articleStart }), { url: URL });
    expect(text.split('\n\n')).toEqual(paragraphs(6));
  });

  it('swaps in content streamed in hidden React boundaries', () => {
    const streamed = paragraphs(6)
      .map((p) => `<p>${p}</p>`)
      .join('');
    const html = `<html><body><main><article><h1>Ferry</h1><!--$?--><template id="B:0"></template><div>Loading paragraph...</div><!--/$--></article></main>
      <div hidden id="S:0">${streamed}</div></body></html>`;
    const { text } = extractArticle(html, { url: URL });
    expect(text).not.toContain('Loading');
    expect(text.split('\n\n')).toEqual(paragraphs(6));
  });

  it('reads an article body that a paywall script would reveal, but not other hidden elements', () => {
    const hiddenBody = paragraphs(6)
      .map((p) => `<p>${p}</p>`)
      .join('');
    const html = `<html><body><article><h1>Ferry</h1><p>Short teaser of the story that everyone can read for free today.</p>
      <div class="body" hidden>${hiddenBody}</div><div style="display:none"><p>Invisible promotional text about subscriptions and special offers.</p></div></article></body></html>`;
    const { text } = extractArticle(html, { url: URL });
    expect(text).toContain(paragraphs(6)[5]);
    expect(text).not.toContain('Invisible promotional text');
  });

  it('drops a responsive copy of the article that repeats it word for word', () => {
    const copy = paragraphs(6)
      .map((p) => `<p>${p}</p>`)
      .join('');
    const html = `<html><body><article><div class="variant-desktop">${copy}</div><div class="variant-mobile">${copy}</div></article></body></html>`;
    const { text } = extractArticle(html, { url: URL });
    expect(text.split('\n\n')).toEqual(paragraphs(6));
  });

  it('falls back to the JSON-LD articleBody when the markup has no article text', () => {
    const body = `${paragraphs(2).join('\n')}`;
    const jsonLd = JSON.stringify({ '@type': 'Article', headline: 'Ferry', articleBody: body });
    const html = `<html><head><script type="application/ld+json">${jsonLd}</script></head><body><div id="app"></div></body></html>`;
    const article = extractArticle(html, { url: URL });
    expect(article.text).toBe(paragraphs(2).join('\n\n'));
  });
});

describe('extractArticle word count and excerpt', () => {
  it('counts the words of the text', () => {
    const html = page({ paragraphs: ['One two three four five six seven eight nine ten.', ...paragraphs(5)] });
    const article = extractArticle(html, { url: URL });
    const expected = article.text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
    expect(article.wordCount).toBe(expected);
    expect(article.text.startsWith('One two three four five six seven eight nine ten.')).toBe(true);
  });

  it('counts words in scripts written without spaces', () => {
    const sentence = '港の議会は火曜日に冬の時刻表について話し合った。';
    const html = page({ paragraphs: Array.from({ length: 8 }, () => sentence), htmlAttributes: 'lang="ja"' });
    const article = extractArticle(html);
    expect(article.wordCount).toBeGreaterThan(8 * 5);
    expect(article.language).toBe('ja');
  });

  it('uses the first paragraph, cut at a word, as the excerpt when there is no description', () => {
    const long = `${'Harbour '.repeat(60)}end.`;
    const article = extractArticle(page({ paragraphs: [long, ...paragraphs(5)] }), { url: URL });
    expect(article.excerpt!.endsWith('…')).toBe(true);
    expect(article.excerpt!.length).toBeLessThanOrEqual(301);
    expect(article.excerpt!.startsWith('Harbour Harbour')).toBe(true);
  });
});

describe('the article a page is based on', () => {
  const page = (jsonLd: Record<string, unknown>) =>
    `<!doctype html><html lang="en"><head><title>Dam plan approved</title><script type="application/ld+json">${JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: 'Dam plan approved',
      ...jsonLd,
    })}</script></head><body><article><h1>Dam plan approved</h1><p>The regional water board approved a plan on Tuesday to raise the Corran reservoir dam by four meters.</p></article></body></html>`;

  it('reads JSON-LD isBasedOn as an address, an object or the older isBasedOnUrl, resolved against the page', () => {
    const url = 'https://paper.example.test/region/dam';
    expect(extractArticle(page({ isBasedOn: 'https://agency.example.test/news/dam' }), { url }).basedOnUrl).toBe('https://agency.example.test/news/dam');
    expect(extractArticle(page({ isBasedOn: { '@type': 'NewsArticle', url: 'https://agency.example.test/news/dam' } }), { url }).basedOnUrl).toBe(
      'https://agency.example.test/news/dam',
    );
    expect(extractArticle(page({ isBasedOnUrl: '/wire/dam' }), { url }).basedOnUrl).toBe('https://paper.example.test/wire/dam');
    expect(extractArticle(page({}), { url }).basedOnUrl).toBeNull();
    expect(extractArticle(page({ isBasedOn: 'javascript:alert(1)' }), { url }).basedOnUrl).toBeNull();
  });
});

describe('extractArticle on hostile input', () => {
  const empty = {
    title: null,
    text: '',
    publishedAt: null,
    author: null,
    canonicalUrl: null,
    imageUrl: null,
    language: null,
    wordCount: 0,
    excerpt: null,
    siteName: null,
    teaser: null,
    basedOnUrl: null,
  };

  it('returns an empty article for empty or non-string input', () => {
    expect(extractArticle('')).toEqual(empty);
    expect(extractArticle('   \n\t')).toEqual(empty);
    expect(extractArticle(undefined as unknown as string)).toEqual(empty);
    expect(extractArticle(42 as unknown as string)).toEqual(empty);
  });

  it('does not throw on garbage, binary or truncated markup', () => {
    const binary = String.fromCharCode(...Array.from({ length: 4000 }, (_, i) => (i * 7919) % 256));
    for (const html of ['<<<>>><div><p>unclosed <b><i>', binary, '<html><head><script type="application/ld+json">{"@type":', page().slice(0, 900)]) {
      const article = extractArticle(html, { url: 'not a url' });
      expect(typeof article.text).toBe('string');
      expect(article.wordCount).toBeGreaterThanOrEqual(0);
    }
  });

  it('survives broken JSON-LD and keeps the rest of the metadata', () => {
    const head = '<script type="application/ld+json">{"@type": "NewsArticle", "headline": "Broken", </script><meta property="og:image" content="/a.jpg">';
    const article = extractArticle(page({ head }), { url: URL });
    expect(article.imageUrl).toBe('https://news.example.org/a.jpg');
    expect(article.text.split('\n\n')).toEqual(paragraphs(6));
  });

  it('drops control characters (terminal escapes, characters XML forbids) from the title, text, author and excerpt', () => {
    // Character references and raw bytes both survive HTML parsing; ESC [ 2 J would clear an
    // operator's terminal in `newsctl trends list`, and U+0001 makes a feed or .docx unreadable.
    const hostile = '\u001b[2J\u001b]52;c;ZXZpbA==\u0007Ferry&#1; timetable&#27;[31m changes\u000bfor the\u0085 winter';
    const body = [`First&#1; paragraph \u001b[1mabout the \r ferry\u009b1m timetable, which changes for the winter season this week.`, ...paragraphs(4)];
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${hostile}</title>
<meta name="author" content="Jane&#8; Harbour"><meta name="description" content="Ferries&#127; run \u001b[8mless"></head>
<body><main><article><h1>${hostile}</h1>${body.map((text) => `<p>${text}</p>`).join('\n')}</article></main></body></html>`;
    const article = extractArticle(html, { url: URL });
    for (const value of [article.title, article.text, article.author, article.excerpt]) {
      expect(value).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    }
    expect(article.title).toBe('[2J]52;c;ZXZpbA==Ferry timetable[31m changes for the winter');
    expect(article.author).toBe('Jane Harbour');
    expect(article.excerpt).toBe('Ferries run [8mless');
    expect(article.text.split('\n\n')[0]).toBe('First paragraph [1mabout the ferry1m timetable, which changes for the winter season this week.');
    expect(article.text.split('\n\n').slice(1)).toEqual(paragraphs(4));
  });

  it('handles pathologically deep nesting', () => {
    const deep = `<html><body>${'<div>'.repeat(200_000)}<p>${'word '.repeat(200)}</p>${'</div>'.repeat(200_000)}</body></html>`;
    const article = extractArticle(deep);
    expect(typeof article.text).toBe('string');
  });

  it('handles a very large page', () => {
    const html = page({ paragraphs: paragraphs(30_000) });
    expect(html.length).toBeGreaterThan(4_000_000);
    const article = extractArticle(html, { url: URL });
    expect(article.wordCount).toBeGreaterThan(1000);
  });
});
