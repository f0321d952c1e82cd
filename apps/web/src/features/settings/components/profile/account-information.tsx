import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { authClient } from '@/lib/auth-client';
import { emailConfigured, NO_EMAIL } from '@/lib/server-config';
import type { CurrentUser } from '@/lib/session';
import { cn } from '@/lib/utils';
import { useSettingsDates } from '../../format';
import { SETTINGS_TOASTS } from '../../messages';
import { errorMessage, userApi, userQueryKeys } from '../../user-api';
import { CardError } from '../card-states';
import { SettingsGroup } from '../settings-form-kit';

function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 px-5 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm font-medium sm:text-right">{children}</dd>
    </div>
  );
}

export function VerificationBadge({ verified }: { verified: boolean }) {
  const Icon = verified ? BadgeCheck : CircleAlert;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium',
        verified
          ? 'border-emerald-700/30 bg-emerald-50 text-emerald-800 dark:border-emerald-400/40 dark:bg-emerald-950 dark:text-emerald-300 in-[.high-contrast]:border-current in-[.high-contrast]:bg-card in-[.high-contrast]:text-foreground'
          : 'border-destructive/40 bg-card text-destructive in-[.high-contrast]:border-current',
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {verified ? 'Verified' : 'Unverified'}
    </span>
  );
}

function ResendVerification({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const resend = useMutation({
    mutationFn: async () => {
      const result = await authClient.sendVerificationEmail({ email, callbackURL: '/verify-email' });
      if (result.error) throw new Error(result.error.message ?? SETTINGS_TOASTS.verificationSendFailed);
      return emailConfigured(queryClient);
    },
    onSuccess: (mailed) => {
      // A server without email writes the link to its log (docs/auth.md).
      if (mailed === false) toast.success(NO_EMAIL.verificationLogged, { description: NO_EMAIL.askForLink });
      else toast.success(SETTINGS_TOASTS.verificationSent, { description: `Check ${email}.` });
    },
    onError: (failure) => {
      console.error('Resend verification failed', failure);
      toast.error(SETTINGS_TOASTS.verificationSendFailed, { description: errorMessage(failure) });
    },
  });
  return (
    <Button variant="outline" size="sm" disabled={resend.isPending} onClick={() => resend.mutate()}>
      {resend.isPending ? 'Sending...' : 'Resend verification email'}
    </Button>
  );
}

function StatsRows() {
  const dates = useSettingsDates();
  const stats = useQuery({ queryKey: userQueryKeys.stats, queryFn: userApi.stats });
  if (stats.isPending) {
    return (
      <div role="status" aria-label="Loading account statistics" className="divide-y">
        {['Last login', 'Plan', 'Connected accounts'].map((label) => (
          <div key={label} className="flex items-center justify-between gap-4 px-5 py-3">
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-4 w-20" />
          </div>
        ))}
      </div>
    );
  }
  if (stats.isError) {
    return (
      <CardError
        title={SETTINGS_TOASTS.profileLoadFailed}
        error={stats.error}
        onRetry={() => void stats.refetch()}
        retrying={stats.isFetching}
      />
    );
  }
  const { lastLoginAt, plan, connectedAccounts } = stats.data;
  return (
    <dl className="divide-y">
      <InfoRow label="Last login">
        {lastLoginAt ? <time dateTime={lastLoginAt}>{dates.relative(lastLoginAt)}</time> : 'Never'}
      </InfoRow>
      <InfoRow label="Plan">{plan}</InfoRow>
      <InfoRow label="Connected accounts">{connectedAccounts}</InfoRow>
    </dl>
  );
}

/** Account information (spec §2): read-only email with its verification badge, member since, statistics. */
export function AccountInformation({ user }: { user: CurrentUser }) {
  const dates = useSettingsDates();
  return (
    <SettingsGroup title="Account Information" description="Read-only details of your account.">
      <dl className="divide-y">
        <InfoRow label="Email">
          <span className="flex flex-wrap items-center gap-2 sm:justify-end">
            <span className="break-all">{user.email}</span>
            <VerificationBadge verified={user.emailVerified} />
          </span>
          {user.emailVerified ? null : (
            <span className="mt-2 flex flex-col items-start gap-2 font-normal sm:items-end">
              <span className="text-muted-foreground">
                Confirm your address from the link we emailed you.
              </span>
              <ResendVerification email={user.email} />
            </span>
          )}
        </InfoRow>
        <InfoRow label="Member since">
          <time dateTime={user.createdAt}>{dates.date(user.createdAt)}</time>
        </InfoRow>
      </dl>
      <StatsRows />
    </SettingsGroup>
  );
}
