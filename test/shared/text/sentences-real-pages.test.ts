// The one sentence splitter on the gold text of the extraction set's 296 real article pages
// (../shared/data/extraction, NEWSCTL_DATASETS; skipped where the set is absent): nothing is lost or
// reordered, and no piece is an abbreviation or initial cut off, nor ends on a title that always
// has a name after it ("Mr.", "Dr.", "Sen.").
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitSentences } from '../../../src/shared/text/sentences.js';
import { datasetsRoot, loadExtractionSet } from '../../../bench/lib/extraction-set.js';

const root = join(datasetsRoot(), 'extraction');
const TITLE_END = /(?:^|\s)(?:Mr|Mrs|Ms|Dr|Prof|Sen|Rep|Gov|Gen|Lt|Col|Capt|Sgt|St|Mt)\.$/;
const CUT_OFF = /^(?:(?:\p{Lu}\.){1,3}|(?:Mr|Mrs|Ms|Dr|Prof|Sen|Rep|Gov|Jan|Feb|Aug|Sept?|Oct|Nov|Dec|Inc|Corp|Co|Ltd|No|vs)\.)$/u;

describe.skipIf(!existsSync(join(root, 'gold.jsonl')))('splitSentences on real article text', () => {
  it('loses nothing, and cuts at no abbreviation, initial or title', () => {
    const pages = loadExtractionSet(root);
    expect(pages.length).toBeGreaterThan(250);
    let sentences = 0;
    const cut: string[] = [];
    for (const page of pages) {
      for (const paragraph of page.body.split(/\n\s*\n|\r?\n/)) {
        const pieces = splitSentences(paragraph);
        sentences += pieces.length;
        expect(pieces.join(' '), page.id).toBe(paragraph.replace(/\s+/g, ' ').trim());
        for (const piece of pieces) if (CUT_OFF.test(piece) || TITLE_END.test(piece)) cut.push(`${page.id}: "${piece.slice(-60)}"`);
      }
    }
    expect(sentences).toBeGreaterThan(10_000);
    expect(cut).toEqual([]);
  });
});
