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
