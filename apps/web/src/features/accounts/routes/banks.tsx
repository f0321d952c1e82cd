import { AccountsView } from '../components/accounts-view';

/** The Banking tab of the Accounts screen, with the bank connections and their sync. */
export function BanksRoute() {
  return (
    <AccountsView title="Banks" description="Bank connections and the accounts they bring." only="banks" />
  );
}
