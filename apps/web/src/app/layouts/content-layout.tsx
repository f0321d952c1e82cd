import { useSession } from '@/lib/session';
import { AppLayout } from './app-layout';
import { PublicLayout } from './public-layout';

/**
 * The blog, help center and legal pages are public: a visitor reads them in the homepage's layout, a
 * signed-in user inside the app with its navigation. While the session is being checked the app layout
 * shows the page's skeleton, so a signed-in user does not see the public header flash first.
 */
export function ContentLayout() {
  const { user, isPending } = useSession();
  if (user || isPending) return <AppLayout />;
  return <PublicLayout contained />;
}
