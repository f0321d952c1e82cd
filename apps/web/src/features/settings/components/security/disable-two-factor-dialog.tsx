import { passwordPromptSchema } from '@lodestar/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useEffectEvent, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { SESSION_QUERY_KEY } from '@/lib/session';
import { SETTINGS_TOASTS } from '../../messages';
import { useSessionExpiredHandler } from '@/lib/session';
import { ApiError } from '@/lib/api-client';
import { errorMessage, type SignInMethods, userApi, userQueryKeys, verifiedFactors } from '../../user-api';
import { FormField } from '@/components/form-field';
import { SignInAgain } from './sign-in-again';

/**
 * Disable 2FA (spec §4, §5): on open, reads the authenticator factors (none → 'No MFA factors found'
 * and the dialog closes); then the password is checked with verify-password and the factor removed.
 * An account without a password confirms by a recent sign-in instead (ADR 049): no password field, and
 * when the sign-in is not recent, an offer to sign in again through its provider.
 */
export function DisableTwoFactorDialog({
  open,
  onOpenChange,
  methods,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The account's sign-in methods; without a password, a recent sign-in confirms. */
  methods?: SignInMethods;
}) {
  const passwordless = methods?.hasPassword === false;
  const queryClient = useQueryClient();
  const onSessionExpired = useSessionExpiredHandler();
  const [factorId, setFactorId] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [stale, setStale] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const needsSignIn = passwordless && (stale || !methods.signedInRecently);

  const reset = () => {
    setFactorId(null);
    setPassword('');
    setError(undefined);
    setBusy(false);
    setStale(false);
  };
  const close = () => {
    reset();
    onOpenChange(false);
  };

  const onFactors = useEffectEvent((found: string | null, failure?: unknown) => {
    if (found) {
      setFactorId(found);
      return;
    }
    if (failure !== undefined) {
      console.error('Could not read the MFA factors', failure);
      if (!onSessionExpired(failure)) {
        toast.error(SETTINGS_TOASTS.factorsFetchFailed, { description: errorMessage(failure) });
      }
    } else {
      toast.error(SETTINGS_TOASTS.noFactors);
    }
    close();
  });

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    queryClient
      .fetchQuery({
        queryKey: userQueryKeys.mfaFactors,
        queryFn: userApi.mfaFactors,
        staleTime: 0,
        retry: false,
      })
      .then(
        (factors) => {
          if (!cancelled) onFactors(verifiedFactors(factors)[0]?.id ?? null);
        },
        (failure: unknown) => {
          if (!cancelled) onFactors(null, failure);
        },
      );
    return () => {
      cancelled = true;
    };
  }, [open, queryClient]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !factorId || needsSignIn) return;
    if (passwordless) {
      setBusy(true);
      await removeFactor(factorId);
      return;
    }
    const parsed = passwordPromptSchema.safeParse(password);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      input.current?.focus();
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const { valid } = await userApi.verifyPassword(password);
      if (!valid) {
        toast.error(SETTINGS_TOASTS.incorrectPassword);
        setPassword('');
        setBusy(false);
        input.current?.focus();
        return;
      }
    } catch (failure) {
      failed(failure);
      return;
    }
    await removeFactor(factorId);
  };

  function failed(failure: unknown) {
    console.error('Disabling 2FA failed', failure);
    setBusy(false);
    if (onSessionExpired(failure)) return;
    // Without a password: the sign-in is no longer recent enough.
    if (passwordless && failure instanceof ApiError && failure.status === 403) {
      setStale(true);
      return;
    }
    toast.error(SETTINGS_TOASTS.twoFactorDisableFailed, { description: errorMessage(failure) });
  }

  async function removeFactor(id: string) {
    try {
      await userApi.unenrollMfa(id);
      toast.success(SETTINGS_TOASTS.twoFactorDisabled);
      void queryClient.invalidateQueries({ queryKey: userQueryKeys.all });
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      close();
    } catch (failure) {
      failed(failure);
    }
  }

  const loading = open && !factorId;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) onOpenChange(true);
        else if (!busy) close();
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Disable Two-Factor Authentication</DialogTitle>
          <DialogDescription>
            {passwordless
              ? 'Signing in will need only your provider.'
              : 'Signing in will need only your password. Enter it to confirm.'}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
          {loading ? (
            <div role="status" aria-label="Loading your authenticator" className="grid gap-2">
              <Skeleton className="h-4 w-20" />
              <Skeleton className="h-10 w-full" />
            </div>
          ) : needsSignIn ? (
            <SignInAgain methods={methods} action="turn two-factor authentication off" />
          ) : passwordless ? null : (
            <FormField label="Password" error={error}>
              {(control) => (
                <Input
                  {...control}
                  ref={input}
                  type="password"
                  name="password"
                  autoComplete="current-password"
                  autoFocus
                  value={password}
                  readOnly={busy}
                  onChange={(event) => {
                    setPassword(event.target.value);
                    if (error) setError(undefined);
                  }}
                />
              )}
            </FormField>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={busy} onClick={close}>
              Cancel
            </Button>
            {needsSignIn ? null : (
              <Button
                type="submit"
                variant="destructive"
                disabled={loading || busy || (!passwordless && password.length === 0)}
              >
                {busy ? 'Disabling...' : 'Disable 2FA'}
              </Button>
            )}
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
