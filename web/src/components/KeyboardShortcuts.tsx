import { useEffect, useState } from 'react';
import { Modal } from './Modal';

/** Items of the page's lists that j and k move between (each a link). */
const ITEM = '[data-list-item]';

const KEYS: [string, string][] = [
  ['j', 'Next item in the list'],
  ['k', 'Previous item in the list'],
  ['o', 'Open the item'],
  ['/', 'Search'],
  ['?', 'Show these keys'],
];

function typing(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

/** Visible items, in the order they read. */
function items(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(ITEM)].filter((item) => item.offsetParent !== null);
}

/**
 * The site's list keys: j/k move through the list items of the page, o opens the one focused, / goes
 * to the search box, ? lists the keys. Never while typing or with a modifier held.
 */
export function KeyboardShortcuts() {
  const [help, setHelp] = useState(false);
  // What had focus when ? was pressed: it gets it back when the list of keys closes.
  const [before, setBefore] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
      const list = items();
      const at = list.indexOf(document.activeElement as HTMLElement);
      if (event.key === 'j' || event.key === 'k') {
        if (!list.length) return;
        const next = event.key === 'j' ? (at < 0 ? 0 : Math.min(list.length - 1, at + 1)) : at < 0 ? 0 : Math.max(0, at - 1);
        list[next]!.focus();
        list[next]!.scrollIntoView({ block: 'nearest' });
      } else if (event.key === 'o') {
        if (at < 0) return;
        list[at]!.click();
      } else if (event.key === '/') {
        const search = document.querySelector<HTMLInputElement>('input[type="search"]');
        if (!search) return;
        search.focus();
      } else if (event.key === '?') {
        setBefore(document.activeElement instanceof HTMLElement ? document.activeElement : null);
        setHelp(true);
      } else {
        return;
      }
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <Modal open={help} onOpenChange={setHelp} title="Keyboard shortcuts" className="max-w-sm" returnFocusTo={before}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm" data-testid="keyboard-shortcuts">
        {KEYS.map(([key, what]) => (
          <div key={key} className="contents">
            <dt>
              <kbd className="rounded border border-gray-300 px-1.5 py-0.5 font-mono dark:border-gray-600">{key}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
