import { useQuery } from '@tanstack/react-query';
import { Activity, ShieldAlert, ShieldCheck } from 'lucide-react';
import { cn } from '@/lib/utils';
import { useSettingsDates } from '../../format';
import { type AuditEventType, userApi, userQueryKeys } from '../../user-api';
import { CardEmpty, CardError, CardLoading } from '../card-states';
import { SettingsGroup } from '../settings-form-kit';

/** Readable labels for the audit event types of docs/auth.md. */
export const AUDIT_EVENT_LABELS: Record<AuditEventType, string> = {
  sign_up: 'Account created',
  sign_in: 'Signed in',
  sign_in_failed: 'Failed sign-in attempt',
  sign_out: 'Signed out',
  two_factor_enabled: 'Two-factor authentication turned on',
  two_factor_disabled: 'Two-factor authentication turned off',
  two_factor_failed: 'Wrong two-factor code entered',
  recovery_code_used: 'Recovery code used',
  password_changed: 'Password changed',
  password_reset: 'Password reset by email',
  email_verified: 'Email address verified',
  passkey_added: 'Passkey added',
  passkey_removed: 'Passkey removed',
  session_revoked: 'A session was signed out',
  sessions_revoked: 'Signed out of all sessions',
  identity_linked: 'Sign-in provider linked',
  identity_unlinked: 'Sign-in provider unlinked',
};

/** Events worth a second look. */
const WARNING_EVENTS: ReadonlySet<string> = new Set([
  'sign_in_failed',
  'two_factor_failed',
  'two_factor_disabled',
  'recovery_code_used',
  'password_reset',
  'identity_linked',
]);

/** The label of an event type; an unknown type reads as its words ('new_thing' → 'New thing'). */
export function auditEventLabel(type: string): string {
  if (Object.hasOwn(AUDIT_EVENT_LABELS, type)) return AUDIT_EVENT_LABELS[type as AuditEventType];
  const words = type.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Unknown event';
}

/** Recent security activity: the latest sign-ins and security changes on the account. */
export function SecurityActivityCard() {
  const dates = useSettingsDates();
  const events = useQuery({ queryKey: userQueryKeys.auditEvents, queryFn: userApi.auditEvents });
  return (
    <SettingsGroup
      title="Recent security activity"
      description="The latest sign-ins and changes to your account's security."
    >
      {events.isPending ? (
        <CardLoading label="Loading security activity" />
      ) : events.isError ? (
        <CardError
          title="Failed to load security activity"
          error={events.error}
          onRetry={() => void events.refetch()}
          retrying={events.isFetching}
        />
      ) : events.data.length === 0 ? (
        <CardEmpty icon={Activity}>No security activity yet.</CardEmpty>
      ) : (
        <ol aria-label="Recent security activity" className="divide-y">
          {events.data.map((event) => {
            const warning = WARNING_EVENTS.has(event.type);
            const Icon = warning ? ShieldAlert : ShieldCheck;
            return (
              <li key={event.id} className="flex gap-3 px-5 py-3">
                <Icon
                  aria-hidden="true"
                  className={cn(
                    'mt-0.5 size-5 shrink-0',
                    warning ? 'text-destructive' : 'text-muted-foreground',
                  )}
                />
                <div className="min-w-0 flex-1 sm:flex sm:items-baseline sm:justify-between sm:gap-4">
                  <p className="text-sm font-medium">{auditEventLabel(event.type)}</p>
                  <p className="text-sm text-muted-foreground sm:shrink-0 sm:text-right">
                    <time dateTime={event.createdAt} title={dates.dateTime(event.createdAt)}>
                      {dates.relative(event.createdAt)}
                    </time>
                    {event.ipAddress ? <> · IP {event.ipAddress}</> : null}
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </SettingsGroup>
  );
}
