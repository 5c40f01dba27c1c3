// The offline synthesizer (espeak-ng in its npm package, in a child process): a line becomes sound,
// and a stop ends a line at once, even one that came while the synthesizer was starting.
import { describe, expect, it } from 'vitest';
import { createOfflineSpeechProvider } from '../../../src/providers/speech/offline.js';

const VOICE = { name: 'Orus', providerVoice: 'onyx', offlineVoice: 'en-us+m3', offlinePitch: 20, offlineSpeed: 170 };
const LINE = 'The harbor bridge reopened to cars and buses on Monday after two years of repairs, the city said.';

describe('the offline synthesizer', () => {
  it('speaks a line, and stops one whose stop came while it was starting', async () => {
    const session = createOfflineSpeechProvider().open();
    try {
      const controller = new AbortController();
      const stopped = session.synthesize(LINE, VOICE, controller.signal);
      // The session is starting its child process: the stop lands before the line is asked for.
      controller.abort(new Error('stopped by the test'));
      await expect(stopped).rejects.toThrow('stopped by the test');
    } finally {
      await session.close();
    }
    const again = createOfflineSpeechProvider().open();
    try {
      const pcm = await again.synthesize(LINE, VOICE);
      // A sentence of some 18 words: seconds of sound, not silence.
      expect(pcm.samples.length / pcm.sampleRate).toBeGreaterThan(2);
    } finally {
      await again.close();
    }
  }, 60_000);
});
