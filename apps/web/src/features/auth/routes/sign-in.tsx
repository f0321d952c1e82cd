import { signInSchema } from '@lodestar/domain';
import { Fingerprint, LogIn } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { authClient } from '@/lib/auth-client';
import { withRedirect } from '@/lib/redirect';
import { useServerConfig } from '@/lib/server-config';
import { authPageText } from '../auth-pages';
import { readAuthError, signInFailureMessage } from '../auth-errors';
import { AuthCard, authLinkClass } from '../components/auth-card';
import { AuthField } from '../components/auth-field';
import { ProviderButtons, ProviderError } from '../components/provider-buttons';
import { PasswordInput } from '../components/password-input';
import { credentialErrors, firstInOrder } from '../form-errors';
import { AUTH_TOASTS } from '../messages';
import { useCompleteSignIn } from '../use-complete-sign-in';
import { useRedirectTarget } from '../use-redirect-target';

const FIELD_ORDER = ['email', 'password'] as const;
type Field = (typeof FIELD_ORDER)[number];

/** WebAuthn is there (a secure context in a browser that supports it). */
function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential !== 'undefined';
}

/** Spec §2 /sign-in: email and password, a passkey, links to reset the password and to sign up. */
export function SignInRoute() {
  const page = authPageText('/sign-in');
  const target = useRedirectTarget();
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn(target);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [missing, setMissing] = useState({ email: false, password: false });
  const [submitting, setSubmitting] = useState<'password' | 'passkey' | null>(null);
  const busy = useRef(false);
  const fields = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  const [showPasskey] = useState(passkeysSupported);
  const config = useServerConfig();
  const providers = config.data?.signInProviders ?? [];
  const [searchParams] = useSearchParams();

  function clearError(field: Field) {
    setErrors((current) => ({ ...current, [field]: undefined }));
    setMissing((current) => ({ ...current, [field]: false }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    const parsed = signInSchema.safeParse({ email, password });
    if (!parsed.success) {
      const result = credentialErrors(parsed.error.issues, { email, password });
      setErrors(result.errors);
      setMissing(result.missing);
      const first = firstInOrder(result.errors, FIELD_ORDER);
      if (first) {
        toast.error(first.message);
        fields[first.field as Field].current?.focus();
      }
      return;
    }
    setErrors({});
    setMissing({ email: false, password: false });
    busy.current = true;
    setSubmitting('password');
    try {
      const { data, error } = await authClient.signIn.email({
        email: parsed.data.email,
        password: parsed.data.password,
        rememberMe: true,
      });
      if (error) {
        toast.error(signInFailureMessage(readAuthError(error)));
        return;
      }
      if (data && 'twoFactorRedirect' in data && data.twoFactorRedirect) {
        await navigate(withRedirect('/two-factor', target));
        return;
      }
      await completeSignIn(AUTH_TOASTS.welcomeBack);
    } catch {
      toast.error(AUTH_TOASTS.unexpected);
    } finally {
      busy.current = false;
      setSubmitting(null);
    }
  }

  async function signInWithPasskey() {
    if (busy.current) return;
    busy.current = true;
    setSubmitting('passkey');
    try {
      const result = await authClient.signIn.passkey();
      if (!result || result.error) {
        const failure = readAuthError(result?.error);
        toast.error(AUTH_TOASTS.passkeyFailed, {
          description:
            failure.status === 429 ? signInFailureMessage(failure) : AUTH_TOASTS.passkeyFailedDescription,
        });
        return;
      }
      await completeSignIn(AUTH_TOASTS.welcomeBack);
    } catch {
      toast.error(AUTH_TOASTS.passkeyFailed, { description: AUTH_TOASTS.passkeyFailedDescription });
    } finally {
      busy.current = false;
      setSubmitting(null);
    }
  }

  return (
    <AuthCard
      icon={LogIn}
      title={page.title}
      description={page.purpose}
      footer={
        <p>
          No account yet?{' '}
          <Link to={withRedirect('/sign-up', target)} className={authLinkClass}>
            Create an account
          </Link>
        </p>
      }
    >
      <ProviderError code={searchParams.get('error')} allowedDomains={config.data?.allowedEmailDomains} />
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Sign in">
        <AuthField label="Email" error={errors.email} invalid={missing.email}>
          {(control) => (
            <Input
              {...control}
              ref={fields.email}
              type="email"
              name="email"
              autoComplete="username webauthn"
              inputMode="email"
              autoCapitalize="none"
              spellCheck={false}
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                clearError('email');
              }}
            />
          )}
        </AuthField>
        <AuthField
          label="Password"
          error={errors.password}
          invalid={missing.password}
          labelAside={
            <Link to="/forgot-password" className={`${authLinkClass} text-sm`}>
              Forgot password?
            </Link>
          }
        >
          {(control) => (
            <PasswordInput
              {...control}
              ref={fields.password}
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                clearError('password');
              }}
            />
          )}
        </AuthField>
        <Button type="submit" className="w-full" disabled={submitting !== null}>
          {submitting === 'password' ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
      {showPasskey || providers.length > 0 ? (
        <>
          <div className="my-4 flex items-center gap-3 text-xs text-muted-foreground" aria-hidden="true">
            <span className="h-px flex-1 bg-border" />
            or
            <span className="h-px flex-1 bg-border" />
          </div>
          <div className="grid gap-2">
            {showPasskey ? (
              <Button
                type="button"
                variant="outline"
                className="w-full"
                disabled={submitting !== null}
                onClick={() => void signInWithPasskey()}
              >
                <Fingerprint aria-hidden="true" />
                {submitting === 'passkey' ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
              </Button>
            ) : null}
            <ProviderButtons
              providers={providers}
              target={target}
              from="/sign-in"
              disabled={submitting !== null}
              allowedDomains={config.data?.allowedEmailDomains}
            />
          </div>
        </>
      ) : null}
    </AuthCard>
  );
}
