// Spec 001 §5's script clean-up rules, one by one, and the parsing the assembler speaks from.
import { describe, expect, it } from 'vitest';
import { applyReplacements, cleanScript, parseScript, splitForSpeech, spokenWords } from '../../../src/services/audio/script.js';
import { DEFAULT_REPLACEMENTS } from '../../../src/services/audio/voice-table.js';

const speakers = ['Alex', 'Jordan'];
const clean = (text: string, replacements = [...DEFAULT_REPLACEMENTS]) => cleanScript(text, replacements, speakers);

describe('script clean-up (spec 001 §5)', () => {
  it('strips ** and *', () => {
    expect(clean('**Alex:** This is *really* **big** news.')).toBe('Alex: This is really big news.');
  });

  it('removes a [pause] directly after a speaker label, and only there', () => {
    expect(clean('Alex: [pause] Welcome back. [pause] Today we talk rates.')).toBe('Alex: Welcome back.[pause] Today we talk rates.');
    expect(clean('Jordan:[pause]Hello')).toBe('Jordan: Hello');
  });

  it('replaces "climate change" with "climate engineering" in any case; the row is removable', () => {
    expect(clean('Alex: Climate Change and CLIMATE CHANGE and climate change.')).toBe('Alex: climate engineering and climate engineering and climate engineering.');
    expect(clean('Alex: Climate change matters.', [])).toBe('Alex: Climate change matters.');
    expect(applyReplacements('A $& cost', [{ find: '$&', replace: '$1' }])).toBe('A $1 cost');
  });

  it('keeps only [pause], [pause short] and [pause long], with no space before them', () => {
    expect(clean('Alex: Hello [laughs] there [PAUSE SHORT] and [music plays] more [pause long] end [Pause]')).toBe(
      'Alex: Hello there[pause short] and more[pause long] end[pause]',
    );
  });

  it('starts every line with "Speaker:" — an unlabelled line continues the previous speaker', () => {
    expect(clean('Alex: First line.\n\nAnd a second paragraph.\nJordan: Reply.\nThe 2024 plan: cut costs.')).toBe(
      'Alex: First line.\nAlex: And a second paragraph.\nJordan: Reply.\nJordan: The 2024 plan: cut costs.',
    );
    expect(clean('No label at all.')).toBe('Alex: No label at all.');
    for (const line of clean('**Host:** Hi\nGuest: Hello\nplain text').split('\n')) expect(line).toMatch(/^[\p{L}][^:]*: \S/u);
  });

  it('drops lines that are only tags', () => {
    expect(clean('Alex: Hi.\nJordan: [pause long]\nAlex: Bye.')).toBe('Alex: Hi.\nAlex: Bye.');
  });
});

describe('parseScript', () => {
  it('splits lines into text and pauses with their speakers', () => {
    const lines = parseScript('Alex: Hello there.[pause short] How are you?\nJordan: Fine.[pause long]', speakers);
    expect(lines).toEqual([
      { speaker: 'Alex', parts: [{ kind: 'text', text: 'Hello there.' }, { kind: 'pause', length: 'short' }, { kind: 'text', text: 'How are you?' }] },
      { speaker: 'Jordan', parts: [{ kind: 'text', text: 'Fine.' }, { kind: 'pause', length: 'long' }] },
    ]);
    expect(spokenWords(lines)).toBe(6);
  });

  it('cuts long text at sentence ends for providers with a request limit', () => {
    const text = Array.from({ length: 50 }, (_, i) => `Sentence number ${i} is here.`).join(' ');
    const pieces = splitForSpeech(text, 200);
    expect(pieces.every((piece) => piece.length <= 200)).toBe(true);
    expect(pieces.join(' ')).toBe(text);
  });
});
