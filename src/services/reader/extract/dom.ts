// HTML parsed into a DOM by linkedom, loaded on the first page parsed: a command or a daemon start
// that parses no page does not pay its load (~150 ms).
import { createRequire } from 'node:module';

type Linkedom = typeof import('linkedom');

const requireOnUse = createRequire(import.meta.url);
let linkedom: Linkedom | null = null;

export const parseHTML: Linkedom['parseHTML'] = (html, globals) => (linkedom ??= requireOnUse('linkedom') as Linkedom).parseHTML(html, globals);
