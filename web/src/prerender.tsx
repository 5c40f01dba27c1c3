// The home page's first screen rendered at build time (scripts/prerender-web.mjs), before any data:
// the masthead, the search box and the loading states a visitor's browser would draw once the
// JavaScript ran. Served inside index.html, so `/` paints while its script is still on the way; the
// app then renders the same markup in its place and carries on.
import { renderToString } from 'react-dom/server';
import { QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { createQueryClient } from './api/queryClient';
import { App } from './App';

export function renderFirstScreen(path: string): string {
  return renderToString(
    <QueryClientProvider client={createQueryClient()}>
      <Router ssrPath={path}>
        <App />
      </Router>
    </QueryClientProvider>,
  );
}
