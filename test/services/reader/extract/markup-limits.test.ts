import { describe, expect, it } from 'vitest';
import { boundMarkup } from '../../../../src/services/reader/extract/markup-limits.js';

describe('boundMarkup', () => {
  it('cuts the markup at the size limit', () => {
    expect(boundMarkup('x'.repeat(50), 10)).toBe('x'.repeat(10));
  });

  it('cuts where nesting passes the limit', () => {
    const html = `<body>${'<div>'.repeat(10)}deep</body>`;
    expect(boundMarkup(html, 1000, 5)).toBe(`<body>${'<div>'.repeat(4)}`);
  });

  it('does not count void, self-closing or auto-closed tags, nor tags inside scripts', () => {
    const html = `<body>${'<p>one<br><img src=x><li>two<span/>'.repeat(50)}<script>${'<div>'.repeat(50)}</script></body>`;
    expect(boundMarkup(html, 100_000, 5)).toBe(html);
  });

  it('lets closing tags bring the depth back down', () => {
    const html = '<div><div></div></div>'.repeat(1000);
    expect(boundMarkup(html, 100_000, 3)).toBe(html);
  });
});

describe('boundMarkup on markup a regex would misread', () => {
  it('finds the end of a script whatever the case of its end tag, and counts nothing inside it', () => {
    const html = `<div><SCRIPT>${'<div>'.repeat(20)}</Script ><div><div>x</div></div></div>`;
    expect(boundMarkup(html, 100_000, 3)).toBe(html);
    expect(boundMarkup(html, 100_000, 2)).toBe(`<div><SCRIPT>${'<div>'.repeat(20)}</Script ><div>`);
  });

  it('does not take </scripts> or a "<" in text for a tag, and keeps an unclosed script as it is', () => {
    const html = '<div><script>a</scripts><div>b</div></script><p>1 < 2 and x<3</p><script>never closed <div><div>';
    expect(boundMarkup(html, 100_000, 1)).toBe(html);
  });
});
