import * as RadixTabs from '@radix-ui/react-tabs';
import type { ComponentPropsWithoutRef, ReactNode, Ref } from 'react';

// Radix tabs (a tablist with arrow-key focus, each panel labelled by its tab), styled once for
// the console's main tabs and the topic and category tabs inside them.

export const Tabs = RadixTabs.Root;

export function TabList({ label, children, className = '', ref }: { label: string; children: ReactNode; className?: string; ref?: Ref<HTMLDivElement> }) {
  return (
    <RadixTabs.List ref={ref} aria-label={label} className={`flex gap-1 overflow-x-auto rounded-lg bg-gray-100 p-1 dark:bg-gray-800 ${className}`}>
      {children}
    </RadixTabs.List>
  );
}

export function Tab({ className = '', ...props }: ComponentPropsWithoutRef<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      {...props}
      className={`shrink-0 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-gray-700 hover:bg-white/70 focus-visible:outline-2 focus-visible:outline-blue-600 data-[state=active]:bg-white data-[state=active]:text-gray-950 data-[state=active]:shadow-sm dark:text-gray-300 dark:hover:bg-gray-700/60 dark:data-[state=active]:bg-gray-950 dark:data-[state=active]:text-white ${className}`}
    />
  );
}

export function TabPanel({ className = '', ...props }: ComponentPropsWithoutRef<typeof RadixTabs.Content>) {
  return <RadixTabs.Content {...props} className={`focus-visible:outline-2 focus-visible:outline-blue-600 ${className}`} />;
}
