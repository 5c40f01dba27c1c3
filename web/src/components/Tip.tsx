import { useRef, useState, type ReactElement, type ReactNode } from 'react';
import * as Tooltip from '@radix-ui/react-tooltip';

/** A tooltip on one focusable trigger; delays (700 ms, skip 300 ms) come from the provider in App. */
export function Tip({ label, children }: { label: ReactNode; children: ReactElement }) {
  const [open, setOpen] = useState(false);
  // Typed as the default trigger; asChild puts it on whatever element the child is.
  const trigger = useRef<HTMLButtonElement>(null);
  const pressed = useRef(false);
  // Focusing a control below the fold scrolls it into view, and Radix closes a tooltip on any scroll
  // around its trigger: a keyboard user reaching it never saw why. Open it again once that scroll
  // is over, while the control still has the focus (not when a press focused it, as Radix does).
  const reopenAfterScroll = () => {
    if (pressed.current) {
      pressed.current = false;
      return;
    }
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        if (trigger.current && document.activeElement === trigger.current) setOpen(true);
      }),
    );
  };
  return (
    <Tooltip.Root open={open} onOpenChange={setOpen}>
      <Tooltip.Trigger asChild ref={trigger} onFocus={reopenAfterScroll} onPointerDown={() => (pressed.current = true)}>
        {children}
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content sideOffset={6} className="z-50 rounded bg-gray-900 px-2 py-1 text-xs text-white shadow dark:bg-gray-100 dark:text-gray-900">
          {label}
          <Tooltip.Arrow className="fill-gray-900 dark:fill-gray-100" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
