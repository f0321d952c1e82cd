import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { tooManyAttemptsMessage } from '../auth-errors';
import { providerErrorMessage, startProviderSignIn, type SignInProvider } from '@/lib/provider-sign-in';

/**
 * "Continue with …" for each identity provider the server has configured (none: nothing is shown).
 * On the sign-up screen `beforeStart` checks the terms box first; nothing is created until then.
 */
export function ProviderButtons({
  providers,
  target,
  from,
  disabled,
  beforeStart,
  allowedDomains,
}: {
  providers: SignInProvider[];
  target: string;
  from: '/sign-in' | '/sign-up';
  disabled?: boolean;
  beforeStart?: () => boolean;
  allowedDomains?: string[];
}) {
  const [leaving, setLeaving] = useState<string | null>(null);
  if (providers.length === 0) return null;

  async function start(provider: SignInProvider) {
    if (leaving) return;
    if (beforeStart && !beforeStart()) return;
    setLeaving(provider.id);
    try {
      const result = await startProviderSignIn({
        provider: provider.id,
        target,
        from,
        signUp: from === '/sign-up',
      });
      if (!result.ok) {
        setLeaving(null);
        toast.error(`Could not continue with ${provider.label}`, {
          description:
            result.status === 429
              ? tooManyAttemptsMessage(undefined)
              : providerErrorMessage(result.code ?? '', allowedDomains),
        });
      }
    } catch {
      setLeaving(null);
      toast.error(`Could not continue with ${provider.label}`, {
        description: providerErrorMessage('', allowedDomains),
      });
    }
  }

  return (
    <div className="grid gap-2" role="group" aria-label="Sign-in providers">
      {providers.map((provider) => (
        <Button
          key={provider.id}
          type="button"
          variant="outline"
          className="w-full"
          disabled={disabled || leaving !== null}
          onClick={() => void start(provider)}
        >
          <KeyRound aria-hidden="true" />
          {leaving === provider.id ? `Opening ${provider.label}...` : `Continue with ${provider.label}`}
        </Button>
      ))}
    </div>
  );
}

/** The `?error=` a provider flow came back with, as an alert above the form. */
export function ProviderError({ code, allowedDomains }: { code: string | null; allowedDomains?: string[] }) {
  if (!code) return null;
  return (
    <div role="alert" className="mb-4 rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm">
      {providerErrorMessage(code, allowedDomains)}
    </div>
  );
}
