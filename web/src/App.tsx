import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import * as Tooltip from '@radix-ui/react-tooltip';
import { Route, Switch, useLocation } from 'wouter';
import { KeyboardShortcuts } from './components/KeyboardShortcuts';
import { OfflineBanner } from './components/OfflineBanner';
import { Toaster } from './components/Toaster';
import { LiveEventsContext, useLiveEvents } from './hooks/useLiveEvents';
import { HomePage } from './pages/HomePage';
import { NotFoundPage } from './pages/NotFoundPage';
import { PAGES } from '../../src/shared/pages.js';

const RELOADED_FOR = 'newsctl.reloadedFor';

function readReloadedFor(): string | null {
  try {
    return sessionStorage.getItem(RELOADED_FOR);
  } catch {
    return null;
  }
}

function writeReloadedFor(address: string | null): void {
  try {
    if (address === null) sessionStorage.removeItem(RELOADED_FOR);
    else sessionStorage.setItem(RELOADED_FOR, address);
  } catch {
    // Storage refused (private mode): the page still works, it just cannot tell a second failure.
  }
}

/**
 * A page whose code is fetched when first visited. When the daemon was upgraded while this tab was
 * open, the old build's chunks are gone: load the address afresh, once, which brings the new build
 * (a blank page was all the visitor got before). A second failure for the same address is shown.
 */
function lazyPage(load: () => Promise<ComponentType>) {
  return lazy(async () => {
    try {
      const page = await load();
      writeReloadedFor(null);
      return { default: page };
    } catch (error) {
      if (readReloadedFor() !== window.location.href) {
        writeReloadedFor(window.location.href);
        window.location.reload();
        return new Promise<never>(() => {});
      }
      throw error;
    }
  });
}

// Only the home page and the 404 page are in the first download; the console, the login page and
// the search results load when visited, so `/` carries none of their code.
const AdminPage = lazyPage(() => import('./pages/AdminPage').then((module) => module.default));
const LoginPage = lazyPage(() => import('./pages/LoginPage').then((module) => module.LoginPage));
const SearchPage = lazyPage(() => import('./pages/SearchPage').then((module) => module.SearchPage));

function PageLoading() {
  return (
    <p role="status" className="page py-10">
      Loading...
    </p>
  );
}

/** What a lazily loaded page shows when its code cannot be fetched even after a fresh load. */
class PageLoadError extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <main id="main" className="page py-10">
        <p role="alert">
          This page could not be loaded.{' '}
          <a href={window.location.href} className="link">
            Reload
          </a>
        </p>
      </main>
    );
  }
}

/** A lazily loaded page with its loading and failure states; a new address starts afresh. */
function LazyPage({ page: Page }: { page: ComponentType }) {
  const [location] = useLocation();
  return (
    <PageLoadError key={location}>
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </PageLoadError>
  );
}

export function App() {
  const live = useLiveEvents();
  return (
    <LiveEventsContext.Provider value={live}>
      {/* Tooltips open after 700 ms; moving between them within 300 ms skips the delay. */}
      <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
        <OfflineBanner />
        <Switch>
          <Route path="/" component={HomePage} />
          <Route path={PAGES.search}>
            <LazyPage page={SearchPage} />
          </Route>
          <Route path="/login">
            <LazyPage page={LoginPage} />
          </Route>
          <Route path="/admin">
            <LazyPage page={AdminPage} />
          </Route>
          <Route component={NotFoundPage} />
        </Switch>
        <KeyboardShortcuts />
        <Toaster />
      </Tooltip.Provider>
    </LiveEventsContext.Provider>
  );
}
