import { changePasswordSchema, MESSAGES } from '@lodestar/domain';
import { UI_TIMING } from '@lodestar/domain/constants';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent } from 'react';
import { toast } from 'sonner';
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
import { authClient } from '@/lib/auth-client';
import { SETTINGS_TOASTS } from '../../messages';
import { useSessionExpiredHandler } from '@/lib/session';
import { errorMessage, userApi, userQueryKeys } from '../../user-api';
import { firstIssueByField, FormField } from '@/components/form-field';
import { usePasswordForm } from './use-password-form';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
type Errors = Partial<Record<Field, string>>;

const FIELDS: readonly Field[] = ['currentPassword', 'newPassword', 'confirmPassword'];

/** better-auth answers `{ data, error }`; a failure carries a code (INVALID_PASSWORD, PASSWORD_COMPROMISED, …). */
class AuthCallError extends Error {
  constructor(
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Change Password (spec §4, §5): validates with the domain schema, checks the current password with
 * verify-password, then sets the new one through better-auth, signing out every other session.
 */
export function ChangePasswordDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const onSessionExpired = useSessionExpiredHandler();
  const { values, errors, setErrors, busy, setBusy, reset, changeOpen, showErrors, passwordInput } =
    usePasswordForm(FIELDS, onOpenChange);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = changePasswordSchema.safeParse(values);
    if (!parsed.success) {
      showErrors(firstIssueByField(parsed.error.issues) as Errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { valid } = await userApi.verifyPassword(parsed.data.currentPassword);
      if (!valid) {
        setBusy(false);
        showErrors({ currentPassword: MESSAGES.currentPasswordIncorrect });
        return;
      }
      const result = await authClient.changePassword({
        currentPassword: parsed.data.currentPassword,
        newPassword: parsed.data.newPassword,
        revokeOtherSessions: true,
      });
      if (result.error) {
        throw new AuthCallError(
          result.error.code,
          result.error.message ?? SETTINGS_TOASTS.passwordChangeFailed,
        );
      }
      toast.success(SETTINGS_TOASTS.passwordChanged);
      void queryClient.invalidateQueries({ queryKey: userQueryKeys.all });
      reset();
      onOpenChange(false);
    } catch (failure) {
      console.error('Password change failed', failure);
      setBusy(false);
      if (onSessionExpired(failure)) return;
      const code = failure instanceof AuthCallError ? failure.code : undefined;
      if (code === 'INVALID_PASSWORD') {
        showErrors({ currentPassword: MESSAGES.currentPasswordIncorrect });
      } else if (code === 'PASSWORD_COMPROMISED') {
        showErrors({ newPassword: SETTINGS_TOASTS.passwordBreached });
        toast.error(SETTINGS_TOASTS.passwordBreached, { duration: UI_TIMING.breachedPasswordToastMs });
      } else if (code === 'PASSWORD_TOO_WEAK') {
        showErrors({ newPassword: errorMessage(failure) });
      } else {
        toast.error(SETTINGS_TOASTS.passwordChangeFailed, { description: errorMessage(failure) });
      }
    }
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Change Password</DialogTitle>
          <DialogDescription>
            Enter your current password, then choose a new one. Your other devices will be signed out.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
          <FormField label="Current password" error={errors.currentPassword}>
            {passwordInput('currentPassword', 'current-password')}
          </FormField>
          <FormField
            label="New password"
            error={errors.newPassword}
            hint={values.newPassword ? <PasswordStrengthMeter password={values.newPassword} /> : undefined}
          >
            {passwordInput('newPassword', 'new-password')}
          </FormField>
          <FormField label="Confirm new password" error={errors.confirmPassword}>
            {passwordInput('confirmPassword', 'new-password')}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={busy} onClick={() => changeOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Changing...' : 'Change Password'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
