import { Wallet } from 'lucide-react';
import { AccountKindPage } from '../components/account-kind-page';

export function WalletsRoute() {
  return (
    <AccountKindPage
      title="Wallets"
      description="Blockchain wallets you follow by their public address."
      icon={Wallet}
      emptyTitle="No wallets yet"
      emptyText="Wallets you add by public address will be listed here with their token balances. Lodestar never asks for a private key or a seed phrase."
    />
  );
}
