import { Wallet } from 'lucide-react';
import { ListSkeleton } from '@/components/skeletons/list-skeleton';
import { useServerConfig } from '@/lib/server-config';
import { AccountList } from '../components/account-list';
import { CryptoTurnedOff } from '../crypto/crypto-turned-off';
import { accountIsInTab } from '../model';
import { useAccounts } from '../queries';
import { WalletsView } from '../wallets/wallets-view';

/** Wallet accounts kept by hand (not followed on a chain), listed below the followed wallets. */
function WalletsByHand() {
  const accounts = useAccounts();
  const list = (accounts.data ?? []).filter(
    (account) => account.provider !== 'blockchain' && accountIsInTab(account, 'wallets'),
  );
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="wallets-by-hand-heading" className="grid grid-cols-1 gap-3">
      <h2 id="wallets-by-hand-heading" className="text-base font-semibold">
        Kept by hand
      </h2>
      <AccountList accounts={list} tab="wallets" />
    </section>
  );
}

/** The Wallets page: wallets followed by their public address, then wallet accounts kept by hand. */
export function WalletsRoute() {
  const config = useServerConfig();
  // Whether the server follows wallets and connects exchanges at all decides the page (asked once).
  if (config.isPending) return <ListSkeleton label="Loading Wallets…" />;
  if (config.data?.crypto === false)
    return (
      <CryptoTurnedOff title="Wallets" icon={Wallet} what="follow wallets">
        <WalletsByHand />
      </CryptoTurnedOff>
    );
  return (
    <WalletsView>
      <WalletsByHand />
    </WalletsView>
  );
}
