import { UI_TIMING } from '@lodestar/domain/constants';
import { useQueryClient } from '@tanstack/react-query';
import { ArchiveRestore, Download, LogOut, Trash2, Unplug } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
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
import { Input } from '@/components/ui/input';
import { type CurrentUser, endSession } from '@/lib/session';
import { SETTINGS_TOASTS } from '../../messages';
import { Highlight } from '../../search';
import { userApi } from '../../user-api';
import { FormField } from '@/components/form-field';
import { SettingsGroup } from '../settings-form-kit';
import { ConfirmActionDialog } from '../confirm-action-dialog';
import { SignedInOnly } from '../signed-in-only';
import { DisconnectAll, ExportData } from './data-actions';
import { RestoreFromExport } from './restore-from-export';

/** The word that confirms deletion (the account's email works too). */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

/** Whether the typed text confirms deleting the account: DELETE, or the account's email (any case). */
export function confirmsDeletion(typed: string, email: string): boolean {
  const text = typed.trim();
  return (
    text === DELETE_CONFIRMATION_WORD || (email !== '' && text.toLowerCase() === email.trim().toLowerCase())
  );
}

function DangerRow({
  icon,
  title,
  description,
  action,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  action: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 gap-3">
        <span className="mt-0.5 shrink-0 text-destructive">{icon}</span>
        <div className="min-w-0">
          <p className="text-sm font-medium">
            <Highlight text={title} />
          </p>
          <p className="mt-0.5 text-sm text-muted-foreground">
            <Highlight text={description} />
          </p>
        </div>
      </div>
      <div className="shrink-0">{action}</div>
    </div>
  );
}

function SignOutEverywhere() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signOutEverywhere = async () => {
    try {
      await userApi.revokeAllSessions();
      toast.success(SETTINGS_TOASTS.signedOut);
      endSession(queryClient);
      await navigate('/sign-in', { replace: true });
      return true;
    } catch (failure) {
      console.error('Signing out of all sessions failed', failure);
      toast.error(SETTINGS_TOASTS.signOutFailed);
      return false;
    }
  };
  return (
    <ConfirmActionDialog
      trigger="Sign Out All Sessions"
      title="Sign out of all sessions?"
      description="Every device signed in to your account is signed out, this one included. You will need to sign in again."
      confirmLabel="Sign Out All Sessions"
      busyLabel="Signing Out..."
      onConfirm={signOutEverywhere}
    />
  );
}

function DeleteAccount({ user, onDeleted }: { user: CurrentUser; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [typed, setTyped] = useState('');
  const confirmed = confirmsDeletion(typed, user.email);

  const run = async () => {
    if (busy || !confirmed) return;
    setBusy(true);
    try {
      await userApi.deleteAccount();
      toast.success(SETTINGS_TOASTS.accountDeleted, {
        description: SETTINGS_TOASTS.accountDeletedDescription,
      });
      onDeleted();
    } catch (failure) {
      // Spec §8: a fixed message, whatever the server said.
      console.error('Deleting the account failed', failure);
      toast.error(SETTINGS_TOASTS.accountDeleteFailed);
      setBusy(false);
    }
  };

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        if (!next) setTyped('');
        setOpen(next);
      }}
    >
      <AlertDialogTrigger asChild>
        <Button variant="destructive">Delete Account</Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete your account?</AlertDialogTitle>
          <AlertDialogDescription>
            This permanently deletes your account and everything in it: connected accounts, transactions,
            preferences and security settings. It cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void run();
          }}
        >
          <FormField
            label={`Type ${DELETE_CONFIRMATION_WORD} or your email to confirm`}
            hint={<p className="text-xs text-muted-foreground">Your email is {user.email}.</p>}
          >
            {(control) => (
              <Input
                {...control}
                name="confirmDeletion"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                value={typed}
                readOnly={busy}
                onChange={(event) => setTyped(event.target.value)}
              />
            )}
          </FormField>
        </form>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={busy || !confirmed}
            onClick={(event) => {
              event.preventDefault();
              void run();
            }}
          >
            {busy ? 'Deleting...' : 'Delete Account'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** After deletion: the cache is cleared and, 2 seconds later (spec §9), the homepage opens. */
function useFarewell() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [deleted, setDeleted] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onDeleted = () => {
    setDeleted(true);
    queryClient.clear();
    timer.current = setTimeout(() => void navigate('/', { replace: true }), UI_TIMING.deletionRedirectMs);
  };
  return { deleted, onDeleted };
}

/** Spec §2 danger zone: four confirmations for irreversible actions, and restore from an export. */
export function DangerZone() {
  const farewell = useFarewell();
  if (farewell.deleted) {
    return (
      <p role="status" className="rounded-lg border bg-card px-5 py-4 text-sm">
        Your account has been deleted. Taking you to the homepage…
      </p>
    );
  }
  return (
    <SignedInOnly returnTo="/settings/danger">
      {(user) => (
        <div className="space-y-6">
          <SettingsGroup title="Irreversible actions" description="Each asks you to confirm first.">
            <DangerRow
              icon={<LogOut aria-hidden="true" className="size-5" />}
              title="Sign out of all sessions"
              description="Sign out everywhere, including this device."
              action={<SignOutEverywhere />}
            />
            <DangerRow
              icon={<Download aria-hidden="true" className="size-5" />}
              title="Request data export"
              description="A copy of your data: a JSON file of everything, and a CSV file of your transactions."
              action={<ExportData />}
            />
            <DangerRow
              icon={<Unplug aria-hidden="true" className="size-5" />}
              title="Disconnect all accounts"
              description="Remove every bank, exchange and wallet connection. Your transaction history is kept."
              action={<DisconnectAll />}
            />
            <DangerRow
              icon={<Trash2 aria-hidden="true" className="size-5" />}
              title="Delete account"
              description="Permanently delete your account and all of its data."
              action={<DeleteAccount user={user} onDeleted={farewell.onDeleted} />}
            />
          </SettingsGroup>
          <SettingsGroup
            title="Restore from an export"
            description="Bring a data export back into an account that has no data yet, for example after moving to a new server."
          >
            <DangerRow
              icon={<ArchiveRestore aria-hidden="true" className="size-5" />}
              title="Restore data"
              description="Choose the JSON file of a data export, of any size. For a file up to 100 MB you see what it holds before anything is restored."
              action={<RestoreFromExport />}
            />
          </SettingsGroup>
        </div>
      )}
    </SignedInOnly>
  );
}
