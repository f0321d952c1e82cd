import { ACCOUNT_TABS, type AccountTab } from '@lodestar/domain';
import { Landmark } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';

const EMPTY_TEXT: Record<AccountTab, string> = {
  all: 'Every account you link, import or add by hand will be listed here, grouped by type, with its balance and status.',
  banks: 'Checking, savings, credit cards and loans from your banks will be listed here.',
  brokers: 'Brokerage and investment accounts, with their holdings, will be listed here.',
  exchanges: 'Crypto exchange accounts will be listed here once you connect one.',
  wallets: 'Blockchain wallets you watch will be listed here with their balances.',
};

export default function AccountsPage() {
  return (
    <>
      <PageHeader title="Accounts" description="Everything you own and owe, by where it is held." />
      <Tabs.Root defaultValue="all">
        <Tabs.List aria-label="Account types" className="mb-4 flex gap-1 overflow-x-auto border-b">
          {(Object.entries(ACCOUNT_TABS) as [AccountTab, string][]).map(([value, label]) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="-mb-px shrink-0 border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted-foreground hover:text-foreground data-[state=active]:border-primary data-[state=active]:text-foreground"
            >
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {(Object.entries(ACCOUNT_TABS) as [AccountTab, string][]).map(([value, label]) => (
          <Tabs.Content key={value} value={value}>
            <EmptyState
              icon={Landmark}
              title={value === 'all' ? 'No accounts yet' : `No ${label.toLowerCase()} accounts yet`}
            >
              {EMPTY_TEXT[value]}
            </EmptyState>
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </>
  );
}
