import { lazy, Suspense } from 'react';
import * as Tooltip from '@radix-ui/react-tooltip';
import { Route, Switch } from 'wouter';
import { Toaster } from './components/Toaster';
import { LiveEventsContext, useLiveEvents } from './hooks/useLiveEvents';
import { HomePage } from './pages/HomePage';
import { LoginPage } from './pages/LoginPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { SearchPage } from './pages/SearchPage';

const AdminPage = lazy(() => import('./pages/AdminPage'));

function AdminLoading() {
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
          <Route path="/search" component={SearchPage} />
          <Route path="/login" component={LoginPage} />
          <Route path="/admin">
            <Suspense fallback={<AdminLoading />}>
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
