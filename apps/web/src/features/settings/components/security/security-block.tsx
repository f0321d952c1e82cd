import { CheckCircle2, KeyRound, ShieldCheck, ShieldPlus } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useState } from 'react';
import type { CurrentUser } from '@/lib/session';
import { cn } from '@/lib/utils';
import { SettingsGroup } from '../settings-form-kit';
import { RequireTwoFactorRow } from './require-two-factor-row';
import { ChangePasswordDialog } from './change-password-dialog';
import { DisableTwoFactorDialog } from './disable-two-factor-dialog';
import { EnableTwoFactorDialog } from './enable-two-factor-dialog';
import { SetPasswordDialog } from './set-password-dialog';
import { useTwoFactorStatus } from './use-two-factor-status';
import { userApi, userQueryKeys } from '../../user-api';

function SecurityCard({
  icon,
  title,
  description,
  onClick,
  busy,
}: {
  icon: ReactNode;
  title: string;
  description: ReactNode;
  onClick: () => void;
  busy?: boolean;
}) {
  const id = useId();
  return (
    <button
      type="button"
      onClick={onClick}
      // Named by everything it shows, title then description (WCAG 2.5.3, label in name).
      aria-busy={busy || undefined}
      className="flex w-full items-start gap-3 rounded-lg border bg-card p-4 text-left transition-colors hover:bg-accent hover:text-accent-foreground"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
        {icon}
      </span>
      <span className="min-w-0">
        <span id={`${id}-title`} className="block text-sm font-semibold">
          {title}
        </span>
        <span
          id={`${id}-description`}
          className="mt-0.5 flex items-center gap-1.5 text-sm text-muted-foreground"
        >
          {description}
        </span>
      </span>
    </button>
  );
}

/**
 * The Security block of the profile section (spec §2, §4): Change Password and Two-Factor Authentication.
 * An account that signs in only through a provider has no password to change: it gets Set a Password, and
 * confirms turning 2FA off by a recent sign-in (ADR 049). Until the sign-in methods are known (or when they
 * cannot be read) the block stays as the spec has it.
 */
export function SecurityBlock({ user }: { user: CurrentUser }) {
  const twoFactor = useTwoFactorStatus(user);
  const methods = useQuery({ queryKey: userQueryKeys.identities, queryFn: userApi.identities });
  useEffect(() => {
    if (methods.error) console.error('Could not read the sign-in methods', methods.error);
  }, [methods.error]);
  const passwordless = methods.data?.hasPassword === false ? methods.data : undefined;
  const [dialog, setDialog] = useState<'password' | 'enable' | 'disable' | null>(null);
  const close = () => setDialog(null);
  return (
    <SettingsGroup title="Security" description="Your password and how you prove it is you.">
      <div className="grid gap-3 px-5 py-4 sm:grid-cols-2">
        <SecurityCard
          icon={<KeyRound aria-hidden="true" className="size-5" />}
          title={passwordless ? 'Set a Password' : 'Change Password'}
          description={passwordless ? 'Also sign in with your email' : 'Update your password'}
          onClick={() => setDialog('password')}
        />
        <SecurityCard
          icon={
            twoFactor.enabled ? (
              <ShieldCheck aria-hidden="true" className="size-5" />
            ) : (
              <ShieldPlus aria-hidden="true" className="size-5" />
            )
          }
          title="Two-Factor Authentication"
          busy={twoFactor.isPending}
          description={
            twoFactor.enabled ? (
              <>
                <CheckCircle2
                  aria-hidden="true"
                  className={cn(
                    'size-4 shrink-0 text-emerald-700 dark:text-emerald-400',
                    'in-[.high-contrast]:text-foreground',
                  )}
                />
                <span>Click to disable 2FA</span>
              </>
            ) : (
              'Add extra security'
            )
          }
          onClick={() => setDialog(twoFactor.enabled ? 'disable' : 'enable')}
        />
      </div>
      <RequireTwoFactorRow twoFactorEnabled={twoFactor.enabled} />
      {passwordless ? (
        <SetPasswordDialog
          open={dialog === 'password'}
          onOpenChange={(open) => !open && close()}
          methods={passwordless}
        />
      ) : (
        <ChangePasswordDialog open={dialog === 'password'} onOpenChange={(open) => !open && close()} />
      )}
      <EnableTwoFactorDialog open={dialog === 'enable'} onOpenChange={(open) => !open && close()} />
      <DisableTwoFactorDialog
        open={dialog === 'disable'}
        onOpenChange={(open) => !open && close()}
        methods={methods.data}
      />
    </SettingsGroup>
  );
}
