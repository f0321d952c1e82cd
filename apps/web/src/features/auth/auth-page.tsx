import { KeyRound } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';

const TITLES: Record<string, { title: string; purpose: string }> = {
  '/sign-in': { title: 'Sign in', purpose: 'Sign in with your email and password.' },
  '/sign-up': {
    title: 'Create your account',
    purpose: 'Create an account with your email and a strong password.',
  },
  '/forgot-password': { title: 'Reset your password', purpose: 'Get a link to choose a new password.' },
  '/reset-password': {
    title: 'Choose a new password',
    purpose: 'Set a new password from the link in your email.',
  },
  '/verify-email': {
    title: 'Verify your email',
    purpose: 'Confirm your email address from the link we sent.',
  },
  '/two-factor': {
    title: 'Two-factor authentication',
    purpose: 'Enter the code from your authenticator app.',
  },
  '/auth-code-error': {
    title: 'This link did not work',
    purpose: 'The sign-in link is invalid or has expired.',
  },
};

/** The authentication pages. Accounts are not enabled in this build, and the page says so plainly. */
export default function AuthPage() {
  const { pathname } = useLocation();
  const page = TITLES[pathname.replace(/\/$/, '')] ?? TITLES['/sign-in']!;
  return (
    <section className="w-full max-w-sm rounded-lg border bg-card p-6 text-center shadow-sm">
      <KeyRound aria-hidden="true" className="mx-auto size-8 text-primary" />
      <h1 className="mt-3 text-2xl font-semibold">{page.title}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{page.purpose}</p>
      <p className="mt-4 rounded-md bg-muted p-3 text-sm">
        Accounts cannot be created or used on this server yet: sign-in arrives with the next release.
      </p>
      <Button asChild variant="outline" className="mt-6 w-full">
        <Link to="/">Back to the homepage</Link>
      </Button>
    </section>
  );
}
