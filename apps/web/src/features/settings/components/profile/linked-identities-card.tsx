import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, Link2, Unlink } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
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
import { useServerConfig } from '@/lib/server-config';
import { leavePage } from '@/lib/leave-page';
import { providerErrorMessage } from '@/lib/provider-errors';
import { useSettingsDates } from '../../format';
import { errorMessage, type LinkedIdentity, userApi, userQueryKeys } from '../../user-api';
import { CardEmpty, CardError, CardLoading } from '../card-states';
import { SettingsGroup } from '../settings-form-kit';

const LINK_FAILED = 'Could not link the provider';

function UnlinkButton({ identity }: { identity: LinkedIdentity }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const unlink = useMutation({
    mutationFn: () => userApi.unlinkIdentity(identity.id),
    onSuccess: () => {
      toast.success(`${identity.providerLabel} unlinked`);
      void queryClient.invalidateQueries({ queryKey: userQueryKeys.all });
      setOpen(false);
    },
    onError: (failure) => {
      toast.error(`Could not unlink ${identity.providerLabel}`, { description: errorMessage(failure) });
      setOpen(false);
    },
  });
  const who = identity.email ? `${identity.providerLabel} (${identity.email})` : identity.providerLabel;
  return (
    <AlertDialog open={open} onOpenChange={(next) => !unlink.isPending && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Unlink ${who}`}>
          <Unlink aria-hidden="true" />
          <span className="max-sm:sr-only">Unlink</span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Unlink {identity.providerLabel}?</AlertDialogTitle>
          <AlertDialogDescription>
            {who} will no longer sign you in to Lodestar. You can link it again later.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={unlink.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={unlink.isPending}
            onClick={(event) => {
              event.preventDefault();
              unlink.mutate();
            }}
          >
            {unlink.isPending ? 'Unlinking...' : 'Unlink'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/**
 * Sign-in providers linked to this account (Google, GitHub, Apple, the server's single sign-on): each with
 * the address the provider gave and when it was linked; link another, unlink one (never the last way in).
 */
export function LinkedIdentitiesCard() {
  const dates = useSettingsDates();
  const config = useServerConfig();
  const identities = useQuery({ queryKey: userQueryKeys.identities, queryFn: userApi.identities });
  const [searchParams, setSearchParams] = useSearchParams();
  const [leaving, setLeaving] = useState<string | null>(null);
  const providers = config.data?.signInProviders ?? [];

  // Back from a provider that could not link (`?error=`): say why once, then drop it from the address.
  const failure = searchParams.get('error');
  useEffect(() => {
    if (!failure) return;
    toast.error(LINK_FAILED, { description: providerErrorMessage(failure) });
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('error');
        next.delete('error_description');
        return next;
      },
      { replace: true },
    );
  }, [failure, setSearchParams]);

  const link = useMutation({
    mutationFn: (provider: (typeof providers)[number]) => userApi.authorizeIdentity(provider.id),
    onMutate: (provider) => setLeaving(provider.id),
    onSuccess: ({ url }) => leavePage.to(url),
    onError: (error) => {
      setLeaving(null);
      toast.error(LINK_FAILED, { description: errorMessage(error) });
    },
  });

  // Nothing to show on a server without providers and an account without identities.
  if (providers.length === 0 && (identities.data?.identities.length ?? 0) === 0) return null;

  return (
    <SettingsGroup
      title="Sign-in providers"
      description="Accounts at other services that sign you in to Lodestar."
    >
      {identities.isPending ? (
        <CardLoading label="Loading sign-in providers" rows={1} />
      ) : identities.isError ? (
        <CardError
          title="Failed to load sign-in providers"
          error={identities.error}
          onRetry={() => void identities.refetch()}
          retrying={identities.isFetching}
        />
      ) : identities.data.identities.length === 0 ? (
        <CardEmpty icon={KeyRound}>No sign-in providers linked yet.</CardEmpty>
      ) : (
        <ul aria-label="Linked sign-in providers" className="divide-y">
          {identities.data.identities.map((identity) => (
            <li key={identity.id} className="flex items-center justify-between gap-3 px-5 py-3">
              <div className="flex min-w-0 items-center gap-3">
                <KeyRound aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium">{identity.providerLabel}</p>
                  <p className="truncate text-sm text-muted-foreground">
                    {identity.email ? `${identity.email} · ` : ''}
                    Linked <time dateTime={identity.createdAt}>{dates.date(identity.createdAt)}</time>
                  </p>
                </div>
              </div>
              <UnlinkButton identity={identity} />
            </li>
          ))}
        </ul>
      )}
      {providers.length > 0 ? (
        <div className="flex flex-wrap gap-2 border-t px-5 py-4">
          {providers.map((provider) => (
            <Button
              key={provider.id}
              variant="outline"
              size="sm"
              disabled={leaving !== null}
              onClick={() => link.mutate(provider)}
            >
              <Link2 aria-hidden="true" />
              {leaving === provider.id ? `Opening ${provider.label}...` : `Link ${provider.label}`}
            </Button>
          ))}
        </div>
      ) : null}
    </SettingsGroup>
  );
}
