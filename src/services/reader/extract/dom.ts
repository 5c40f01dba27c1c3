// HTML parsed into a DOM by linkedom, loaded on the first page parsed: a command or a daemon start
// that parses no page does not pay its load (~150 ms).
import { onFirstUse } from '../../../load-on-use.js';

type Linkedom = typeof import('linkedom');

const linkedom = onFirstUse<Linkedom>('linkedom');

export const parseHTML: Linkedom['parseHTML'] = (html, globals) => linkedom().parseHTML(html, globals);
