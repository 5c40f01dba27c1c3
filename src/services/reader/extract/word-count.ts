// Words as a reader counts them: whitespace-separated runs holding a letter or digit. Scripts written
// without spaces (Chinese, Japanese, Thai…) are segmented by the runtime's ICU word breaker instead.

const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
let segmenter: Intl.Segmenter | null = null;

export function countWords(text: string): number {
  if (!text) return 0;
  if (UNSPACED_SCRIPT.test(text) && typeof Intl.Segmenter === 'function') {
    segmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
    let count = 0;
    for (const segment of segmenter.segment(text)) if (segment.isWordLike) count++;
    return count;
  }
  let count = 0;
  for (const word of text.split(/\s+/)) if (/[\p{L}\p{N}]/u.test(word)) count++;
  return count;
}
