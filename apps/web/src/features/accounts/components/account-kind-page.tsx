import type { LucideIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';

/** A page for one kind of account (wallets, banks, exchanges), empty until accounts can be linked. */
export function AccountKindPage({
  title,
  description,
  icon,
  emptyTitle,
  emptyText,
}: {
  title: string;
  description: string;
  icon: LucideIcon;
  emptyTitle: string;
  emptyText: string;
}) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <EmptyState icon={icon} title={emptyTitle}>
        {emptyText}
      </EmptyState>
    </>
  );
}
