// A listener for a stop that may already have happened: `addEventListener('abort', …)` on a signal
// already aborted never fires, and a run stopped while it was busy elsewhere would then wait for ever.

/** Calls `stop` once the signal aborts (at once when it has); returns what removes the listener. */
export function onAbort(signal: AbortSignal, stop: () => void): () => void {
  if (signal.aborted) {
    stop();
    return () => {};
  }
  signal.addEventListener('abort', stop, { once: true });
  return () => signal.removeEventListener('abort', stop);
}
