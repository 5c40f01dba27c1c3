import { describe, expect, it } from 'vitest';
import { boundMarkup } from '../../../src/services/extract/markup-limits.js';

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
