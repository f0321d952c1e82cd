import { passwordResetRequestSchema } from '@lodestar/domain';
import { KeyRound, MailCheck } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { authClient } from '@/lib/auth-client';
import { authPageText } from '../auth-pages';
import { readAuthError, tooManyAttemptsMessage } from '../auth-errors';
import { AuthCard, authLinkClass } from '../components/auth-card';
import { AuthField } from '../components/auth-field';
import { AUTH_TOASTS } from '../messages';

const backToSignIn = (
  <p>
    Remembered it?{' '}
    <Link to="/sign-in" className={authLinkClass}>
      Back to sign in
    </Link>
  </p>
);

/**
 * Spec §2 /forgot-password: asks for a reset link. The answer is the same whether or not the address
 * has an account, so the confirmation says "if".
 */
export function ForgotPasswordRoute() {
  const page = authPageText('/forgot-password');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const [sentTo, setSentTo] = useState<string>();
  const busy = useRef(false);
  const input = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    const parsed = passwordResetRequestSchema.safeParse({ email });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message;
      setError(message);
      input.current?.focus();
      return;
    }
    setError(undefined);
    busy.current = true;
    setSubmitting(true);
    const toastId = toast.loading(AUTH_TOASTS.resetSending);
    try {
      const { error: failure } = await authClient.requestPasswordReset({
        email: parsed.data.email,
        redirectTo: '/reset-password',
      });
      if (failure) {
        const info = readAuthError(failure);
        toast.error(AUTH_TOASTS.resetSendFailed, {
          id: toastId,
          description: info.status === 429 ? tooManyAttemptsMessage(info.reset) : undefined,
        });
        return;
      }
      toast.success(AUTH_TOASTS.resetSent, { id: toastId });
      setSentTo(parsed.data.email);
    } catch {
      toast.error(AUTH_TOASTS.resetSendFailed, { id: toastId });
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  }

  if (sentTo) {
    return (
      <AuthCard
        icon={MailCheck}
        title="Check your email"
        documentTitle={page.title}
        description={
          <>
            If an account exists for <span className="font-medium text-foreground">{sentTo}</span>, we sent a
            link to choose a new password. The link works once and expires in 1 hour.
          </>
        }
        footer={backToSignIn}
      >
        <div role="status" className="rounded-md border bg-muted p-3 text-sm">
          No email? Check your spam folder, or send the link again.
        </div>
        <Button
          type="button"
          variant="outline"
          className="mt-4 w-full"
          onClick={() => {
            setSentTo(undefined);
          }}
        >
          Send another link
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard icon={KeyRound} title={page.title} description={page.purpose} footer={backToSignIn}>
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Request a reset link">
        <AuthField label="Email" error={error}>
          {(control) => (
            <Input
              {...control}
              ref={input}
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              autoCapitalize="none"
              spellCheck={false}
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setError(undefined);
              }}
            />
          )}
        </AuthField>
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? 'Sending...' : 'Send reset link'}
        </Button>
      </form>
    </AuthCard>
  );
}
