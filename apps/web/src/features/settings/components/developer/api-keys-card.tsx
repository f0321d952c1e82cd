import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BookOpen, Info, KeyRound } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { errorMessage } from '@/lib/api-client';
import { useSessionExpiredHandler } from '@/lib/session';
import {
  API_DOCS_PATH,
  type ApiKey,
  developerApi,
  developerQueryKeys,
  isPublicApiOff,
  PUBLIC_API_OFF_MESSAGE,
} from '../../developer-api';
import { useSettingsDates } from '../../format';
import { CardEmpty, CardError, CardLoading } from '../card-states';
import { ConfirmActionDialog } from '../confirm-action-dialog';
import { SettingsGroup } from '../settings-form-kit';
import { API_KEY_TOASTS, CreateApiKeyDialog, SCOPE_LABELS } from './create-api-key-dialog';

/** Whether a key has passed its expiry at `now`. */
export function isExpired(key: Pick<ApiKey, 'expiresAt'>, now: number = Date.now()): boolean {
  return key.expiresAt !== null && Date.parse(key.expiresAt) <= now;
}

function RevokeApiKey({ apiKey }: { apiKey: ApiKey }) {
  const queryClient = useQueryClient();
  const onSessionExpired = useSessionExpiredHandler();
  const revoke = async () => {
    try {
      await developerApi.revokeApiKey(apiKey.id);
      toast.success(API_KEY_TOASTS.revoked);
      await queryClient.invalidateQueries({ queryKey: developerQueryKeys.apiKeys });
      return true;
    } catch (failure) {
      console.error('Revoking an API key failed', failure);
      if (!onSessionExpired(failure)) {
        toast.error(API_KEY_TOASTS.revokeFailed, { description: errorMessage(failure) });
      }
      return false;
    }
  };
  return (
    <ConfirmActionDialog
      trigger="Revoke"
      triggerSize="sm"
      triggerLabel={`Revoke API key ${apiKey.name}`}
      title={`Revoke “${apiKey.name}”?`}
      description="Programs using this key stop working at once. The key stays in the list as revoked; this cannot be undone."
      confirmLabel="Revoke Key"
      busyLabel="Revoking..."
      onConfirm={revoke}
    />
  );
}

function When({ iso, relative }: { iso: string; relative?: boolean }) {
  const dates = useSettingsDates();
  return (
    <time dateTime={iso} title={dates.dateTime(iso)}>
      {relative ? dates.relative(iso) : dates.date(iso)}
    </time>
  );
}

function ApiKeyRow({ apiKey }: { apiKey: ApiKey }) {
  const revoked = apiKey.revokedAt !== null;
  const expired = !revoked && isExpired(apiKey);
  return (
    <li className="flex flex-col gap-3 px-5 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 gap-3">
        <KeyRound aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <div className="min-w-0 space-y-0.5">
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
            <span className="break-words">{apiKey.name}</span>
            <Badge variant="outline">{SCOPE_LABELS[apiKey.scope] ?? apiKey.scope}</Badge>
            {revoked ? <Badge variant="destructive">Revoked</Badge> : null}
            {expired ? <Badge variant="warning">Expired</Badge> : null}
          </p>
          <p className="font-mono text-sm text-muted-foreground">{`${apiKey.prefix}…`}</p>
          <p className="text-sm text-muted-foreground">
            Created <When iso={apiKey.createdAt} /> · {expired ? 'Expired' : 'Expires'}{' '}
            {apiKey.expiresAt ? <When iso={apiKey.expiresAt} /> : 'Never'} · Last used{' '}
            {apiKey.lastUsedAt ? <When iso={apiKey.lastUsedAt} relative /> : 'Never'}
            {revoked && apiKey.revokedAt ? (
              <>
                {' '}
                · Revoked <When iso={apiKey.revokedAt} />
              </>
            ) : null}
          </p>
        </div>
      </div>
      {revoked ? null : (
        <div className="shrink-0 self-start sm:self-auto">
          <RevokeApiKey apiKey={apiKey} />
        </div>
      )}
    </li>
  );
}

/** Shown instead of the keys while the server runs without the public API: a setting, not a failure. */
function PublicApiOffNotice() {
  return (
    <div role="status" className="flex gap-3 px-5 py-4 text-sm">
      <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
      <div className="space-y-1">
        <p className="font-medium">{PUBLIC_API_OFF_MESSAGE}</p>
        <p className="text-muted-foreground">
          API keys can be created and used only while the public API is on. Whoever runs this server turns it
          on by setting{' '}
          <code className="rounded bg-muted px-1 py-0.5 font-mono text-foreground">
            FEATURE_PUBLIC_API=true
          </code>{' '}
          in its environment and restarting it.
        </p>
      </div>
    </div>
  );
}

function ApiDocsRow() {
  return (
    <div className="flex items-center gap-3 px-5 py-3 text-sm">
      <BookOpen aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
      <p>
        <a href={API_DOCS_PATH} className="font-medium text-primary underline underline-offset-4">
          API documentation
        </a>
        <span className="text-muted-foreground"> — every endpoint, with examples you can try.</span>
      </p>
    </div>
  );
}

/** API keys (docs/settings-api.md): list, create (secret shown once), revoke. */
export function ApiKeysCard() {
  const keys = useQuery({ queryKey: developerQueryKeys.apiKeys, queryFn: developerApi.listApiKeys });
  const off = keys.isError && isPublicApiOff(keys.error);
  return (
    <SettingsGroup
      title="API keys"
      description="Keys let your own scripts and tools use the API. Each is read only or read & write."
    >
      {keys.isSuccess ? (
        <div className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">
            Treat a key like a password: anyone with it can use it.
          </p>
          <div className="shrink-0">
            <CreateApiKeyDialog />
          </div>
        </div>
      ) : null}
      {keys.isPending ? (
        <CardLoading label="Loading API keys" rows={2} />
      ) : off ? (
        <PublicApiOffNotice />
      ) : keys.isError ? (
        <CardError
          title="Failed to load API keys"
          error={keys.error}
          onRetry={() => void keys.refetch()}
          retrying={keys.isFetching}
        />
      ) : keys.data.length === 0 ? (
        <CardEmpty icon={KeyRound}>No API keys yet</CardEmpty>
      ) : (
        <ul aria-label="API keys" className="divide-y">
          {keys.data.map((apiKey) => (
            <ApiKeyRow key={apiKey.id} apiKey={apiKey} />
          ))}
        </ul>
      )}
      <ApiDocsRow />
    </SettingsGroup>
  );
}
