// Packages that a command or a daemon start should not pay for until something uses them (an HTML
// parser, a tagger, a feed parser, an image renderer, an audio tool): loaded, synchronously, at the
// first call. Each costs 50–300 ms to load, and most processes never call most of them.
import { createRequire } from 'node:module';

const requireOnUse = createRequire(import.meta.url);

/** A function that returns the package `name`, loading it on its first call. */
export function onFirstUse<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireOnUse(name) as T);
}
