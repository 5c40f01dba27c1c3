import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { dropRepeatedRuns, joinBlocks, textBlocks } from '../../../../src/services/reader/extract/text-blocks.js';

const root = (html: string) => (parseHTML(`<html><body><div id="root">${html}</div></body></html>`).document as unknown as Document).getElementById('root')!;

describe('textBlocks', () => {
  it('splits at block elements and keeps inline elements together', () => {
    const blocks = textBlocks(root('<h2>Title</h2><p>One <b>bold</b> <a href="#">link</a>.</p><ul><li>A</li><li>B</li></ul>'));
    expect(blocks.map((b) => [b.tag, b.text])).toEqual([
      ['H2', 'Title'],
      ['P', 'One bold link.'],
      ['LI', 'A'],
      ['LI', 'B'],
    ]);
  });

  it('counts the characters inside links', () => {
    const [block] = textBlocks(root('<p><a href="#">Read this</a> now</p>'));
    expect(block!.linkChars).toBe('Read this'.length);
  });

  it('skips scripts, styles and form controls', () => {
    expect(joinBlocks(textBlocks(root('<p>Text<script>var x = 1;</script><style>p{}</style><button>Click</button></p>')))).toBe('Text');
  });
});

describe('dropRepeatedRuns', () => {
  const block = (text: string) => ({ text });
  const long = (n: number) => `Paragraph ${n} ${'with enough words to be long. '.repeat(4)}`;

  it('drops a long run that repeats an earlier one', () => {
    const copy = [block('Heading'), block(long(1)), block(long(2))];
    expect(dropRepeatedRuns([...copy, ...copy, block('End')])).toEqual([...copy, block('End')]);
  });

  it('keeps short labels that legitimately repeat', () => {
    const blocks = [block('Pros'), block('Fast'), block('Cons'), block('Slow'), block('Pros'), block('Cheap'), block('Cons'), block('Loud')];
    expect(dropRepeatedRuns(blocks)).toEqual(blocks);
  });
});
