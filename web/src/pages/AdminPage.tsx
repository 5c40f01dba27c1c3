// Loaded on demand (React.lazy in App): visitors of the public pages never download the console.
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { ApiError, responseMessage } from '../api/client';
import { TabList, TabPanel, Tab, Tabs } from '../components/Tabs';
import { useAuthCheckQuery } from '../hooks/useAuthCheckQuery';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useLiveMessages, useLiveStatus } from '../hooks/useLiveEvents';
import { useLogoutMutation } from '../hooks/useLogoutMutation';
import { toast } from '../hooks/useToast';
import { AdsTab } from './admin/AdsTab';
import { ApiTab } from './admin/ApiTab';
import { ArticlesTab } from './admin/ArticlesTab';
import { ConsoleActionsBar, ConsoleActionsProvider } from './admin/ConsoleActions';
import { DomainsTab } from './admin/DomainsTab';
import { FirstSteps } from './admin/FirstSteps';
import { InterviewsTab } from './admin/InterviewsTab';
import { MusicTab } from './admin/MusicTab';
import { PodcastTab } from './admin/PodcastTab';
import { SettingsTab } from './admin/SettingsTab';
import { SocialTab } from './admin/SocialTab';
import { SpiderTab } from './admin/SpiderTab';
import { TrendsTab } from './admin/TrendsTab';
import { PAGES } from '../../../src/shared/pages.js';

interface ConsoleTab {
  id: string;
  label: string;
  Component: ComponentType;
}

/** The tabs in this order; the first is the default. */
const CONSOLE_TABS: readonly ConsoleTab[] = [
  { id: 'spider', label: 'Spider', Component: SpiderTab },
  { id: 'domains', label: 'Domains', Component: DomainsTab },
  { id: 'trends', label: 'Trends', Component: TrendsTab },
  { id: 'articles', label: 'Articles', Component: ArticlesTab },
  { id: 'ads', label: 'Ads', Component: AdsTab },
  { id: 'api', label: 'API', Component: ApiTab },
  { id: 'settings', label: 'Settings', Component: SettingsTab },
  { id: 'social', label: 'Social', Component: SocialTab },
  { id: 'podcast', label: 'Podcast', Component: PodcastTab },
  { id: 'interviews', label: 'Interviews', Component: InterviewsTab },
  { id: 'music', label: 'Music', Component: MusicTab },
];
const DEFAULT_TAB = CONSOLE_TABS[0]!.id;

function ConnectionIndicator() {
  const { connected } = useLiveStatus();
  return (
    <p role="status" className="flex items-center gap-2 text-sm font-medium">
      <span aria-hidden="true" className={`size-2.5 rounded-full ${connected ? 'bg-green-500' : 'bg-red-500'}`} />
      {connected ? 'System Online' : 'Connection Lost'}
    </p>
  );
}

const NOTICE_CLASS =
  'rounded-lg border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200';

/**
 * While the database is down the tabs keep showing what they last loaded, and their calls fail:
 * say why, from the live channel (a welcome is followed by the down state when it still holds).
 */
function DatabaseNotice() {
  const [down, setDown] = useState<string | null>(null);
  useLiveMessages(['welcome', 'database_status'], (message) => {
    if (message.type === 'welcome') setDown(null);
    else setDown(message.available === false ? String(message.message ?? 'The database is unavailable.') : null);
  });
  if (!down) return null;
  return (
    <p role="alert" className={NOTICE_CLASS}>
      {down}
    </p>
  );
}

/**
 * Below the disk's floor every write answers 507 (disk_full): one banner says why, how much is
 * free and that writes come back by themselves, rather than a failed toast per button.
 */
function DiskNotice() {
  const [full, setFull] = useState<string | null>(null);
  useLiveMessages(['welcome', 'disk_status'], (message) => {
    if (message.type === 'welcome') setFull(null);
    else setFull(message.full === true ? String(message.message ?? 'The disk is full: newsctl stops writing.') : null);
  });
  if (!full) return null;
  return (
    <p role="alert" data-testid="disk-full" className={NOTICE_CLASS}>
      {full}
    </p>
  );
}

