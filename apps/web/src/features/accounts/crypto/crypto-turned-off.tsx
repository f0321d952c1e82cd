import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';

/**
 * Wallets or CEXes on a server that turned crypto off (FEATURE_CRYPTO=false): no wallet is followed and
 * no exchange connected there, which the page says instead of failing to load; accounts kept by hand
 * (`children`) are still listed.
 */
export function CryptoTurnedOff({
  title,
  icon,
  what,
  children,
}: {
  title: string;
  icon: LucideIcon;
  /** What the server does not do, as the end of "This server does not …". */
  what: string;
  children?: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} />
      <div className="grid grid-cols-1 gap-6">
        <EmptyState icon={icon} title="Crypto is turned off on this server">
          This server does not {what}. Whoever runs it can turn it on with FEATURE_CRYPTO=true.
        </EmptyState>
        {children}
      </div>
    </>
  );
}
