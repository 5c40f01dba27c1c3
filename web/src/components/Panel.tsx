import { useId, type ReactNode } from 'react';

/** A titled card of the console; the title labels the region for screen readers. */
export function Panel({
  title,
  description,
  actions,
  children,
  className = '',
  testId,
}: {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons or badges beside the title. */
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
  testId?: string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`card p-4 sm:p-5 ${className}`} data-testid={testId}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold">
            {title}
          </h2>
          {description && <p className="mt-0.5 text-sm text-gray-600 dark:text-gray-400">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
      {children && <div className="mt-4">{children}</div>}
    </section>
  );
}
