import { useSearchParams } from 'react-router';
import { safeRedirect } from '@/lib/redirect';

/** The page to open after signing in: the allowed `?redirect=` target, else /dashboard. */
export function useRedirectTarget(): string {
  const [searchParams] = useSearchParams();
  return safeRedirect(searchParams.get('redirect'));
}
