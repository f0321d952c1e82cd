import { resetPasswordSchema } from '@lodestar/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { firstIssueByField, FormField } from '@/components/form-field';
import { PasswordStrengthMeter } from '@/components/password-strength-meter';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import { useSessionExpiredHandler } from '@/lib/session';
import { SETTINGS_TOASTS } from '../../messages';
import { errorMessage, type SignInMethods, userApi, userQueryKeys } from '../../user-api';
import { SignInAgain } from './sign-in-again';
import { usePasswordForm } from './use-password-form';

type Field = 'password' | 'confirmPassword';
type Errors = Partial<Record<Field, string>>;

const FIELDS: readonly Field[] = ['password', 'confirmPassword'];

/**
 * Set a Password, for an account that signs in through a provider only (ADR 049): a new password and
 * its confirmation, checked by the same rules as a changed one. The server asks for a recent sign-in
 * instead of a current password; without one, the dialog offers to sign in again first.
 */
export function SetPasswordDialog({
  open,
  onOpenChange,
  methods,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  methods: SignInMethods;
}) {
  const queryClient = useQueryClient();
  const onSessionExpired = useSessionExpiredHandler();
  const [stale, setStale] = useState(false);
  const { values, errors, busy, setBusy, reset, changeOpen, showErrors, passwordInput } = usePasswordForm(
    FIELDS,
    onOpenChange,
    () => setStale(false),
  );
  const needsSignIn = stale || !methods.signedInRecently;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || needsSignIn) return;
    const parsed = resetPasswordSchema.safeParse(values);
    if (!parsed.success) {
      showErrors(firstIssueByField(parsed.error.issues) as Errors);
      return;
    }
    setBusy(true);
    try {
      await userApi.setPassword(parsed.data.password);
      toast.success(SETTINGS_TOASTS.passwordSet);
      void queryClient.invalidateQueries({ queryKey: userQueryKeys.all });
      reset();
      onOpenChange(false);
    } catch (failure) {
      console.error('Setting a password failed', failure);
      setBusy(false);
      if (onSessionExpired(failure)) return;
      if (failure instanceof ApiError && failure.status === 403) {
        setStale(true);
        return;
      }
      if (failure instanceof ApiError && failure.code === 'VALIDATION_FAILED') {
        showErrors({ password: errorMessage(failure) });
        return;
      }
      toast.error(SETTINGS_TOASTS.passwordSetFailed, { description: errorMessage(failure) });
    }
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Set a Password</DialogTitle>
          <DialogDescription>
            You sign in through a provider. A password lets you also sign in with your email address.
          </DialogDescription>
        </DialogHeader>
        {needsSignIn ? (
          <>
            <SignInAgain methods={methods} action="set a password" />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => changeOpen(false)}>
                Cancel
              </Button>
            </DialogFooter>
          </>
        ) : (
          <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
            <FormField
              label="New password"
              error={errors.password}
              hint={values.password ? <PasswordStrengthMeter password={values.password} /> : undefined}
            >
              {passwordInput('password')}
            </FormField>
            <FormField label="Confirm new password" error={errors.confirmPassword}>
              {passwordInput('confirmPassword')}
            </FormField>
            <DialogFooter>
              <Button type="button" variant="outline" disabled={busy} onClick={() => changeOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? 'Setting...' : 'Set Password'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
