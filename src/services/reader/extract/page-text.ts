// Small readers of page text shared by the metadata modules: entity-safe cleaning, document order,
// and text with a space at element boundaries (linkedom's textContent glues "<span>By</span><a>Jane</a>").

export function clean(text: string | null | undefined): string | null {
  if (!text) return null;
  const value = decodeEntities(text).replace(/\s+/g, ' ').trim();
  return value || null;
}

// Some pages double-encode entities inside attributes and JSON ("&amp;amp;", "&#8217;").
function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|quot|apos|lt|gt|nbsp);/gi, (whole, code: string) => {
    const lower = code.toLowerCase();
    if (lower === 'amp') return '&';
    if (lower === 'quot') return '"';
    if (lower === 'apos') return "'";
    if (lower === 'lt') return '<';
    if (lower === 'gt') return '>';
    if (lower === 'nbsp') return ' ';
    const point = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
    return Number.isFinite(point) && point > 0 && point < 0x110000 ? String.fromCodePoint(point) : whole;
  });
}

/** The element after `element` in document order; `skipInside` steps over its descendants. */
export function nextInOrder(element: Element, skipInside: boolean): Element | null {
  if (!skipInside && element.firstElementChild) return element.firstElementChild;
  for (let current: Element | null = element; current; current = current.parentElement) {
    if (current.nextElementSibling) return current.nextElementSibling;
  }
  return null;
}

/** Text with a space at every element boundary: `<span>By</span><a>Jane</a>` reads "By Jane", not "ByJane". */
export function spacedText(root: Element): string {
  const parts: string[] = [];
  const stack: Node[] = [root];
  while (stack.length && parts.length < 200) {
    const node = stack.pop()!;
    if (node.nodeType === 3) parts.push(node.nodeValue ?? '');
    else if (node.nodeType === 1) {
      parts.push(' ');
      const children: Node[] = [];
      for (let child = node.firstChild; child; child = child.nextSibling) children.push(child);
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
    }
  }
  return parts.join('');
}
