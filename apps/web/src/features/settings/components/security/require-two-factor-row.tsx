import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { SwitchRow } from '../settings-form-kit';
import { errorMessage, userApi, userQueryKeys } from '../../user-api';

/**
 * The `require_2fa` preference: with it on, every sign-in asks for a code (no trusted devices) and
 * two-factor authentication cannot be turned off until this is turned off. It can only be turned on
 * once 2FA is enabled; the server enforces both rules.
 */
export function RequireTwoFactorRow({ twoFactorEnabled }: { twoFactorEnabled: boolean }) {
  const queryClient = useQueryClient();
  const preferences = useQuery({ queryKey: userQueryKeys.preferences, queryFn: userApi.preferences });
  const save = useMutation({
    mutationFn: (value: boolean) => userApi.setPreference('require_2fa', value),
    onSuccess: (data) => {
      queryClient.setQueryData(userQueryKeys.preferences, data);
      toast.success(
        data.require_2fa
          ? 'Two-factor authentication is now required'
          : 'Two-factor authentication is optional again',
      );
    },
    onError: (error) => toast.error('Failed to save preference', { description: errorMessage(error) }),
  });
  const required = save.isPending ? (save.variables ?? false) : (preferences.data?.require_2fa ?? false);
  return (
    <SwitchRow
      label="Require two-factor authentication"
      description={
        twoFactorEnabled
          ? 'Ask for a code at every sign-in, even on trusted devices, and keep 2FA from being turned off.'
          : 'Enable two-factor authentication first to require it.'
      }
      checked={required}
      disabled={preferences.isPending || save.isPending || (!twoFactorEnabled && !required)}
      onCheckedChange={(value) => save.mutate(value)}
    />
  );
}
