import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Says so while the browser has no network: what the page shows is the copy kept on the last visit. */
export function OfflineBanner() {
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  if (online) return null;
  return (
    <div className="mx-auto max-w-7xl px-4 pt-3 sm:px-6">
      <p role="status" className="rounded-md bg-amber-100 px-4 py-2 text-sm text-amber-950 dark:bg-amber-900 dark:text-amber-50" data-testid="offline-banner">
        You are offline: the news shown is as it was on your last visit. It updates by itself when the network is back.
      </p>
    </div>
  );
}
