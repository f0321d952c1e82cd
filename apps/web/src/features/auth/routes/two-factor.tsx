import { LIMITS, MESSAGES, otpCodeSchema } from '@lodestar/domain';
import { ShieldCheck, TimerOff } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { OtpInput } from '@/components/otp-input';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { authClient } from '@/lib/auth-client';
import { withRedirect } from '@/lib/redirect';
import { authPageText } from '../auth-pages';
import { readAuthError, signInFailureMessage, tooManyAttemptsMessage } from '../auth-errors';
import { AuthCard, authLinkClass } from '../components/auth-card';
import { AuthField } from '../components/auth-field';
import { CheckboxField } from '../components/checkbox-field';
import { AUTH_TOASTS, ENTER_RECOVERY_CODE } from '../messages';
import { useCompleteSignIn } from '../use-complete-sign-in';
import { useRedirectTarget } from '../use-redirect-target';

/** A wrong code (docs/auth.md); any other 401 means no sign-in is waiting for a second factor. */
const WRONG_CODE = new Set(['INVALID_CODE', 'INVALID_BACKUP_CODE', 'INVALID_OTP', 'OTP_HAS_EXPIRED']);
/** Refusals that end the pending sign-in: it has to start again. */
const STEP_ENDED = new Set(['INVALID_TWO_FACTOR_COOKIE', 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE']);

type Mode = 'totp' | 'recovery';

/**
 * Spec §2 /two-factor: the second step of a sign-in with TOTP on. A 6-digit code from the
 * authenticator app, or one of the recovery codes; optionally trust this browser for 30 days. A wrong
 * code is said under the field, and stays there until the next try.
 */
export function TwoFactorRoute() {
  const page = authPageText('/two-factor');
  const target = useRedirectTarget();
  const completeSignIn = useCompleteSignIn(target);
  const [mode, setMode] = useState<Mode>('totp');
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [trustDevice, setTrustDevice] = useState(false);
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const [expired, setExpired] = useState(false);
  const busy = useRef(false);
  const input = useRef<HTMLInputElement>(null);

  if (expired) {
    return (
      <AuthCard
        icon={TimerOff}
        title="Your sign-in has expired"
        documentTitle={page.title}
        description="The verification step is only open for a few minutes. Sign in again to get a new one."
      >
        <Button asChild className="w-full">
          <Link to={withRedirect('/sign-in', target)}>Sign in again</Link>
        </Button>
      </AuthCard>
    );
  }

  function switchMode() {
    setMode((current) => (current === 'totp' ? 'recovery' : 'totp'));
    setError(undefined);
    setCode('');
    setRecoveryCode('');
    // The field is replaced; focus it once it exists.
    setTimeout(() => input.current?.focus(), 0);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    let value: string;
    if (mode === 'totp') {
      const parsed = otpCodeSchema.safeParse(code);
      if (!parsed.success) {
        setError(MESSAGES.sixDigitCode);
        toast.error(MESSAGES.sixDigitCode);
        input.current?.focus();
        return;
      }
      value = parsed.data;
    } else {
      value = recoveryCode.trim();
      if (!value) {
        setError(ENTER_RECOVERY_CODE);
        input.current?.focus();
        return;
      }
    }
    setError(undefined);
    busy.current = true;
    setSubmitting(true);
    try {
      const { error: failed } =
        mode === 'totp'
          ? await authClient.twoFactor.verifyTotp({ code: value, trustDevice })
          : await authClient.twoFactor.verifyBackupCode({ code: value, trustDevice });
      if (failed) {
        const failure = readAuthError(failed);
        if (failure.status === 429) {
          toast.error(tooManyAttemptsMessage(failure.reset));
        } else if (failure.code && STEP_ENDED.has(failure.code)) {
          setExpired(true);
        } else if (failure.status === 401 && !(failure.code && WRONG_CODE.has(failure.code))) {
          setExpired(true);
        } else if (failure.status === 400 || failure.status === 401) {
          // Inline as well as the toast, and kept until the next try (the toast fades).
          setError(AUTH_TOASTS.invalidCode);
          toast.error(AUTH_TOASTS.invalidCode);
          setCode('');
          setRecoveryCode('');
          input.current?.focus();
        } else {
          toast.error(signInFailureMessage(failure));
        }
        return;
      }
      await completeSignIn(AUTH_TOASTS.welcomeBack);
    } catch {
      toast.error(AUTH_TOASTS.unexpected);
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  }

  const ready = mode === 'totp' ? code.length === LIMITS.otpLength : recoveryCode.trim().length > 0;

  return (
    <AuthCard
      icon={ShieldCheck}
      title={page.title}
      description={
        mode === 'totp'
          ? page.purpose
          : 'Enter one of the recovery codes you saved when you turned on two-factor authentication. Each code works once.'
      }
      footer={
        <p>
          <Link to={withRedirect('/sign-in', target)} className={authLinkClass}>
            Back to sign in
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Verify your sign-in">
        {mode === 'totp' ? (
          <AuthField label="Authentication code" error={error}>
            {(control) => (
              <OtpInput {...control} ref={input} name="code" autoFocus value={code} onChange={setCode} />
            )}
          </AuthField>
        ) : (
          <AuthField label="Recovery code" error={error}>
            {(control) => (
              <Input
                {...control}
                ref={input}
                name="recovery-code"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                placeholder="abcde-fghjk"
                className="font-mono"
                value={recoveryCode}
                onChange={(event) => setRecoveryCode(event.target.value)}
              />
            )}
          </AuthField>
        )}
        <CheckboxField checked={trustDevice} onCheckedChange={setTrustDevice}>
          Trust this device for 30 days
        </CheckboxField>
        <Button type="submit" className="w-full" disabled={submitting || !ready}>
          {submitting ? 'Verifying...' : 'Verify'}
        </Button>
        <Button type="button" variant="link" className="h-auto justify-self-center p-0" onClick={switchMode}>
          {mode === 'totp' ? 'Use a recovery code instead' : 'Use your authenticator app instead'}
        </Button>
      </form>
    </AuthCard>
  );
}