/** The open tab lives in the address (?tab=domains), so a reload or a shared link keeps it. */
function useConsoleTab(): [string, (tab: string) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const requested = params.get('tab');
  const tab = CONSOLE_TABS.some((candidate) => candidate.id === requested) ? requested! : DEFAULT_TAB;
  const select = (next: string) => {
    const updated = new URLSearchParams(search);
    if (next === DEFAULT_TAB) updated.delete('tab');
    else updated.set('tab', next);
    const query = updated.toString();
    navigate(query ? `${location}?${query}` : location, { replace: true });
  };
  return [tab, select];
}

/**
 * The live channel opened before the login (on /login) is an anonymous one: open it again as the
 * administrator's, and again as a visitor's after the logout.
 */
function useAdminLiveChannel(): () => void {
  const { isAdmin, reconnect } = useLiveStatus();
  // Once: should the server still say "visitor" (a session ended meanwhile), the admin check
  // sends the visitor to /login rather than this reconnecting in a loop.
  const reopened = useRef(false);
  useEffect(() => {
    if (isAdmin !== false || reopened.current) return;
    reopened.current = true;
    reconnect();
  }, [isAdmin, reconnect]);
  return reconnect;
}

function ConsoleFrame() {
  const [, navigate] = useLocation();
  const logout = useLogoutMutation();
  const reopenLiveChannel = useAdminLiveChannel();
  const [tab, selectTab] = useConsoleTab();
  const current = CONSOLE_TABS.find((candidate) => candidate.id === tab);
  const tabList = useRef<HTMLDivElement>(null);
  // On a phone the tab row scrolls sideways: keep the open tab (say Music, from the address) in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `tab` is the trigger: the open tab is scrolled into view.
  useEffect(() => {
    tabList.current?.querySelector('[role="tab"][data-state="active"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab]);
  useDocumentTitle(current && current.id !== DEFAULT_TAB ? `${current.label} · Admin` : 'Admin');
  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        toast({ title: 'Logged out successfully' });
        reopenLiveChannel();
        navigate(PAGES.login);
      },
      onError: (error) => {
        toast({ title: 'Error', description: responseMessage(error) ?? 'Failed to logout', variant: 'destructive' });
      },
    });
  return (
    <ConsoleActionsProvider>
      <div className="min-h-screen">
        <header className="border-b border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900">
          <div className="page flex flex-wrap items-center gap-x-5 gap-y-2 py-3">
            <Link href="/" className="link text-sm">
              ← Home
            </Link>
            <h1 className="text-xl font-bold">Admin Console</h1>
            <div className="ml-auto flex items-center gap-4">
              <ConnectionIndicator />
              <button type="button" className="button-secondary" onClick={signOut} disabled={logout.isPending}>
                Logout
              </button>
            </div>
          </div>
        </header>
        <main id="main" className="page space-y-5 py-6">
          <DatabaseNotice />
          <DiskNotice />
          <FirstSteps />
          <ConsoleActionsBar />
          <Tabs value={tab} onValueChange={selectTab}>
            <TabList label="Console sections" ref={tabList}>
              {CONSOLE_TABS.map(({ id, label }) => (
                <Tab key={id} value={id}>
                  {label}
                </Tab>
              ))}
            </TabList>
            {CONSOLE_TABS.map(({ id, Component }) => (
              <TabPanel key={id} value={id} className="mt-5">
                <Component />
              </TabPanel>
            ))}
          </Tabs>
        </main>
      </div>
    </ConsoleActionsProvider>
  );
}

export default function AdminPage() {
  const auth = useAuthCheckQuery();
  if (auth.isPending) {
    return (
      <p role="status" className="page py-10">
        Loading...
      </p>
    );
  }
  // A re-check that got no answer (the daemon restarting, a proxy's 5xx) says nothing about the
  // session: the console stays, showing "Connection Lost", on the last answer. Only the server
  // saying "not an administrator" (or refusing the check) sends the visitor to /login.
  const unanswered = auth.isError && auth.error instanceof ApiError && (auth.error.status === 0 || auth.error.status >= 500);
  const isAdmin = auth.isError && !unanswered ? false : auth.data?.isAdmin === true;
  if (!isAdmin) return <Redirect to="/login" replace />;
  return <ConsoleFrame />;
}
