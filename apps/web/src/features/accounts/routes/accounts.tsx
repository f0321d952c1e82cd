import { ACCOUNT_TABS, type AccountTab } from '@lodestar/domain/accounts';
import { ArrowLeftRight, Building2, Landmark, ChartLine, type LucideIcon, Wallet } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

/** Spec §2 tabs, in order: All, Banking, Investments, Crypto Exchanges, Crypto Wallets. */
const TABS: { value: AccountTab; icon: LucideIcon; emptyTitle: string; emptyText: string }[] = [
  {
    value: 'all',
    icon: Landmark,
    emptyTitle: 'No accounts yet',
    emptyText:
      'Every account you link, import or add by hand will be listed here, grouped by type, with its balance and status.',
  },
  {
    value: 'banks',
    icon: Building2,
    emptyTitle: 'No bank accounts yet',
    emptyText: 'Checking and savings accounts, credit cards and loans from your banks will be listed here.',
  },
  {
    value: 'brokers',
    icon: ChartLine,
    emptyTitle: 'No investment accounts yet',
    emptyText: 'Brokerage and retirement accounts will be listed here with their holdings.',
  },
  {
    value: 'exchanges',
    icon: ArrowLeftRight,
    emptyTitle: 'No exchange accounts yet',
    emptyText: 'Accounts on crypto exchanges will be listed here once you connect one with a read-only key.',
  },
  {
    value: 'wallets',
    icon: Wallet,
    emptyTitle: 'No wallets yet',
    emptyText: 'Blockchain wallets you follow by public address will be listed here with their balances.',
  },
];

export function AccountsRoute() {
  return (
    <>
      <PageHeader title="Accounts" description="Everything you own and owe, by where it is held." />
      <Tabs defaultValue="all">
        <TabsList aria-label="Account types">
          {TABS.map(({ value }) => (
            <TabsTrigger key={value} value={value}>
              {ACCOUNT_TABS[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map(({ value, icon, emptyTitle, emptyText }) => (
          <TabsContent key={value} value={value}>
            <EmptyState icon={icon} title={emptyTitle}>
              {emptyText}
            </EmptyState>
          </TabsContent>
        ))}
      </Tabs>
    </>
  );
}
