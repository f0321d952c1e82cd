import { LogIn } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { startProviderSignIn } from '@/lib/provider-sign-in';
import { useServerConfig } from '@/lib/server-config';
import { SETTINGS_TOASTS } from '../../messages';
import type { SignInMethods } from '../../user-api';

/** Where a sign-in to confirm it is you comes back to: the Security block. */
export const SIGN_IN_AGAIN_RETURN = '/settings/profile';

/**
 * For an account without a password, the proof that it is its owner is a recent sign-in (ADR 049): a
 * button per linked provider this server still has, which signs in through it again and comes back here.
 */
export function SignInAgain({ methods, action }: { methods: SignInMethods; action: string }) {
  const config = useServerConfig();
  const [leaving, setLeaving] = useState<string | null>(null);
  const configured = config.data?.signInProviders ?? [];
  const providers = configured.filter((provider) =>
    methods.identities.some((identity) => identity.provider === provider.id),
  );

  const signIn = async (provider: (typeof providers)[number]) => {
    setLeaving(provider.id);
    const started = await startProviderSignIn({
      provider: provider.id,
      target: SIGN_IN_AGAIN_RETURN,
      from: '/sign-in',
      signUp: false,
    });
    if (!started.ok) {
      setLeaving(null);
      toast.error(SETTINGS_TOASTS.signInAgainFailed, { description: started.message });
    }
  };

  return (
    <div className="grid gap-3 rounded-lg border bg-muted/40 p-4 text-sm">
      <p>
        Your account has no password, so to {action} please sign in again first. It counts for five minutes,
        then come back here.
      </p>
      {providers.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {providers.map((provider) => (
            <Button
              key={provider.id}
              type="button"
              variant="outline"
              size="sm"
              disabled={leaving !== null}
              onClick={() => void signIn(provider)}
            >
              <LogIn aria-hidden="true" />
              {leaving === provider.id
                ? `Opening ${provider.label}...`
                : `Sign in again with ${provider.label}`}
            </Button>
          ))}
        </div>
      ) : (
        <p className="text-muted-foreground">Sign out, then sign in again with a passkey or your provider.</p>
      )}
    </div>
  );
}
