// The system clipboard, for the console's Copy buttons.

/**
 * Resolves when `text` is on the clipboard; rejects when the browser refuses. Call it from the
 * click itself: the fallback only works during the user's gesture.
 */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // A self-hosted console reached over plain http (http://host.lan:port) is not a secure
  // context, and there the browser offers no navigator.clipboard; the copy command still works.
  copyWithCommand(text);
}

function copyWithCommand(text: string): void {
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const box = document.createElement('textarea');
  box.value = text;
  box.setAttribute('readonly', '');
  box.setAttribute('aria-hidden', 'true');
  // In view (no scrolling to it) but invisible.
  box.style.cssText = 'position:fixed;top:0;left:0;width:1px;height:1px;opacity:0;';
  document.body.append(box);
  box.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } finally {
    box.remove();
    focused?.focus();
  }
  if (!copied) throw new Error('The browser refused to copy');
}
