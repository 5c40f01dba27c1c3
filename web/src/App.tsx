import { lazy, Suspense } from 'react';
import * as Tooltip from '@radix-ui/react-tooltip';
import { Route, Switch } from 'wouter';
import { Toaster } from './components/Toaster';
import { LiveEventsContext, useLiveEvents } from './hooks/useLiveEvents';
import { HomePage } from './pages/HomePage';
import { NotFoundPage } from './pages/NotFoundPage';

// Only the home page and the 404 page are in the first download; the console, the login page and
// the search results load when visited, so `/` carries none of their code.
const AdminPage = lazy(() => import('./pages/AdminPage'));
const LoginPage = lazy(() => import('./pages/LoginPage').then((module) => ({ default: module.LoginPage })));
const SearchPage = lazy(() => import('./pages/SearchPage').then((module) => ({ default: module.SearchPage })));

function PageLoading() {
  return (
    <p role="status" className="page py-10">
      Loading...
    </p>
  );
}

export function App() {
  const live = useLiveEvents();
  return (
    <LiveEventsContext.Provider value={live}>
      {/* Spec 000 §9: tooltips open after 700 ms; moving between them within 300 ms skips the delay. */}
      <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
        <Switch>
          <Route path="/" component={HomePage} />
          <Route path="/search">
            <Suspense fallback={<PageLoading />}>
              <SearchPage />
            </Suspense>
          </Route>
          <Route path="/login">
            <Suspense fallback={<PageLoading />}>
              <LoginPage />
            </Suspense>
          </Route>
          <Route path="/admin">
            <Suspense fallback={<PageLoading />}>
              <AdminPage />
            </Suspense>
          </Route>
          <Route component={NotFoundPage} />
        </Switch>
        <Toaster />
      </Tooltip.Provider>
    </LiveEventsContext.Provider>
  );
}
