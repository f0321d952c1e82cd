import { resetPasswordSchema, UI_TIMING } from '@lodestar/domain';
import { KeyRound, LinkIcon } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PasswordStrengthMeter } from '@/components/password-strength-meter';
import { Button } from '@/components/ui/button';
import { authClient } from '@/lib/auth-client';
import { useResetSession } from '@/lib/session';
import { authPageText } from '../auth-pages';
import { readAuthError, tooManyAttemptsMessage } from '../auth-errors';
import { AuthCard, authLinkClass } from '../components/auth-card';
import { AuthField } from '../components/auth-field';
import { PasswordInput } from '../components/password-input';
import { firstIssueByField } from '../form-errors';
import { AUTH_TOASTS } from '../messages';

type Field = 'password' | 'confirmPassword';

/** The token from `?token=`, or from the path (/reset-password/<token>) as a fallback. */
function useResetToken(): { token: string | undefined; linkError: boolean } {
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const fromPath = pathname.split('/')[2];
  const token = searchParams.get('token') || (fromPath ? decodeURIComponent(fromPath) : undefined);
  return { token: token || undefined, linkError: searchParams.has('error') };
}

function InvalidLink() {
  return (
    <AuthCard
      icon={LinkIcon}
      title="This reset link did not work"
      documentTitle={authPageText('/reset-password').title}
      description="The link is invalid or has expired. Reset links work once and expire after 1 hour."
      footer={
        <p>
          <Link to="/sign-in" className={authLinkClass}>
            Back to sign in
          </Link>
        </p>
      }
    >
      <Button asChild className="w-full">
        <Link to="/forgot-password">Request a new link</Link>
      </Button>
    </AuthCard>
  );
}

/**
 * Spec §2 /reset-password, the target of the reset email: a new password and its confirmation. On
 * success every session has been revoked, so the user signs in again.
 */
export function ResetPasswordRoute() {
  const page = authPageText('/reset-password');
  const { token, linkError } = useResetToken();
  const navigate = useNavigate();
  const resetSession = useResetSession();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [tokenRejected, setTokenRejected] = useState(false);
  const busy = useRef(false);
  const fields = {
    password: useRef<HTMLInputElement>(null),
    confirmPassword: useRef<HTMLInputElement>(null),
  };

  if (linkError || !token || tokenRejected) return <InvalidLink />;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current || !token) return;
    const parsed = resetPasswordSchema.safeParse({ password, confirmPassword });
    if (!parsed.success) {
      const next = firstIssueByField(parsed.error.issues) as Partial<Record<Field, string>>;
      setErrors(next);
      fields[next.password ? 'password' : 'confirmPassword'].current?.focus();
      return;
    }
    setErrors({});
    busy.current = true;
    setSubmitting(true);
    try {
      const { error } = await authClient.resetPassword({ newPassword: parsed.data.password, token });
      if (error) {
        const failure = readAuthError(error);
        if (failure.code === 'INVALID_TOKEN') {
          setTokenRejected(true);
        } else if (failure.code === 'PASSWORD_COMPROMISED') {
          setErrors({ password: AUTH_TOASTS.passwordBreached });
          toast.error(AUTH_TOASTS.passwordBreached, { duration: UI_TIMING.breachedPasswordToastMs });
          fields.password.current?.focus();
        } else if (failure.code === 'PASSWORD_TOO_WEAK' && failure.message) {
          setErrors({ password: failure.message });
          toast.error(AUTH_TOASTS.passwordResetFailed, { description: failure.message });
          fields.password.current?.focus();
        } else {
          toast.error(AUTH_TOASTS.passwordResetFailed, {
            description:
              failure.status === 429 ? tooManyAttemptsMessage(failure.reset) : AUTH_TOASTS.unexpected,
          });
        }
        return;
      }
      toast.success(AUTH_TOASTS.passwordChanged, { description: 'Sign in with your new password.' });
      try {
        await resetSession();
      } catch {
        // Nothing cached is kept either way; the sign-in page reads the session again.
      }
      await navigate('/sign-in', { replace: true });
    } catch {
      toast.error(AUTH_TOASTS.passwordResetFailed, { description: AUTH_TOASTS.unexpected });
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  }

  return (
    <AuthCard icon={KeyRound} title={page.title} description={page.purpose}>
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Choose a new password">
        <AuthField
          label="New password"
          error={errors.password}
          hint={<PasswordStrengthMeter password={password} />}
        >
          {(control) => (
            <PasswordInput
              {...control}
              ref={fields.password}
              name="new-password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setErrors((current) => ({ ...current, password: undefined }));
              }}
            />
          )}
        </AuthField>
        <AuthField label="Confirm new password" error={errors.confirmPassword}>
          {(control) => (
            <PasswordInput
              {...control}
              ref={fields.confirmPassword}
              name="confirm-password"
              autoComplete="new-password"
              value={confirmPassword}
              onChange={(event) => {
                setConfirmPassword(event.target.value);
                setErrors((current) => ({ ...current, confirmPassword: undefined }));
              }}
            />
          )}
        </AuthField>
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? 'Saving...' : 'Set new password'}
        </Button>
      </form>
    </AuthCard>
  );
}
