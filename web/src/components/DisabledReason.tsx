import type { ReactElement } from 'react';
import { Tip } from './Tip';

/**
 * A tooltip that explains why a button is disabled. A disabled button takes no focus or pointer
 * events, so the tooltip hangs on a focusable wrapper while it is disabled.
 */
export function DisabledReason({ reason, disabled, children }: { reason: string; disabled: boolean; children: ReactElement }) {
  if (!disabled) return children;
  return (
    <Tip label={reason}>
      <span tabIndex={0} role="note" aria-label={reason} className="inline-flex rounded-md focus-visible:outline-2 focus-visible:outline-blue-600">
        {children}
      </span>
    </Tip>
  );
}
