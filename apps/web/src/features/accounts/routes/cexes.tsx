import { ArrowLeftRight } from 'lucide-react';
import { ListSkeleton } from '@/components/skeletons/list-skeleton';
import { useServerConfig } from '@/lib/server-config';
import { AccountList } from '../components/account-list';
import { CryptoTurnedOff } from '../crypto/crypto-turned-off';
import { ExchangesView } from '../exchanges/exchanges-view';
import { accountIsInTab } from '../model';
import { useAccounts } from '../queries';

/** Exchange accounts kept by hand (not connected with a key), listed below the connected exchanges. */
function ExchangesByHand() {
  const accounts = useAccounts();
  const list = (accounts.data ?? []).filter(
    (account) => account.provider !== 'ccxt' && accountIsInTab(account, 'exchanges'),
  );
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="exchanges-by-hand-heading" className="grid grid-cols-1 gap-3">
      <h2 id="exchanges-by-hand-heading" className="text-base font-semibold">
        Kept by hand
      </h2>
      <AccountList accounts={list} tab="exchanges" />
    </section>
  );
}

/** The CEXes page: exchanges connected with read-only API keys, then exchange accounts kept by hand. */
export function CexesRoute() {
  const config = useServerConfig();
  // Whether the server follows wallets and connects exchanges at all decides the page (asked once).
  if (config.isPending) return <ListSkeleton label="Loading CEXes…" />;
  if (config.data?.crypto === false)
    return (
      <CryptoTurnedOff title="CEXes" icon={ArrowLeftRight} what="connect exchanges">
        <ExchangesByHand />
      </CryptoTurnedOff>
    );
  return (
    <ExchangesView>
      <ExchangesByHand />
    </ExchangesView>
  );
}
