// Counts the turns of the event loop while some work runs: work split across turns lets the loop
// turn in between, work done in one go does not.

/** Starts counting turns; `stop` ends the count and returns it. */
export function countTurns(): { stop(): number } {
  let turns = 0;
  let counting = true;
  const spin = () => {
    if (!counting) return;
    turns++;
    setImmediate(spin);
  };
  setImmediate(spin);
  return {
    stop: () => {
      counting = false;
      return turns;
    },
  };
}
