// Long work on the daemon's thread, split across turns of the event loop so that requests, lease
// renewals and live messages are served in between.

/** Resolves on the next turn of the event loop, after the I/O waiting now. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** `items.map(map)`, `perTurn` items a turn. */
export async function mapInTurns<T, R>(items: readonly T[], perTurn: number, map: (item: T, index: number) => R): Promise<R[]> {
  const out: R[] = new Array(items.length);
  for (let start = 0; start < items.length; start += perTurn) {
    if (start > 0) await nextTurn();
    const end = Math.min(items.length, start + perTurn);
    for (let i = start; i < end; i++) out[i] = map(items[i]!, i);
  }
  return out;
}

/**
 * A function that takes items and hands each to `handle` on a turn of its own, in order. Items
 * that arrive together (a worker's messages, which Node delivers in one go when they queue up)
 * are spread over as many turns; an item is never handled in the turn it arrived in. A throwing
 * `handle` goes to `onError`, and the next items are still handled.
 */
export function oneATurn<T>(handle: (item: T) => void, onError: (error: unknown) => void): (item: T) => void {
  const waiting: T[] = [];
  let draining = false;
  const drain = async () => {
    draining = true;
    while (waiting.length > 0) {
      await nextTurn();
      try {
        handle(waiting.shift()!);
      } catch (error) {
        onError(error);
      }
    }
    draining = false;
  };
  return (item) => {
    waiting.push(item);
    if (!draining) void drain();
  };
}
