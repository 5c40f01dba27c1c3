// Problems that must not stop the work in progress (a listener that threw, a state that could not
// be saved, the database gone for a moment): one way for every service to report them. The daemon
// sends them to its server log; elsewhere (the CLI, a bench) they go to standard error.
type Sink = (message: string) => void;

const toStderr: Sink = (message) => void process.stderr.write(`${message}\n`);
let sink: Sink = toStderr;

/** Where reports go from now on; returns how to put the previous sink back. */
export function setProblemSink(next: Sink): () => void {
  const previous = sink;
  sink = next;
  return () => {
    if (sink === next) sink = previous;
  };
}

function describe(detail: unknown): string {
  if (detail instanceof Error) return detail.message;
  return typeof detail === 'string' ? detail : String(detail);
}

/** `what` says where (“job runner”, “saving spider activity failed”); `detail` the error, if any. */
export function reportProblem(what: string, detail?: unknown): void {
  try {
    sink(detail === undefined ? what : `${what}: ${describe(detail)}`);
  } catch {
    toStderr(what);
  }
}
