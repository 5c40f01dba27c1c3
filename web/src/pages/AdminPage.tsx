// Loaded on demand (React.lazy in App): visitors of the public pages never download the console.
import { Link, Redirect, useLocation } from 'wouter';
import { serverMessage } from '../api/client';
import { useAuthCheckQuery } from '../hooks/useAuthCheckQuery';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useLiveStatus } from '../hooks/useLiveEvents';
import { useLogoutMutation } from '../hooks/useLogoutMutation';
import { toast } from '../hooks/useToast';

function ConnectionIndicator() {
  const { connected } = useLiveStatus();
  return (
    <p role="status" className="flex items-center gap-2 text-sm font-medium">
      <span
        aria-hidden="true"
        className={`size-2.5 rounded-full ${connected ? 'bg-green-500' : 'bg-red-500'}`}
      />
      {connected ? 'System Online' : 'Connection Lost'}
    </p>
  );
}

function ConsoleFrame() {
  const [, navigate] = useLocation();
  const logout = useLogoutMutation();
  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        toast({ title: 'Logged out successfully' });
        navigate('/login');
      },
      onError: (error) => {
        toast({ title: 'Error', description: serverMessage(error) ?? 'Failed to logout', variant: 'destructive' });
      },
    });
  return (
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
      <main id="main" className="page py-6">
        <p className="text-gray-700 dark:text-gray-300">You are signed in as the administrator.</p>
      </main>
    </div>
  );
}

export default function AdminPage() {
  useDocumentTitle('Admin');
  const auth = useAuthCheckQuery();
  if (auth.isPending) {
    return (
      <p role="status" className="page py-10">
        Loading...
      </p>
    );
  }
  if (auth.isError || !auth.data.isAdmin) return <Redirect to="/login" replace />;
  return <ConsoleFrame />;
}
