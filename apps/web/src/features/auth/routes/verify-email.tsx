import { useQueryClient } from '@tanstack/react-query';
import { MailCheck, MailWarning } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { authClient } from '@/lib/auth-client';
import { emailConfigured } from '@/lib/server-config';
import { SESSION_QUERY_KEY, useSession } from '@/lib/session';
import { authPageText } from '../auth-pages';
import { readAuthError, tooManyAttemptsMessage } from '../auth-errors';
import { AuthCard, authLinkClass } from '../components/auth-card';
import { AUTH_TOASTS, NO_EMAIL } from '../messages';

/**
 * Spec §2 /verify-email, where the verification link lands: `?error=…` when the link was used or has
 * expired, nothing when the address is now verified (the server may have signed the user in, so the
 * session is read again).
 */
export function VerifyEmailRoute() {
  const page = authPageText('/verify-email');
  const [searchParams] = useSearchParams();
  const linkError = searchParams.has('error');
  const queryClient = useQueryClient();
  const { user, isPending } = useSession();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<'mailed' | 'logged'>();
  const busy = useRef(false);

  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  }, [queryClient]);

  async function resend() {
    if (busy.current || !user) return;
    busy.current = true;
    setSending(true);
    try {
      const { error } = await authClient.sendVerificationEmail({
        email: user.email,
        callbackURL: '/verify-email',
      });
      if (error) {
        const failure = readAuthError(error);
        toast.error(AUTH_TOASTS.verificationSendFailed, {
          description:
            failure.status === 429 ? tooManyAttemptsMessage(failure.reset) : AUTH_TOASTS.unexpected,
        });
        return;
      }
      if ((await emailConfigured(queryClient)) === false) {
        toast.success(NO_EMAIL.verificationLogged, { description: NO_EMAIL.askForLink });
        setSent('logged');
      } else {
        toast.success(AUTH_TOASTS.verificationSent, { description: `Check ${user.email} for the new link.` });
        setSent('mailed');
      }
    } catch {
      toast.error(AUTH_TOASTS.verificationSendFailed, { description: AUTH_TOASTS.unexpected });
    } finally {
      busy.current = false;
      setSending(false);
    }
  }

  // A link that failed for an address that is verified anyway (clicked twice) is no problem.
  if (!linkError || user?.emailVerified) {
    return (
      <AuthCard
        icon={MailCheck}
        title="Your email is verified"
        documentTitle={page.title}
        description="Thanks for confirming your email address. Your account is ready."
      >
        <Button asChild className="w-full">
          <Link to="/dashboard">Go to the dashboard</Link>
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={MailWarning}
      title="This verification link did not work"
      documentTitle={page.title}
      description="The link is invalid or has expired. Verification links work once."
    >
      {isPending ? null : user ? (
        <div className="grid gap-3">
          {sent ? (
            <p role="status" className="rounded-md border bg-muted p-3 text-sm">
              {sent === 'mailed' ? (
                <>
                  We sent a new link to <span className="font-medium">{user.email}</span>.
                </>
              ) : (
                NO_EMAIL.askForLink
              )}
            </p>
          ) : null}
          <Button type="button" className="w-full" disabled={sending} onClick={() => void resend()}>
            {sending ? 'Sending...' : 'Resend verification email'}
          </Button>
          <Button asChild variant="outline" className="w-full">
            <Link to="/dashboard">Go to the dashboard</Link>
          </Button>
        </div>
      ) : (
        <div className="grid gap-3 text-center text-sm">
          <p>Sign in to get a new verification link.</p>
          <Button asChild className="w-full">
            <Link to="/sign-in">Sign in</Link>
          </Button>
          <p className="text-muted-foreground">
            No account yet?{' '}
            <Link to="/sign-up" className={authLinkClass}>
              Create an account
            </Link>
          </p>
        </div>
      )}
    </AuthCard>
  );
}
