import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Laptop, Monitor, Smartphone, Tablet } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useSettingsDates } from '../../format';
import { SETTINGS_TOASTS } from '../../messages';
import { useSessionExpiredHandler } from '@/lib/session';
import { errorMessage, userApi, userQueryKeys, type UserSession } from '../../user-api';
import { CardEmpty, CardError, CardLoading } from '../card-states';
import { SettingsGroup } from '../settings-form-kit';

function deviceIcon(device: string | null) {
  const kind = (device ?? '').toLowerCase();
  if (kind.includes('mobile') || kind.includes('phone')) return Smartphone;
  if (kind.includes('tablet')) return Tablet;
  if (kind.includes('laptop')) return Laptop;
  return Monitor;
}

/** 'Firefox on macOS' from what the server recognised; falls back to whatever is known. */
export function sessionTitle(session: Pick<UserSession, 'browser' | 'os' | 'device'>): string {
  if (session.browser && session.os) return `${session.browser} on ${session.os}`;
  return session.browser || session.os || session.device || 'Unknown device';
}

/** Current session first, then the most recently active. */
function ordered(sessions: readonly UserSession[]): UserSession[] {
  const time = (session: UserSession) => Date.parse(session.lastActiveAt ?? session.createdAt) || 0;
  return [...sessions].sort((a, b) => Number(b.current) - Number(a.current) || time(b) - time(a));
}

function RevokeButton({ session }: { session: UserSession }) {
  const queryClient = useQueryClient();
  const onSessionExpired = useSessionExpiredHandler();
  const revoke = useMutation({
    mutationFn: () => userApi.revokeSession(session.id),
    onSuccess: () => {
      toast.success(SETTINGS_TOASTS.sessionRevoked);
      void queryClient.invalidateQueries({ queryKey: userQueryKeys.all });
    },
    onError: (failure) => {
      console.error('Revoking a session failed', failure);
      if (onSessionExpired(failure)) return;
      toast.error(SETTINGS_TOASTS.sessionRevokeFailed, { description: errorMessage(failure) });
    },
  });
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={revoke.isPending}
      aria-label={`Revoke session: ${sessionTitle(session)}`}
      onClick={() => revoke.mutate()}
    >
      {revoke.isPending ? 'Revoking...' : 'Revoke'}
    </Button>
  );
}

/** Active sessions: every device signed in to this account, with a way to sign one out. */
export function SessionsCard() {
  const dates = useSettingsDates();
  const sessions = useQuery({ queryKey: userQueryKeys.sessions, queryFn: userApi.sessions });
  return (
    <SettingsGroup
      title="Active sessions"
      description="Devices signed in to your account. Revoke any you do not recognise, then change your password."
    >
      {sessions.isPending ? (
        <CardLoading label="Loading sessions" rows={2} />
      ) : sessions.isError ? (
        <CardError
          title="Failed to load sessions"
          error={sessions.error}
          onRetry={() => void sessions.refetch()}
          retrying={sessions.isFetching}
        />
      ) : sessions.data.length === 0 ? (
        <CardEmpty icon={Monitor}>No active sessions.</CardEmpty>
      ) : (
        <ul aria-label="Active sessions" className="divide-y">
          {ordered(sessions.data).map((session) => {
            const Icon = deviceIcon(session.device);
            const lastActive = session.lastActiveAt ?? session.createdAt;
            return (
              <li
                key={session.id}
                className="flex flex-col gap-3 px-5 py-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="flex min-w-0 gap-3">
                  <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                      <span className="break-words">{sessionTitle(session)}</span>
                      {session.current ? (
                        <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-medium text-accent-foreground">
                          This device
                        </span>
                      ) : null}
                    </p>
                    <p className="text-sm text-muted-foreground">
                      {[session.device, session.ipAddress ? `IP ${session.ipAddress}` : null]
                        .filter(Boolean)
                        .join(' · ') || 'Unknown location'}
                    </p>
                    <p className="text-sm text-muted-foreground">
                      Last active{' '}
                      <time dateTime={lastActive} title={dates.dateTime(lastActive)}>
                        {dates.relative(lastActive)}
                      </time>
                    </p>
                  </div>
                </div>
                {session.current ? null : (
                  <div className="shrink-0 self-start sm:self-auto">
                    <RevokeButton session={session} />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </SettingsGroup>
  );
}
