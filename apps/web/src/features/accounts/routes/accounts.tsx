import { AccountsView } from '../components/accounts-view';

export function AccountsRoute() {
  return <AccountsView title="Accounts" description="Everything you own and owe, by where it is held." />;
}
