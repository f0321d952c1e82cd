import { passwordResetRequestSchema } from '@lodestar/domain';
import { KeyRound, MailCheck } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { authClient } from '@/lib/auth-client';
import { emailConfigured } from '@/lib/server-config';
import { authPageText } from '../auth-pages';
import { readAuthError, tooManyAttemptsMessage } from '../auth-errors';
import { AuthCard, authLinkClass } from '../components/auth-card';
import { AuthField } from '../components/auth-field';
import { AUTH_TOASTS, NO_EMAIL } from '../messages';

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
 * has an account, so the confirmation says "if". A server without email writes the link to its log,
 * and the confirmation says so.
 */
export function ForgotPasswordRoute() {
  const page = authPageText('/forgot-password');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const [sentTo, setSentTo] = useState<{ email: string; mailed: boolean }>();
  const queryClient = useQueryClient();
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
      // Unknown (the server did not say): word it for email, the usual case.
      const mailed = (await emailConfigured(queryClient)) !== false;
      toast.success(mailed ? AUTH_TOASTS.resetSent : NO_EMAIL.resetLogged, { id: toastId });
      setSentTo({ email: parsed.data.email, mailed });
    } catch {
      toast.error(AUTH_TOASTS.resetSendFailed, { id: toastId });
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  }

  if (sentTo) {
    const address = <span className="font-medium text-foreground">{sentTo.email}</span>;
    return (
      <AuthCard
        icon={MailCheck}
        title={sentTo.mailed ? 'Check your email' : 'The link is in the server log'}
        documentTitle={page.title}
        description={
          sentTo.mailed ? (
            <>
              If an account exists for {address}, we sent a link to choose a new password. The link works once
              and expires in 1 hour.
            </>
          ) : (
            <>
              This server does not send email. If an account exists for {address}, the link to choose a new
              password was written to the server log: ask whoever runs this server for it. The link works once
              and expires in 1 hour.
            </>
          )
        }
        footer={backToSignIn}
      >
        {sentTo.mailed ? (
          <div role="status" className="rounded-md border bg-muted p-3 text-sm">
            No email? Check your spam folder, or send the link again.
          </div>
        ) : null}
        <Button
          type="button"
          variant="outline"
          className={sentTo.mailed ? 'mt-4 w-full' : 'w-full'}
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
