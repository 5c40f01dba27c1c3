import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';

/** What a field hands its control so the label, hint and error are tied to it for screen readers. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

interface FieldProps {
  label: ReactNode;
  /** Read by screen readers only (a search box whose button says what it is for). */
  hideLabel?: boolean;
  hint?: ReactNode;
  /** Shown under the control and announced; marks the control invalid. */
  error?: ReactNode;
  className?: string;
  labelClassName?: string;
  /** The control itself, or a function that places the control among other elements. */
  children: ReactElement<Partial<FieldControlProps>> | ((control: FieldControlProps) => ReactNode);
}

/** The one labelled form field of the site: login, search, Ask the AI and every console input. */
export function Field({ label, hideLabel = false, hint, error, className, labelClassName, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const control: FieldControlProps = { id, 'aria-describedby': describedBy, ...(error ? { 'aria-invalid': true as const } : {}) };
  return (
    <div className={className}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : (labelClassName ?? 'label')}>
        {label}
      </label>
      {typeof children === 'function' ? children(control) : isValidElement(children) ? cloneElement(children, control) : children}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-gray-600 dark:text-gray-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
