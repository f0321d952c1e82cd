import { fullNameSchema, MESSAGES, signUpSchema, UI_TIMING } from '@lodestar/domain';
import { MailCheck, UserPlus } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PasswordStrengthMeter } from '@/components/password-strength-meter';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { authClient } from '@/lib/auth-client';
import { withRedirect } from '@/lib/redirect';
import { useServerConfig } from '@/lib/server-config';
import { authPageText } from '../auth-pages';
import { readAuthError, tooManyAttemptsMessage } from '../auth-errors';
import { AuthCard, authLinkClass } from '../components/auth-card';
import { AuthField } from '../components/auth-field';
import { CheckboxField } from '../components/checkbox-field';
import { ProviderButtons, ProviderError } from '../components/provider-buttons';
import { PasswordInput } from '../components/password-input';
import { credentialErrors, firstInOrder } from '../form-errors';
import { AUTH_TOASTS, NO_EMAIL } from '../messages';
import { useCompleteSignIn } from '../use-complete-sign-in';
import { useRedirectTarget } from '../use-redirect-target';

const FIELD_ORDER = ['fullName', 'email', 'password', 'acceptTerms'] as const;
type Field = (typeof FIELD_ORDER)[number];
type Errors = Partial<Record<Field, string>>;

/** Server refusals that name a field (docs/auth.md), so the message also goes under that field. */
const FIELD_OF_CODE: Record<string, Field> = {
  INVALID_NAME: 'fullName',
  INVALID_EMAIL: 'email',
  PASSWORD_TOO_WEAK: 'password',
  PASSWORD_REQUIRED: 'password',
  PASSWORD_COMPROMISED: 'password',
  TERMS_NOT_ACCEPTED: 'acceptTerms',
};

/**
 * Spec §2 /sign-up: full name, email, a strong password and the terms. On a server that sends email the
 * answer is the same whether or not the address already has an account (ADR 013): "check your email"
 * (a confirmation link for a new account, a note to the owner of an existing one). On a server without
 * email the new user is signed in, and told where the confirmation link went.
 */
