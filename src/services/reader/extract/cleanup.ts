// Repairs and prunes the parsed page before the article is looked for. The fixes are markup
// patterns that recur across publishers (streamed React boundaries, stray nested <html>, consent
// dialogs), never rules for one site.

/**
 * React's streaming SSR sends the real content late, in `<div hidden id="S:n">`, and a script
 * swaps it in for the `<template id="B:n">` (or `P:n`) placeholder and its "Loading…" fallback.
 * The extractor runs no scripts, so it does the swap itself.
 */
export function resolveStreamedBoundaries(document: Document): void {
  const segments = [...document.querySelectorAll('[hidden][id^="S:"]')];
  for (const segment of segments) {
    const suffix = segment.id.slice(2);
    const placeholder = document.getElementById(`B:${suffix}`) ?? document.getElementById(`P:${suffix}`);
    if (placeholder?.tagName !== 'TEMPLATE' || segment.contains(placeholder)) continue;
    if (placeholder.id.startsWith('B:')) removeFallback(placeholder);
    const parent = placeholder.parentNode;
    if (!parent) continue;
    while (segment.firstChild) parent.insertBefore(segment.firstChild, placeholder);
    placeholder.remove();
    segment.remove();
  }
}

/** Drops a boundary's fallback: up to the closing `<!--/$-->`, or the one short element after it. */
function removeFallback(placeholder: Element): void {
  const following: ChildNode[] = [];
  for (let node = placeholder.nextSibling; node; node = node.nextSibling) {
    if (node.nodeType === 8 && (node as Comment).data === '/$') {
      for (const fallback of following) fallback.remove();
      return;
    }
    following.push(node);
  }
  const next = placeholder.nextElementSibling;
  if (next && (next.textContent ?? '').trim().length < 200) next.remove();
}

/**
 * Browsers merge a nested `<html>`/`<body>`/`<head>` into the outer one; linkedom keeps them as
 * elements, which later confuses the walk up to BODY. Unwrap them.
 */
export function unwrapStrayRoots(document: Document): void {
  const root = document.documentElement;
  for (const stray of [...document.querySelectorAll('html, body, head')]) {
    if (stray === root || stray.parentNode === root) continue;
    const parent = stray.parentNode;
    if (!parent) continue;
    while (stray.firstChild) parent.insertBefore(stray.firstChild, stray);
    stray.remove();
  }
}

/** Elements that never render text in a browser (template content is inert, noscript needs JS off). */
export function removeInertElements(document: Document): void {
  for (const element of [...document.querySelectorAll('template, script, style, noscript, iframe, object, embed, svg, canvas')]) {
    element.remove();
  }
}

const PROTECTED_TAGS = new Set(['HTML', 'BODY', 'MAIN', 'ARTICLE']);

function paragraphChars(root: Element): number {
  let chars = 0;
  for (const paragraph of root.querySelectorAll('p')) chars += (paragraph.textContent ?? '').length;
  return chars;
}

/** Characters of text outside links: what a reader reads there, as opposed to what they click. */
function proseChars(root: Node): number {
  let chars = 0;
  const stack: Node[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.nodeType === 3) chars += (node.nodeValue ?? '').trim().length;
    else if (node.nodeType === 1 && (node as Element).tagName !== 'A') {
      for (let child = node.firstChild; child; child = child.nextSibling) stack.push(child);
    }
  }
  return chars;
}

/**
 * Removes furniture found by `furnitureGroup`, except an element holding a large share of the page's
 * prose (text outside links): a wrapper whose class happens to say "share" or "promo" may hold the
 * article itself.
 * Consent and dialog layers can out-write a short article, so for those only a structural guard
 * applies (they never contain the page's <main>, <article> or <h1>).
 */
