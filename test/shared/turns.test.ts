import { describe, expect, it } from 'vitest';
import { mapInTurns, nextTurn, oneATurn } from '../../src/shared/turns.js';
import { countTurns } from '../helpers/turns.js';

describe('work spread over turns of the event loop', () => {
  it('hands items that arrive together over as many turns, in order, never in the turn they came', async () => {
    const handled: string[] = [];
    const errors: unknown[] = [];
    const receive = oneATurn<string>(
      (item) => {
        if (item === 'bad') throw new Error('bad item');
        handled.push(item);
      },
      (error) => errors.push(error),
    );
    // A burst, as Node delivers a worker's queued messages: all in one turn.
    for (const item of ['a', 'bad', 'b', 'c']) receive(item);
    expect(handled).toEqual([]);
    const perTurn: number[] = [];
    for (let turn = 0; turn < 6; turn++) {
      await nextTurn();
      perTurn.push(handled.length + errors.length);
    }
    // One more item each turn until the four are done.
    expect(perTurn.slice(0, 4)).toEqual([1, 2, 3, 4]);
    expect(handled).toEqual(['a', 'b', 'c']);
    expect(errors).toHaveLength(1);
    // A later item starts again, a turn after it came.
    receive('d');
    expect(handled).toHaveLength(3);
    await nextTurn();
    await nextTurn();
    expect(handled).toEqual(['a', 'b', 'c', 'd']);
  });

  it('maps in parts, a turn apart, to the same answer as map', async () => {
    const items = Array.from({ length: 10 }, (_, i) => i);
    const counting = countTurns();
    const mapped = await mapInTurns(items, 3, (item, index) => item * 10 + index);
    const turns = counting.stop();
    expect(mapped).toEqual(items.map((item, index) => item * 10 + index));
    // Four parts: three turns waited between them.
    expect(turns).toBeGreaterThanOrEqual(3);
  });
});
