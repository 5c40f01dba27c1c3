import type { ReactNode } from 'react';

export type BadgeTone = 'green' | 'yellow' | 'blue' | 'grey' | 'red' | 'purple' | 'orange';

const TONES: Record<BadgeTone, string> = {
  green: 'bg-green-100 text-green-900 ring-green-600/30 dark:bg-green-900/40 dark:text-green-200',
  yellow: 'bg-yellow-100 text-yellow-900 ring-yellow-600/30 dark:bg-yellow-900/40 dark:text-yellow-200',
  blue: 'bg-blue-100 text-blue-900 ring-blue-600/30 dark:bg-blue-900/40 dark:text-blue-200',
  grey: 'bg-gray-100 text-gray-800 ring-gray-500/30 dark:bg-gray-800 dark:text-gray-200',
  red: 'bg-red-100 text-red-900 ring-red-600/30 dark:bg-red-900/40 dark:text-red-200',
  purple: 'bg-purple-100 text-purple-900 ring-purple-600/30 dark:bg-purple-900/40 dark:text-purple-200',
  orange: 'bg-orange-100 text-orange-900 ring-orange-600/30 dark:bg-orange-900/40 dark:text-orange-200',
};

export function Badge({ tone = 'grey', children, className = '' }: { tone?: BadgeTone; children: ReactNode; className?: string }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${TONES[tone]} ${className}`}>
      {children}
    </span>
  );
}
