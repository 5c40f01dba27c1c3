// The system clipboard, for the console's Copy buttons.

/** Resolves when `text` is on the clipboard; rejects when the browser refuses. */
export async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard) throw new Error('The clipboard is not available on this page');
  await navigator.clipboard.writeText(text);
}
