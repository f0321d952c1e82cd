import { LinkIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { authPageText } from '../auth-pages';
import { AuthCard, authLinkClass } from '../components/auth-card';

/** Spec §2 /auth-code-error: a sign-in or email link that did not work, and where to go next. */
export function AuthCodeErrorRoute() {
  const page = authPageText('/auth-code-error');
  return (
    <AuthCard
      icon={LinkIcon}
      title={page.title}
      description={page.purpose}
      footer={
        <p>
          Forgot your password?{' '}
          <Link to="/forgot-password" className={authLinkClass}>
            Reset it
          </Link>
        </p>
      }
    >
      <div className="grid gap-3">
        <p className="text-sm">Sign in again, or ask for a new link from the page that sent it.</p>
        <Button asChild className="w-full">
          <Link to="/sign-in">Sign in</Link>
        </Button>
        <Button asChild variant="outline" className="w-full">
          <Link to="/">Back to the homepage</Link>
        </Button>
      </div>
    </AuthCard>
  );
}
