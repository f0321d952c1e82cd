import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fingerprint, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
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
import { authClient } from '@/lib/auth-client';
import { useSettingsDates } from '../../format';
import { SETTINGS_TOASTS } from '../../messages';
import { errorMessage, userQueryKeys } from '../../user-api';
import { FormField } from '@/components/form-field';
import { SettingsGroup } from '../settings-form-kit';
import { CardEmpty, CardError, CardLoading } from '../card-states';

export type Passkey = { id: string; name: string | null; createdAt: string };

const PASSKEY_NAME_MAX = 50;

/** better-auth answers `{ data, error }` instead of throwing; turn an error into a thrown Error. */
function unwrap<T>(result: { data: T | null; error: { message?: string } | null }, fallback: string): T {
  if (result.error) throw new Error(result.error.message || fallback);
  return result.data as T;
}

async function listPasskeys(): Promise<Passkey[]> {
  const data = unwrap(await authClient.passkey.listUserPasskeys(), 'Failed to load passkeys');
  return (Array.isArray(data) ? data : []).map((passkey) => ({
    id: String(passkey.id),
    name: passkey.name ?? null,
    createdAt: new Date(passkey.createdAt).toISOString(),
  }));
}

/** Whether this browser can create passkeys (WebAuthn). */
export function supportsPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential !== 'undefined';
}

function AddPasskeyDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const add = useMutation({
    mutationFn: async (passkeyName: string) =>
      unwrap(
        await authClient.passkey.addPasskey(passkeyName ? { name: passkeyName } : undefined),
        SETTINGS_TOASTS.passkeyAddFailed,
      ),
    onSuccess: () => {
      toast.success(SETTINGS_TOASTS.passkeyAdded);
      void queryClient.invalidateQueries({ queryKey: userQueryKeys.all });
      setName('');
      onOpenChange(false);
    },
    onError: (failure) => {
      console.error('Adding a passkey failed', failure);
      toast.error(SETTINGS_TOASTS.passkeyAddFailed, { description: errorMessage(failure) });
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!add.isPending) add.mutate(name.trim());
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (add.isPending) return;
        if (!next) setName('');
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add a passkey</DialogTitle>
          <DialogDescription>
            Your browser or password manager will ask you to create it. A name helps you tell your passkeys
            apart.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormField label="Name (optional)">
            {(control) => (
              <Input
                {...control}
                name="passkeyName"
                placeholder="e.g. Work laptop"
                maxLength={PASSKEY_NAME_MAX}
                autoComplete="off"
                value={name}
                readOnly={add.isPending}
                onChange={(event) => setName(event.target.value)}
              />
            )}
          </FormField>
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              disabled={add.isPending}
              onClick={() => onOpenChange(false)}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? 'Waiting for your device...' : 'Create passkey'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function DeletePasskeyButton({ passkey }: { passkey: Passkey }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const label = passkey.name || 'Unnamed passkey';
  const remove = useMutation({
    mutationFn: async () =>
      unwrap(await authClient.passkey.deletePasskey({ id: passkey.id }), SETTINGS_TOASTS.passkeyDeleteFailed),
    onSuccess: () => {
      toast.success(SETTINGS_TOASTS.passkeyDeleted);
      void queryClient.invalidateQueries({ queryKey: userQueryKeys.all });
      setOpen(false);
    },
    onError: (failure) => {
      console.error('Deleting a passkey failed', failure);
      toast.error(SETTINGS_TOASTS.passkeyDeleteFailed, { description: errorMessage(failure) });
    },
  });
  return (
    <AlertDialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Delete passkey ${label}`}>
          <Trash2 aria-hidden="true" />
          <span className="max-sm:sr-only">Delete</span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete this passkey?</AlertDialogTitle>
          <AlertDialogDescription>
            “{label}” will no longer sign you in. You can add it again later.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={remove.isPending}
            onClick={(event) => {
              event.preventDefault();
              remove.mutate();
            }}
          >
            {remove.isPending ? 'Deleting...' : 'Delete passkey'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** Passkeys: sign in with the device's screen lock or a security key instead of a password. */
export function PasskeysCard() {
  const dates = useSettingsDates();
  const passkeys = useQuery({ queryKey: userQueryKeys.passkeys, queryFn: listPasskeys });
  const [adding, setAdding] = useState(false);
  const supported = supportsPasskeys();
  return (
    <SettingsGroup
      title="Passkeys"
      description="Sign in with your fingerprint, face, screen lock or a security key instead of a password."
    >
      <div className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
        {supported ? (
          <>
            <p className="text-sm text-muted-foreground">
              A passkey counts as both your password and your second factor.
            </p>
            <Button
              variant="outline"
              size="sm"
              className="self-start sm:self-auto"
              onClick={() => setAdding(true)}
            >
              <Plus aria-hidden="true" />
              Add a passkey
            </Button>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">
            This browser does not support passkeys, so one cannot be added here. Passkeys added on another
            device are listed below and can be deleted.
          </p>
        )}
      </div>
      {passkeys.isPending ? (
        <CardLoading label="Loading passkeys" rows={2} />
      ) : passkeys.isError ? (
        <CardError
          title="Failed to load passkeys"
          error={passkeys.error}
          onRetry={() => void passkeys.refetch()}
          retrying={passkeys.isFetching}
        />
      ) : passkeys.data.length === 0 ? (
        <CardEmpty icon={Fingerprint}>No passkeys yet.</CardEmpty>
      ) : (
        <ul aria-label="Your passkeys" className="divide-y">
          {passkeys.data.map((passkey) => (
            <li key={passkey.id} className="flex items-center justify-between gap-3 px-5 py-3">
              <div className="flex min-w-0 items-center gap-3">
                <Fingerprint aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium">{passkey.name || 'Unnamed passkey'}</p>
                  <p className="text-sm text-muted-foreground">
                    Added <time dateTime={passkey.createdAt}>{dates.date(passkey.createdAt)}</time>
                  </p>
                </div>
              </div>
              <DeletePasskeyButton passkey={passkey} />
            </li>
          ))}
        </ul>
      )}
      {supported ? <AddPasskeyDialog open={adding} onOpenChange={setAdding} /> : null}
    </SettingsGroup>
  );
}
