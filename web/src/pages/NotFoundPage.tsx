import { Link } from 'wouter';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <main id="main" className="page grid min-h-[60vh] place-items-center">
      <div className="card w-full max-w-md p-6">
        <h1 className="text-2xl font-bold">404 Page Not Found</h1>
        <p className="mt-3 text-sm text-gray-700 dark:text-gray-300">Did you forget to add the page to the router?</p>
        <Link href="/" className="link mt-4 inline-block">
          Go to the home page
        </Link>
      </div>
    </main>
  );
}
