/** `text` matched literally inside a regular expression (RegExp.escape, which Node 22 lacks). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
