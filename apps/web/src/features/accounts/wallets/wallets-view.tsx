import { Wallet as WalletIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { HelpLink } from '@/components/help-link';
import { CryptoListView } from '../crypto/crypto-list-view';
import { AddWalletForm } from './add-wallet-form';
import { WalletCard } from './wallet-card';
import { useSyncWallets, useWallets } from './queries';

/**
 * Wallets: blockchain wallets followed by their public address, with their holdings and values, and an
 * add form checked as you type; `children` (wallet accounts kept by hand) come last.
 */
export function WalletsView({ children }: { children?: ReactNode }) {
  const wallets = useWallets();
  const sync = useSyncWallets();
  return (
    <CryptoListView
      title="Wallets"
      description="Blockchain wallets you follow by their public address."
      query={wallets}
      items={(data) => data.wallets}
      noun={['wallet', 'wallets']}
      sync={sync}
      empty={{
        icon: WalletIcon,
        title: 'No wallets yet',
        body: (
          <>
            Add a Bitcoin, Solana or Ethereum (and other EVM chains) address, or a Bitcoin extended public
            key, to follow its balance here, in your net worth and on Assets. Lodestar only reads public data.{' '}
            <HelpLink slug="crypto-wallets">How wallets work</HelpLink>
          </>
        ),
      }}
      add={{
        label: 'Add wallet',
        heading: 'Add a wallet',
        headingId: 'add-wallet-heading',
        form: (done) => <AddWalletForm onDone={done} />,
      }}
      card={(wallet, display) => <WalletCard key={wallet.id} wallet={wallet} display={display} />}
    >
      {children}
    </CryptoListView>
  );
}
