import { ArrowLeftRight } from 'lucide-react';
import { AccountKindPage } from '../components/account-kind-page';

export function CexesRoute() {
  return (
    <AccountKindPage
      title="CEXes"
      description="Centralised crypto exchanges, connected with read-only API keys."
      icon={ArrowLeftRight}
      emptyTitle="No exchanges connected yet"
      emptyText="Exchange connections will be listed here with their balances and sync status."
    />
  );
}
