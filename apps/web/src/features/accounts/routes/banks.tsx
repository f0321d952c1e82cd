import { Building2 } from 'lucide-react';
import { AccountKindPage } from '../components/account-kind-page';

export function BanksRoute() {
  return (
    <AccountKindPage
      title="Banks"
      description="Bank connections and the accounts they bring."
      icon={Building2}
      emptyTitle="No banks connected yet"
      emptyText="Bank connections and imported statements will be listed here with their accounts, sync status and last update."
    />
  );
}
