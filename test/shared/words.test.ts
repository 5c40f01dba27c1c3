// The words every front end prints the same way.
import { describe, expect, it } from 'vitest';
import { formatDuration } from '../../src/shared/durations.js';
import { counted } from '../../src/shared/words.js';

describe('counted', () => {
  it('agrees the noun with the number, irregular plurals given', () => {
    expect(counted(1, 'article')).toBe('1 article');
    expect(counted(0, 'article')).toBe('0 articles');
    expect(counted(22, 'media file')).toBe('22 media files');
    expect(counted(2, 'story', 'stories')).toBe('2 stories');
  });
});

describe('formatDuration', () => {
  it('rounds to what a reader can use', () => {
    expect(formatDuration(77.844898)).toBe('1 min 18 s');
    expect(formatDuration(0.43)).toBe('0.4 s');
    expect(formatDuration(9.96)).toBe('10 s');
    expect(formatDuration(12.5)).toBe('13 s');
    expect(formatDuration(120)).toBe('2 min');
    expect(formatDuration(7_530)).toBe('2 h 6 min');
    expect(formatDuration(null)).toBe('?');
    expect(formatDuration(Number.NaN)).toBe('?');
  });
});
