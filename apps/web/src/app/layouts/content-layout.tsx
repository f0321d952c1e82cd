import { useLocation } from 'react-router';
import { useSession } from '@/lib/session';
import { skeletonFor } from '../pages';
import { AppLayout } from './app-layout';
import { PublicLayout } from './public-layout';

/**
 * The blog, help center and legal pages are public: a visitor reads them in the homepage's layout, a
 * signed-in user inside the app with its navigation. While the session is being checked only the page's
 * skeleton shows: the app layout is not mounted for someone who may be a visitor, since it sends
 * visitors to sign in.
 */
export function ContentLayout() {
  const { user, isPending } = useSession();
  const { pathname } = useLocation();
  if (user) return <AppLayout />;
  if (isPending) {
    return (
      <main className="mx-auto min-h-dvh w-full max-w-6xl px-4 py-8 md:py-12">{skeletonFor(pathname)}</main>
    );
  }
  return <PublicLayout contained />;
}