export function SignUpRoute() {
  const page = authPageText('/sign-up');
  const target = useRedirectTarget();
  const completeSignIn = useCompleteSignIn(target);
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [missing, setMissing] = useState({ email: false, password: false });
  const [submitting, setSubmitting] = useState(false);
  const [checkEmail, setCheckEmail] = useState<string>();
  const busy = useRef(false);
  const fields = {
    fullName: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };
  const termsBox = useRef<HTMLDivElement>(null);
  const config = useServerConfig();
  const providers = config.data?.signInProviders ?? [];
  // OIDC_ONLY: accounts come through the providers only, so the password form is not offered.
  const passwordSignUp = config.data?.passwordSignUp !== false;
  const [searchParams] = useSearchParams();

  /** A provider sign-up creates the account on return: the terms must be accepted before leaving. */
  function termsAcceptedFirst(): boolean {
    if (acceptTerms) return true;
    setErrors({ acceptTerms: MESSAGES.acceptTerms });
    toast.error(MESSAGES.acceptTerms);
    focusField('acceptTerms');
    return false;
  }

  function clearError(field: Field) {
    setErrors((current) => ({ ...current, [field]: undefined }));
    if (field === 'email' || field === 'password') setMissing((current) => ({ ...current, [field]: false }));
  }

  function focusField(field: Field) {
    if (field === 'acceptTerms') termsBox.current?.querySelector('input')?.focus();
    else fields[field].current?.focus();
  }

  function validate(): { name: string; email: string; password: string } | undefined {
    const name = fullNameSchema.safeParse(fullName);
    const rest = signUpSchema.safeParse({ email, password, fullName, acceptTerms });
    const result = rest.success
      ? { errors: {} as Record<string, string>, missing: { email: false, password: false } }
      : credentialErrors(rest.error.issues, { email, password });
    const next: Errors = { ...result.errors };
    if (!name.success) next.fullName = name.error.issues[0]?.message;
    setErrors(next);
    setMissing(result.missing);
    const first = firstInOrder(next, FIELD_ORDER);
    if (first) {
      toast.error(first.message);
      focusField(first.field as Field);
      return undefined;
    }
    if (!name.success || !rest.success) return undefined;
    return { name: name.data, email: rest.data.email, password: rest.data.password };
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    const values = validate();
    if (!values) return;
    busy.current = true;
    setSubmitting(true);
    try {
      // The typed signUp.email() does not know the server's `termsAccepted` field (docs/auth.md).
      const { data, error } = await authClient.$fetch<{ token: string | null }>('/sign-up/email', {
        method: 'POST',
        body: {
          name: values.name,
          email: values.email,
          password: values.password,
          termsAccepted: true,
          callbackURL: '/verify-email',
          // The account starts in this browser's time zone (changeable in Settings → Display).
          timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        },
      });
      if (error) {
        const failure = readAuthError(error);
        const field = failure.code ? FIELD_OF_CODE[failure.code] : undefined;
        if (failure.code === 'PASSWORD_COMPROMISED') {
          setErrors({ password: AUTH_TOASTS.passwordBreached });
          toast.error(AUTH_TOASTS.passwordBreached, { duration: UI_TIMING.breachedPasswordToastMs });
        } else if (failure.status === 429) {
          toast.error(AUTH_TOASTS.signUpFailed, { description: tooManyAttemptsMessage(failure.reset) });
        } else {
          const isValidation = failure.status === 400 || failure.status === 422;
          const description = isValidation ? failure.message : undefined;
          if (field && description) setErrors({ [field]: description });
          toast.error(AUTH_TOASTS.signUpFailed, { description });
        }
        if (field) focusField(field);
        return;
      }
      // No session in the answer: the server sends email and the link in it signs the new user in.
      if (!data?.token) {
        setCheckEmail(values.email);
        return;
      }
      await completeSignIn(AUTH_TOASTS.welcome, NO_EMAIL.signedUp);
    } catch {
      toast.error(AUTH_TOASTS.signUpFailed, { description: AUTH_TOASTS.unexpected });
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  }

  if (checkEmail) {
    return (
      <AuthCard
        icon={MailCheck}
        title="Check your email"
        documentTitle={page.title}
        description={
          <>
            We sent a message to <span className="font-medium text-foreground">{checkEmail}</span>. Open the
            link in it to confirm your address and sign in. If that address already has an account, the
            message says so and how to sign in.
          </>
        }
        footer={
          <p>
            Confirmed already?{' '}
            <Link to={withRedirect('/sign-in', target)} className={authLinkClass}>
              Sign in
            </Link>
          </p>
        }
      >
        <div role="status" className="rounded-md border bg-muted p-3 text-sm">
          No email? Check your spam folder. The link works once and expires in 24 hours.
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={UserPlus}
      title={page.title}
      description={page.purpose}
      footer={
        <p>
          Already have an account?{' '}
          <Link to={withRedirect('/sign-in', target)} className={authLinkClass}>
            Sign in
          </Link>
        </p>
      }
    >
      <ProviderError code={searchParams.get('error')} allowedDomains={config.data?.allowedEmailDomains} />
      {passwordSignUp ? null : (
        <p className="mb-4 text-sm text-muted-foreground">
          Accounts on this server are created through single sign-on.
        </p>
      )}
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Create account">
        {passwordSignUp ? (
          <>
            <AuthField label="Full name" error={errors.fullName}>
              {(control) => (
                <Input
                  {...control}
                  ref={fields.fullName}
                  name="name"
                  autoComplete="name"
                  value={fullName}
                  onChange={(event) => {
                    setFullName(event.target.value);
                    clearError('fullName');
                  }}
                />
              )}
            </AuthField>
            <AuthField label="Email" error={errors.email} invalid={missing.email}>
              {(control) => (
                <Input
                  {...control}
                  ref={fields.email}
                  type="email"
                  name="email"
                  autoComplete="email"
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
              hint={<PasswordStrengthMeter password={password} />}
            >
              {(control) => (
                <PasswordInput
                  {...control}
                  ref={fields.password}
                  name="password"
                  autoComplete="new-password"
                  value={password}
                  onChange={(event) => {
                    setPassword(event.target.value);
                    clearError('password');
                  }}
                />
              )}
            </AuthField>
          </>
        ) : null}
        <div ref={termsBox}>
          <CheckboxField
            checked={acceptTerms}
            onCheckedChange={(checked) => {
              setAcceptTerms(checked);
              clearError('acceptTerms');
            }}
            error={errors.acceptTerms}
          >
            I accept the <span className="font-medium">Terms of Service</span> and the{' '}
            <span className="font-medium">Privacy Policy</span>
          </CheckboxField>
          {/* New tabs, so reading them does not lose what has been typed here. */}
          <p className="mt-1 pl-6 text-sm text-muted-foreground">
            Read the{' '}
            <a
              href="/terms"
              target="_blank"
              className="font-medium text-primary underline underline-offset-4"
            >
              Terms of Service<span className="sr-only"> (opens in a new tab)</span>
            </a>{' '}
            and the{' '}
            <a
              href="/privacy"
              target="_blank"
              className="font-medium text-primary underline underline-offset-4"
            >
              Privacy Policy<span className="sr-only"> (opens in a new tab)</span>
            </a>
            .
          </p>
        </div>
        {passwordSignUp ? (
          <Button type="submit" className="w-full" disabled={submitting}>
            {submitting ? 'Creating account...' : 'Create account'}
          </Button>
        ) : null}
      </form>
      {providers.length > 0 ? (
        <>
          {passwordSignUp ? (
            <div className="my-4 flex items-center gap-3 text-xs text-muted-foreground" aria-hidden="true">
              <span className="h-px flex-1 bg-border" />
              or
              <span className="h-px flex-1 bg-border" />
            </div>
          ) : (
            <div className="mt-4" />
          )}
          <ProviderButtons
            providers={providers}
            target={target}
            from="/sign-up"
            disabled={submitting}
            beforeStart={termsAcceptedFirst}
            allowedDomains={config.data?.allowedEmailDomains}
          />
        </>
      ) : null}
    </AuthCard>
  );
}
