import type { AccountTab } from '@lodestar/domain/accounts';
import {
  ArrowLeftRight,
  Building2,
  ChevronDown,
  ChartLine,
  EyeOff,
  Landmark,
  type LucideIcon,
  Wallet,
} from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { useFigureDisplay } from '@/components/figure-display';
import { MoneyText } from '@/components/money';
import { cn } from '@/lib/utils';
import type { Account } from '../api';
import { ACCOUNTS_TEXT } from '../messages';
import { type AccountGroup, accountIsInTab, balanceDisplay, groupAccounts } from '../model';
import { AccountRow } from './account-row';

/** What each tab lists, and what it says while it lists nothing. */
export const TAB_EMPTY: Record<AccountTab, { icon: LucideIcon; title: string; text: string }> = {
  all: {
    icon: Landmark,
    title: 'No accounts yet',
    text: 'Every account you link, import or add by hand is listed here, grouped by type, with its balance and status.',
  },
  banks: {
    icon: Building2,
    title: 'No bank accounts yet',
    text: 'Checking and savings accounts, credit cards and loans from your banks are listed here. Choose Add account to link your bank through Plaid or SimpleFIN Bridge (Plaid needs PLAID_CLIENT_ID and PLAID_SECRET set on the server), import a statement, add one by hand or try the demo bank.',
  },
  brokers: {
    icon: ChartLine,
    title: 'No investment accounts yet',
    text: 'Brokerage and retirement accounts are listed here. Add one by hand to follow its balance.',
  },
  exchanges: {
    icon: ArrowLeftRight,
    title: 'No exchange accounts',
    text: ACCOUNTS_TEXT.exchangesNote,
  },
  wallets: {
    icon: Wallet,
    title: 'No wallets',
    text: ACCOUNTS_TEXT.walletsNote,
  },
};

function GroupTotals({ group }: { group: AccountGroup<Account> }) {
  const display = useFigureDisplay();
  if (group.totals.length === 0) return null;
  return (
    <p className="flex flex-wrap justify-end gap-x-3 text-sm">
      <span className="sr-only">Total:</span>
      {group.totals.map((total) => {
        const { amount, note } = balanceDisplay(total, group.liability);
        return (
          <span key={total.currency} className="whitespace-nowrap">
            <MoneyText
              amount={amount}
              tone="plain"
              masked={display.masked}
              locale={display.locale}
              className="font-semibold"
            />
            {note ? <span className="text-muted-foreground"> {note}</span> : null}
          </span>
        );
      })}
    </p>
  );
}

function AccountGroupSection({ group }: { group: AccountGroup<Account> }) {
  const headingId = useId();
  const count = group.accounts.length;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border bg-card text-card-foreground">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b px-4 py-3">
        <div className="flex items-baseline gap-2">
          <h2 id={headingId} className="font-semibold">
            {group.label}
          </h2>
          <span className="text-sm text-muted-foreground">
            {count} {count === 1 ? 'account' : 'accounts'}
          </span>
        </div>
        <GroupTotals group={group} />
      </div>
      <ul className="divide-y" aria-label={group.label}>
        {group.accounts.map((account) => (
          <AccountRow key={account.id} account={account} />
        ))}
      </ul>
    </section>
  );
}

function HiddenAccounts({ accounts }: { accounts: Account[] }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <section className="rounded-lg border border-dashed bg-card text-card-foreground">
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          className="flex w-full items-center gap-2 rounded-lg px-4 py-3 text-left font-semibold hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
        >
          <EyeOff aria-hidden="true" className="size-4 text-muted-foreground" />
          Hidden accounts
          <span className="text-sm font-normal text-muted-foreground">({accounts.length})</span>
          <ChevronDown
            aria-hidden="true"
            className={cn(
              'ml-auto size-4 transition-transform motion-reduce:transition-none',
              open && 'rotate-180',
            )}
          />
        </button>
      </h2>
      <div id={panelId} hidden={!open}>
        <p className="border-t px-4 py-2 text-sm text-muted-foreground">
          Hidden accounts are left out of totals. Use an account&apos;s menu to show it again.
        </p>
        <ul className="divide-y border-t" aria-label="Hidden accounts">
          {accounts.map((account) => (
            <AccountRow key={account.id} account={account} />
          ))}
        </ul>
      </div>
    </section>
  );
}

/**
 * The accounts of one tab, grouped by type with per-currency totals; hidden ones in a collapsible
 * group of their own. `empty` replaces the tab's own empty state (the page's call to action).
 */
export function AccountList({
  accounts,
  tab,
  empty,
  note,
}: {
  accounts: readonly Account[];
  tab: AccountTab;
  empty?: ReactNode;
  /** A line shown above the list (the crypto tabs say where exchanges and wallets are connected). */
  note?: ReactNode;
}) {
  const inTab = accounts.filter((account) => accountIsInTab(account, tab));
  const visible = inTab.filter((account) => !account.hidden);
  const hidden = inTab.filter((account) => account.hidden);
  if (inTab.length === 0) {
    if (empty) return <>{empty}</>;
    const { icon, title, text } = TAB_EMPTY[tab];
    return (
      <EmptyState icon={icon} title={title}>
        {text}
      </EmptyState>
    );
  }
  return (
    <div className="grid grid-cols-1 gap-4">
      {note}
      {groupAccounts(visible).map((group) => (
        <AccountGroupSection key={group.id} group={group} />
      ))}
      {visible.length === 0 ? (
        <p className="rounded-lg border bg-card px-4 py-3 text-sm text-muted-foreground">
          Every account here is hidden.
        </p>
      ) : null}
      {hidden.length > 0 ? <HiddenAccounts accounts={hidden} /> : null}
    </div>
  );
}
