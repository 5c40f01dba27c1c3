// The system clipboard, for the console's Copy buttons.

/**
 * The browser's older copy command, on a hidden text area: the one way to reach the clipboard on a
 * page that is not a secure context (the console opened at http://192.168.1.20:3000/admin, as a
 * self-hosted daemon often is), where `navigator.clipboard` does not exist.
 */
function copyWithCommand(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.setAttribute('aria-hidden', 'true');
  area.style.position = 'fixed';
  area.style.top = '0';
  area.style.left = '0';
  area.style.opacity = '0';
  area.style.pointerEvents = 'none';
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  document.body.appendChild(area);
  area.select();
  area.setSelectionRange(0, text.length);
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  } finally {
    area.remove();
    focused?.focus({ preventScroll: true });
  }
  return copied;
}

/**
 * Resolves when `text` is on the clipboard; rejects when the browser refuses (a refused
 * `navigator.clipboard` is a failure: the copy command is only for pages that lack it).
 */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard) {
    await navigator.clipboard.writeText(text);
    return;
  }
  if (!copyWithCommand(text)) throw new Error('The clipboard is not available on this page');
}
