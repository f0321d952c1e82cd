import { AccountsView } from '../components/accounts-view';

/** The Crypto Wallets tab: linking wallets is not available yet, and it says so. */
export function WalletsRoute() {
  return (
    <AccountsView
      title="Wallets"
      description="Blockchain wallets you follow by their public address."
      only="wallets"
    />
  );
}
