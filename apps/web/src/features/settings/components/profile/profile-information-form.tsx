import { fullNameSchema } from '@lodestar/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { type CurrentUser, SESSION_QUERY_KEY } from '@/lib/session';
import { SETTINGS_TOASTS } from '../../messages';
import { useSessionExpiredHandler } from '@/lib/session';
import { errorMessage, userApi } from '../../user-api';
import { FormField } from '@/components/form-field';
import { SettingsGroup } from '../settings-form-kit';

/**
 * Profile information (spec §2, §4, §5): the full name. Save is disabled while saving or when nothing
 * changed, and reads 'Saving...' while busy.
 */
export function ProfileInformationForm({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const onSessionExpired = useSessionExpiredHandler();
  const [fullName, setFullName] = useState(user.fullName ?? '');
  const [error, setError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  const save = useMutation({
    mutationFn: (name: string) => userApi.updateProfile(name),
    onSuccess: async (_data, name) => {
      toast.success(SETTINGS_TOASTS.profileUpdated);
      setFullName(name);
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
    onError: (failure) => {
      console.error('Profile update failed', failure);
      if (onSessionExpired(failure)) return;
      toast.error(SETTINGS_TOASTS.profileUpdateFailed, { description: errorMessage(failure) });
    },
  });
  const unchanged = fullName.trim() === (user.fullName ?? '').trim();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending || unchanged) return;
    const parsed = fullNameSchema.safeParse(fullName);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      input.current?.focus();
      return;
    }
    setError(undefined);
    save.mutate(parsed.data);
  };

  return (
    <SettingsGroup title="Profile Information" description="The name shown across Lodestar.">
      <form noValidate onSubmit={onSubmit} className="grid gap-4 px-5 py-4 sm:max-w-md">
        <FormField label="Full name" error={error}>
          {(control) => (
            <Input
              {...control}
              ref={input}
              name="fullName"
              autoComplete="name"
              value={fullName}
              onChange={(event) => {
                setFullName(event.target.value);
                if (error) setError(undefined);
              }}
            />
          )}
        </FormField>
        <div>
          <Button type="submit" disabled={save.isPending || unchanged}>
            {save.isPending ? 'Saving...' : 'Save changes'}
          </Button>
        </div>
      </form>
    </SettingsGroup>
  );
}
