// Titles, log messages and activity lines carry crawled and model-written text. Printed raw, an
// ESC sequence in one would drive the operator's terminal (clear it, hide lines, set the clipboard),
// and a carriage return would overwrite what came before; each control character shows as "?".
const TERMINAL_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Text safe to print on a terminal: control characters (other than tab and newline) become "?". */
export function terminalText(text: string): string {
  return text.replace(TERMINAL_CONTROLS, '?');
}
