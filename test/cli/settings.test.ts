// `newsctl settings set` goes through the same settings table as the console: a value the table
// refuses (here a voice the voice table lacks) is a 400 whose message the command prints, exit 2.
import { describe, expect, it } from 'vitest';
import { runCli, daemonStorage } from '../helpers/daemon.js';

const storage = daemonStorage('newsctl-cli-settings-');
const args = () => ['--data-dir', storage.dataDir, ...storage.dbArgs];

describe('newsctl settings set', () => {
  it('refuses a music introduction whose voice is not in the voice table, and stores a valid one', { timeout: 120_000 }, async () => {
    const refused = await runCli(['settings', 'set', 'music-introduction-narration', '{"narrationText": "Hello", "voice": "Nova"}', '--json', ...args()]);
    expect(refused.code).toBe(2);
    const error = JSON.parse(refused.stderr) as { error: { message: string } };
    expect(error.error.message).toBe(
      'Invalid music introduction narration: the voice "Nova" is not in the voice table (Orus, Iapetus, Achird, Aoede, Kore, Leda)',
    );
    const plain = await runCli(['settings', 'set', 'music-introduction-narration', '{"narrationText": "Hello", "voice": "Nova"}', ...args()]);
    expect(plain.code).toBe(2);
    expect(plain.stderr).toContain('the voice "Nova" is not in the voice table');

    const saved = await runCli(['settings', 'set', 'music-introduction-narration', '{"narrationText": "Hello", "voice": "Leda"}', ...args()]);
    expect(saved.code).toBe(0);
    expect(JSON.parse((await runCli(['settings', 'get', 'music-introduction-narration', ...args()])).stdout)).toEqual({
      narrationText: 'Hello',
      voice: 'Leda',
    });
  });
});
