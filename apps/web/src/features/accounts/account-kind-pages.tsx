import { ArrowLeftRight, Building2, type LucideIcon, Wallet } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';

function AccountKindPage({
  title,
  description,
  icon,
  empty,
  text,
}: {
  title: string;
  description: string;
  icon: LucideIcon;
  empty: string;
  text: string;
}) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <EmptyState icon={icon} title={empty}>
        {text}
      </EmptyState>
    </>
  );
}

export function WalletsPage() {
  return (
    <AccountKindPage
      title="Wallets"
      description="Blockchain wallets you watch by address."
      icon={Wallet}
      empty="No wallets yet"
      text="Wallets you add by public address will be listed here with their token balances. Lodestar never asks for a private key."
    />
  );
}

export function BanksPage() {
  return (
    <AccountKindPage
      title="Banks"
      description="Bank connections and the accounts they bring."
      icon={Building2}
      empty="No banks connected yet"
      text="Bank connections will be listed here with their accounts, sync status and last update."
    />
  );
}

export function CexesPage() {
  return (
    <AccountKindPage
      title="CEXes"
      description="Centralised crypto exchanges connected with read-only keys."
      icon={ArrowLeftRight}
      empty="No exchanges connected yet"
      text="Exchange connections will be listed here with their balances and sync status."
    />
  );
}
