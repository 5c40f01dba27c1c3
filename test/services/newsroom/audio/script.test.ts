// Spec 001 §5's script clean-up rules, one by one, the parsing the assembler speaks from, and what a
// listener hears of a line (speechText).
import { describe, expect, it } from 'vitest';
import { tmpdir } from 'node:os';
import { loadConfig } from '../../../../src/config.js';
import type { SpeechProvider } from '../../../../src/providers/speech/index.js';
import { speakLines } from '../../../../src/services/newsroom/audio/assemble.js';
import { applyReplacements, cleanScript, parseScript, speechText, splitForSpeech, spokenWords } from '../../../../src/services/newsroom/audio/script.js';
import { spokenFigures } from '../../../../src/services/newsroom/audio/spoken-figures.js';
import { DEFAULT_REPLACEMENTS } from '../../../../src/services/newsroom/audio/voice-table.js';

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
    expect(clean('Alex: Climate Change and CLIMATE CHANGE and climate change.')).toBe(
      'Alex: climate engineering and climate engineering and climate engineering.',
    );
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
      {
        speaker: 'Alex',
        parts: [
          { kind: 'text', text: 'Hello there.' },
          { kind: 'pause', length: 'short' },
          { kind: 'text', text: 'How are you?' },
        ],
      },
      {
        speaker: 'Jordan',
        parts: [
          { kind: 'text', text: 'Fine.' },
          { kind: 'pause', length: 'long' },
        ],
      },
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

describe('speechText: what a listener hears of a line', () => {
  it('drops a parenthesised acronym right after its expansion', () => {
    expect(speechText('The Canadian Automobile Association of Nowhere (CAAN) said fuel prices rose.')).toBe(
      'The Canadian Automobile Association of Nowhere said fuel prices rose.',
    );
    expect(speechText('A report by the World Health Organization (WHO).')).toBe('A report by the World Health Organization.');
    expect(speechText('The National Aeronautics and Space Administration (NASA), which runs it, agreed.')).toBe(
      'The National Aeronautics and Space Administration, which runs it, agreed.',
    );
    expect(speechText('the U.S. Food and Drug Administration (FDA) approved it')).toBe('the U.S. Food and Drug Administration approved it');
    expect(speechText('the Organisation for Economic Co-operation and Development (OECD) said')).toBe(
      'the Organisation for Economic Co-operation and Development said',
    );
    expect(speechText('spending on research and development (R&D) grew')).toBe('spending on research and development grew');
    expect(speechText('Several non-governmental organisations (NGOs) left.')).toBe('Several non-governmental organisations left.');
  });

  it('keeps an acronym that no expansion before it spells out, and every other parenthesis', () => {
    for (const text of [
      'The group (CAAN) said fuel prices rose.',
      'Officials in Ottawa (CBC) said so.',
      '(CAAN) said fuel prices rose.',
      'Shares of Apple (AAPL) rose.',
      'Sales rose (up 3% on the year) in May.',
      'Senator Jane Smith (R-Texas) voted no.',
      'The law (passed in 2019) took effect.',
      'He said (and repeated) that it was over.',
      'A word (in French, "bonjour") is enough.',
      'Rates held at 4.25 percent (the highest since 2008).',
      'The left (and the right) agreed.',
      'It is written in Node.js (a runtime).',
    ]) {
      // Kept whole; only its figures are put in words (spoken-figures.test.ts).
      expect(speechText(text), text).toBe(spokenFigures(text));
    }
    expect(speechText('Sales rose (up 3% on the year) in May.')).toBe('Sales rose (up 3 percent on the year) in May.');
    expect(speechText('The law (passed in 2019) took effect.')).toBe('The law (passed in twenty nineteen) took effect.');
    // Spelt out just before: dropped, even for two letters.
    expect(speechText('Trade with the United States (US) grew')).toBe('Trade with the United States grew');
  });

  it('drops tickers, notes about pictures and links, credits and web addresses', () => {
    expect(speechText('General Electric (NYSE: GE) gained.')).toBe('General Electric gained.');
    expect(speechText('Royal Bank (TSX: RY; NYSE: RY) gained.')).toBe('Royal Bank gained.');
    expect(speechText('The mayor (pictured) spoke.')).toBe('The mayor spoke.');
    expect(speechText('Jane Doe (left) and John Roe (second from right) met.')).toBe('Jane Doe and John Roe met.');
    expect(speechText('Read the report (opens in new tab).')).toBe('Read the report.');
    expect(speechText('Read the report (PDF, 2.4 MB).')).toBe('Read the report.');
    expect(speechText('Crowds gathered (Photo: Jane Doe/Reuters) at noon.')).toBe('Crowds gathered at noon.');
    expect(speechText('(Reuters) Oil prices fell.')).toBe('Oil prices fell.');
    expect(speechText('The full ruling (https://example.com/ruling.pdf) runs long.')).toBe('The full ruling runs long.');
    expect(speechText('(pictured)')).toBe('');
  });
});

describe('speakLines', () => {
  it('speaks each text part as a listener should hear it, the script itself unchanged', async () => {
    const said: string[] = [];
    const provider: SpeechProvider = {
      name: 'offline',
      model: 'test',
      open: () => ({
        synthesize: async (text) => {
          said.push(text);
          return { sampleRate: 8000, samples: new Int16Array(80) };
        },
        close: async () => {},
      }),
    };
    const lines = parseScript('Host: The Canadian Automobile Association of Nowhere (CAAN) said so. [pause] CAAN (pictured) agreed.\nGuest: (Reuters)', [
      'Host',
      'Guest',
    ]);
    const voice = { name: 'Kore', providerVoice: 'shimmer', offlineVoice: 'en-gb-x-rp+f2', offlinePitch: 50, offlineSpeed: 160 };
    const ctx = { config: loadConfig({ NEWSCTL_LOG_LEVEL: 'silent', NEWSCTL_DATA_DIR: tmpdir() }) };
    const spoken = await speakLines(ctx, lines, () => voice, { signal: new AbortController().signal, provider });
    expect(said).toEqual(['The Canadian Automobile Association of Nowhere said so.', 'CAAN agreed.']);
    // A line with nothing left to say is no line of the audio (no gap, no segment).
    expect(spoken.lineOffsets.map((line) => line.speaker)).toEqual(['Host']);
    expect(lines[0]!.parts[0]).toEqual({ kind: 'text', text: 'The Canadian Automobile Association of Nowhere (CAAN) said so.' });
  });
});
