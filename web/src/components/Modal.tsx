import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

/** A modal dialog (focus trapped, Escape and the close button close it). */
export function Modal({
  open,
  onOpenChange,
  title,
  hideTitle = false,
  children,
  className = 'max-w-4xl',
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  hideTitle?: boolean;
  children: ReactNode;
  className?: string;
  /** Where focus goes when it closes, for a dialog opened without a trigger (a key): else the trigger. */
  returnFocusTo?: HTMLElement | null;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            if (!returnFocusTo) return;
            event.preventDefault();
            returnFocusTo.focus();
          }}
          className={`card fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-auto p-4 shadow-xl ${className}`}
        >
          <Dialog.Title className={hideTitle ? 'sr-only' : 'mb-3 pr-8 text-lg font-semibold'}>{title}</Dialog.Title>
          {children}
          <Dialog.Close
            aria-label="Close"
            className="absolute top-2 right-2 rounded px-2 py-1 text-xl leading-none hover:bg-gray-100 focus-visible:outline-2 dark:hover:bg-gray-800"
          >
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
