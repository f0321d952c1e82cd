import { ACCOUNT_TABS, type AccountTab } from '@lodestar/domain/accounts';
import { Info, RefreshCw } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { ListSkeleton } from '@/components/skeletons/list-skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { Account } from '../api';
import { ACCOUNTS_TEXT } from '../messages';
import { anySyncRunning, parseTab } from '../model';
import { useAccounts, useConnections } from '../queries';
import { AccountList } from './account-list';
import { AddAccountButton, AddAccountChoices, AddAccountDialog, type AddView } from './add-account-dialog';
import { WriteOnly } from '@/components/write-only';
import { ConnectionsPanel } from './connections-panel';
import { LoadError } from './load-error';
import { PlaidLinkProvider } from './plaid-link';
import { RecentImports } from './recent-imports';

const TAB_ORDER = Object.keys(ACCOUNT_TABS) as AccountTab[];

/** The Add account dialog and how to open it (at its first screen or at one of the three choices). */
function useAddDialog() {
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<AddView>('choose');
  const show = (at: AddView = 'choose') => {
    setView(at);
    setOpen(true);
  };
  const dialog = <AddAccountDialog open={open} view={view} onOpenChange={setOpen} onViewChange={setView} />;
  return { show, dialog };
}

/** No account at all yet: the three ways in, large. */
function FirstAccount({ onChoose, syncing }: { onChoose: (view: AddView) => void; syncing: boolean }) {
  if (syncing) {
    return (
      <EmptyState icon={RefreshCw} title="Your accounts are on their way">
        The first sync is running; accounts appear here as soon as it finishes.
      </EmptyState>
    );
  }
  return (
    <section
      aria-labelledby="first-account-heading"
      className="grid grid-cols-1 gap-4 rounded-lg border border-dashed bg-card p-5 text-card-foreground sm:p-8"
    >
      <div className="text-center">
        <h2 id="first-account-heading" className="text-lg font-semibold">
          Add your first account
        </h2>
        <p className="mx-auto mt-1 max-w-md text-sm text-muted-foreground">
          Link your bank through Plaid or SimpleFIN Bridge, import an export from your bank, add an account by
          hand, or try the demo bank. Everything stays on your own server.
        </p>
      </div>
      <WriteOnly>
        <div className="mx-auto w-full max-w-2xl">
          <AddAccountChoices onChoose={onChoose} />
        </div>
      </WriteOnly>
    </section>
  );
}

function CryptoNote({ tab }: { tab: 'exchanges' | 'wallets' }) {
  return (
    <p className="flex items-start gap-2 text-sm text-muted-foreground">
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {tab === 'wallets' ? ACCOUNTS_TEXT.walletsNote : ACCOUNTS_TEXT.exchangesNote}
    </p>
  );
}

/** Accounts of one tab in their loading, error, empty and filled states. */
function TabBody({
  tab,
  accounts,
  onChoose,
}: {
  tab: AccountTab;
  accounts: ReturnType<typeof useAccounts>;
  onChoose: (view: AddView) => void;
}) {
  const connections = useConnections();
  if (accounts.isPending) return <ListSkeleton label="Loading accounts…" />;
  if (accounts.isError) {
    return (
      <LoadError
        title="Accounts could not be loaded"
        error={accounts.error}
        onRetry={() => void accounts.refetch()}
        retrying={accounts.isFetching}
      />
    );
  }
  const list: Account[] = accounts.data;

  let empty: ReactNode;
  if (list.length === 0 && (tab === 'all' || tab === 'banks')) {
    empty = <FirstAccount onChoose={onChoose} syncing={anySyncRunning(connections.data)} />;
  }
  return (
    <AccountList
      accounts={list}
      tab={tab}
      empty={empty}
      note={tab === 'exchanges' || tab === 'wallets' ? <CryptoNote tab={tab} /> : undefined}
    />
  );
}

/**
 * The Accounts screen: connections with their sync, the spec's tabs (`?tab=` in the URL) over accounts
 * grouped by type, and the import history. `only` shows one tab's content without the tab strip
 * (/banks, /cexes, /wallets).
 */
export function AccountsView({
  title,
  description,
  only,
}: {
  title: string;
  description: string;
  only?: AccountTab;
}) {
  const accounts = useAccounts();
  const [params, setParams] = useSearchParams();
  // The tab is shown at once and written to the URL; a URL change (back, a link) selects its tab.
  const urlTab = parseTab(params.get('tab'));
  const [selected, setSelected] = useState(urlTab);
  const [seenUrlTab, setSeenUrlTab] = useState(urlTab);
  if (urlTab !== seenUrlTab) {
    setSeenUrlTab(urlTab);
    setSelected(urlTab);
  }
  const tab = only ?? selected;
  const add = useAddDialog();
  const crypto = only === 'exchanges' || only === 'wallets';
  const setTab = (value: string) => {
    setSelected(parseTab(value));
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === 'all') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  };
  return (
    <PlaidLinkProvider>
      <PageHeader
        title={title}
        description={description}
        actions={
          <WriteOnly>
            <AddAccountButton onClick={() => add.show()} />
          </WriteOnly>
        }
      />
      <div className="grid grid-cols-1 gap-6">
        {crypto ? null : <ConnectionsPanel accounts={accounts.data} />}
        {only ? (
          <TabBody tab={only} accounts={accounts} onChoose={add.show} />
        ) : (
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList aria-label="Account types">
              {TAB_ORDER.map((value) => (
                <TabsTrigger key={value} value={value}>
                  {ACCOUNT_TABS[value]}
                </TabsTrigger>
              ))}
            </TabsList>
            {TAB_ORDER.map((value) => (
              <TabsContent key={value} value={value}>
                {value === tab ? <TabBody tab={value} accounts={accounts} onChoose={add.show} /> : null}
              </TabsContent>
            ))}
          </Tabs>
        )}
        {crypto ? null : <RecentImports accounts={accounts.data} />}
      </div>
      {add.dialog}
    </PlaidLinkProvider>
  );
}