export function removeFurniture(document: Document, furnitureGroup: (element: Element) => string | null, maxShare = 0.3): void {
  const body = document.body ?? document.documentElement;
  if (!body) return;
  const total = proseChars(body);
  const matches: [Element, string][] = [];
  for (const element of body.querySelectorAll('*')) {
    if (PROTECTED_TAGS.has(element.tagName.toUpperCase())) continue;
    const group = furnitureGroup(element);
    if (group) matches.push([element, group]);
  }
  const removed = new Set<Element>();
  for (const [element, group] of matches) {
    if (isInside(element, removed) || element.closest('pre, code')) continue;
    if (LAYER_GROUPS.has(group)) {
      if (element.querySelector('main, article, h1, [itemprop="articleBody"]')) continue;
    } else if (total > 0 && proseChars(element) > total * maxShare) continue;
    removed.add(element);
  }
  for (const element of removed) element.remove();
}

const LAYER_GROUPS = new Set(['consent', 'dialog', 'role:dialog', 'role:alertdialog']);

function isInside(element: Element, removed: Set<Element>): boolean {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) if (removed.has(parent)) return true;
  return false;
}

/**
 * Paywall and "continue reading" scripts reveal the article body by dropping `hidden` from it. An
 * element that holds much of the page's paragraph text is the article, hidden or not.
 */
export function revealHiddenArticle(document: Document, minShare = 0.3): void {
  const body = document.body ?? document.documentElement;
  if (!body) return;
  const total = paragraphChars(body);
  if (total === 0) return;
  for (const element of body.querySelectorAll('[hidden]')) {
    if (paragraphChars(element) >= total * minShare) element.removeAttribute('hidden');
  }
}

const HIDING_CLASSES = new Set([
  'hidden',
  'd-none',
  'hide',
  'is-hidden',
  'u-hidden',
  'display-none',
  'visually-hidden',
  'sr-only',
  'screen-reader-text',
  'visuallyhidden',
]);

/** True when markup alone says the element is not shown (a responsive class may show it, so those count as shown). */
function isHidden(element: Element): boolean {
  if (element.hasAttribute('hidden')) return true;
  if (element.getAttribute('aria-hidden') === 'true') return true;
  const style = element.getAttribute('style');
  if (style && /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)/i.test(style)) return true;
  const className = element.getAttribute('class');
  if (!className) return false;
  const classes = className.split(/\s+/);
  if (!classes.some((c) => HIDING_CLASSES.has(c))) return false;
  // "hidden md:block" or "d-none d-lg-block" is shown on some screens.
  return !classes.some((c) => c.includes(':') || /^d-(?:sm|md|lg|xl|xxl)-/.test(c));
}

export function removeHiddenElements(document: Document): void {
  const root = document.body ?? document.documentElement;
  if (!root) return;
  for (const element of [...root.querySelectorAll('*')]) if (isHidden(element)) element.remove();
}

/**
 * Readability's work grows faster than linearly with nesting depth (a page of 2,000 nested divs takes
 * seconds). Real articles nest a few dozen levels; below `maxDepth` the markup is replaced by its
 * text, which keeps the words and bounds the work.
 */
export function capDepth(document: Document, maxDepth = 120): void {
  const root = document.documentElement;
  if (!root) return;
  const stack: [Element, number][] = [[root, 1]];
  while (stack.length) {
    const [element, depth] = stack.pop()!;
    if (depth >= maxDepth) {
      const text = plainText(element);
      while (element.firstChild) element.firstChild.remove();
      if (text) element.appendChild(document.createTextNode(text));
      continue;
    }
    for (let child = element.firstElementChild; child; child = child.nextElementSibling) stack.push([child, depth + 1]);
  }
}

/** Text of a subtree without recursion (textContent may recurse as deep as the markup). */
function plainText(root: Node): string {
  const parts: string[] = [];
  const stack: Node[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.nodeType === 3) parts.push(node.nodeValue ?? '');
    else if (node.nodeType === 1) {
      const tag = (node as Element).tagName;
      if (tag === 'SCRIPT' || tag === 'STYLE') continue;
      parts.push(' ');
      const children: Node[] = [];
      for (let child = node.firstChild; child; child = child.nextSibling) children.push(child);
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
    }
  }
  return parts.join('').replace(/\s+/g, ' ').trim();
}
