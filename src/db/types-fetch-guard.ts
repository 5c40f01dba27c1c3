// postgres.js (3.4.9) starts every new connection with a query of its own, the array types
// (`fetch_types`), and drops that query's promise (porsager/postgres#1192, #1205, #1223, open).
// When the connection dies during it — the database restarting or cancelling it, our pool ended
// with a timeout at shutdown or on a recycle — its rejection is unhandled and Node ends the process:
// a daemon dying of a database hiccup, a CLI command printing a crash after its work was done. The
// query the caller made on that connection fails or succeeds on its own terms, so that one rejection
// is safe to drop; every other unhandled rejection still ends the process as Node's default does.

/** Part of the driver's own types query; the driver puts the failed query's text on the error. */
const TYPES_QUERY = 'from pg_catalog.pg_type a';

export function isTypesFetchFailure(reason: unknown): boolean {
  if (typeof reason !== 'object' || reason === null) return false;
  const query = (reason as { query?: unknown }).query;
  return typeof query === 'string' && query.includes(TYPES_QUERY);
}

let installed = false;

/** Installs the guard once per process (openDatabase calls it). */
export function guardTypesFetch(): void {
  if (installed) return;
  installed = true;
  process.on('unhandledRejection', (reason) => {
    if (isTypesFetchFailure(reason)) return;
    // Alone, this listener would stop Node's default (end the process); keep it. With other
    // listeners (a test runner's), they decide.
    if (process.listenerCount('unhandledRejection') === 1) throw reason;
  });
}
