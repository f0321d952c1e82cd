import { AccountsView } from '../components/accounts-view';

/** The Crypto Wallets tab: linking wallets arrives in a later release, so it says so. */
export function WalletsRoute() {
  return (
    <AccountsView
      title="Wallets"
      description="Blockchain wallets you follow by their public address."
      only="wallets"
    />
  );
}
