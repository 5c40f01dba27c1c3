import * as Toast from '@radix-ui/react-toast';
import { dismissToast, useCurrentToast } from '../hooks/useToast';

// Radix's defaults are the ones we want: 5000 ms, swipe right past 50 px, F8 focuses the viewport.
export function Toaster() {
  const current = useCurrentToast();
  return (
    <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50} label="Notification">
      {current && (
        <Toast.Root
          key={current.id}
          open
          onOpenChange={(open) => {
            if (!open) dismissToast(current.id);
          }}
          data-variant={current.variant ?? 'default'}
          className={`toast pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-9 shadow-lg ${
            current.variant === 'destructive'
              ? 'border-red-700 bg-red-700 text-white'
              : 'border-gray-200 bg-white text-gray-900 dark:border-gray-700 dark:bg-gray-800 dark:text-gray-100'
          }`}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{current.title}</Toast.Title>
            {current.description && <Toast.Description className="text-sm">{current.description}</Toast.Description>}
          </div>
          <Toast.Close
            aria-label="Close"
            className="absolute top-2 right-2 rounded p-1 text-lg leading-none opacity-80 hover:opacity-100 focus-visible:outline-2"
          >
            ×
          </Toast.Close>
        </Toast.Root>
      )}
      <Toast.Viewport hotkey={['F8']} className="fixed right-0 bottom-0 z-50 m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none" />
    </Toast.Provider>
  );
}
