import type { TransactionListItem } from '@lodestar/db';
import { resolveCategory } from '@lodestar/domain';

/** A transaction as the API shows it (docs/money-api.md). */
export type TransactionView = {
  id: string;
  accountId: string;
  accountName: string;
  date: string;
  amount: { amountMinor: number; currency: string };
  /** A payment made in another currency: the amount in it and the bank's rate, as the statement gave them. */
  foreignAmount: { amount: { amountMinor: number; currency: string }; exchangeRate: string | null } | null;
  name: string;
  originalName: string;
  merchantName: string | null;
  description: string | null;
  /** The category the row shows; null = Uncategorized (below 0.7 confidence unless set by the user or a rule). */
  category: string | null;
  detailedCategory: string | null;
  categoryConfidence: number;
  categorySource: 'provider' | 'rule' | 'user';
  paymentChannel: string | null;
  paymentMethod: string | null;
  status: 'pending' | 'posted' | 'failed' | 'cancelled';
  notes: string | null;
  tags: string[];
  excluded: boolean;
  isTransfer: boolean;
  importBatchId: string | null;
};

const SOURCES = new Set(['provider', 'rule', 'user']);
const STATUSES = new Set(['pending', 'posted', 'failed', 'cancelled']);

export function toTransactionView(row: TransactionListItem): TransactionView {
  const shown = resolveCategory({
    category: row.category,
    categorySource: row.categorySource,
    categoryConfidence: row.categoryConfidence,
  });
  const confidence = Number.isFinite(row.categoryConfidence) ? row.categoryConfidence : 0;
  return {
    id: row.id,
    accountId: row.accountId,
    accountName: row.accountName,
    date: row.date,
    amount: { amountMinor: row.amountMinor, currency: row.currency },
    foreignAmount:
      row.foreignAmountMinor !== null && row.foreignCurrency !== null
        ? {
            amount: { amountMinor: row.foreignAmountMinor, currency: row.foreignCurrency },
            exchangeRate: row.exchangeRate,
          }
        : null,
    name: row.name,
    originalName: row.originalName,
    merchantName: row.merchantName,
    description: row.description,
    category: shown.category,
    // A detailed code is only as trustworthy as the category it refines.
    detailedCategory: shown.category ? row.detailedCategory : null,
    categoryConfidence: Math.min(1, Math.max(0, confidence)),
    categorySource: (SOURCES.has(row.categorySource)
      ? row.categorySource
      : 'provider') as TransactionView['categorySource'],
    paymentChannel: row.paymentChannel,
    paymentMethod: row.paymentMethod,
    status: (STATUSES.has(row.status) ? row.status : 'posted') as TransactionView['status'],
    notes: row.notes,
    tags: row.tags,
    excluded: row.excluded,
    isTransfer: row.transferPairId !== null || shown.category === 'TRANSFER',
    importBatchId: row.importBatchId,
  };
}
