import { fromMajor, isCurrencyCode } from '@lodestar/domain';
import type { AccountBase, Holding, InvestmentTransaction, Security, Transaction } from 'plaid';
import type { ConnectorAccount, ConnectorHolding, ConnectorTransaction } from '../types';

/**
 * Plaid's shapes → the connector's. Plaid's amounts are decimal numbers in major units with
 * **positive = money out of the account** (a purchase is +12.34, a refund or salary negative); ours are
 * integer minor units with positive = money in (ADR 002), so every transaction amount is negated here,
 * once. Balances: a credit card's or loan's `current` is what is owed (positive); ours is negative.
 */

export const PLAID_DEFAULT_CURRENCY = 'USD';

export function currencyOf(item: { iso_currency_code?: string | null }): string {
  const code = item.iso_currency_code?.toUpperCase();
  return code && isCurrencyCode(code) ? code : PLAID_DEFAULT_CURRENCY;
}

export function minorOf(value: number, currency: string): number {
  return fromMajor(value, currency).amountMinor;
}

const ACCOUNT_TYPES: Record<string, string> = {
  depository: 'depository',
  credit: 'credit',
  loan: 'loan',
  investment: 'investment',
  brokerage: 'investment',
  other: 'other',
};

const LIABILITY_TYPES = new Set(['credit', 'loan']);

export function toConnectorAccount(account: AccountBase): ConnectorAccount {
  const type = ACCOUNT_TYPES[account.type] ?? 'other';
  const currency = currencyOf(account.balances);
  const sign = LIABILITY_TYPES.has(type) ? -1 : 1;
  const current = account.balances.current ?? account.balances.available ?? 0;
  return {
    externalId: account.account_id,
    name: account.name,
    officialName: account.official_name ?? null,
    type,
    subtype: account.subtype ?? null,
    currency,
    mask: account.mask ?? null,
    currentBalanceMinor: sign * minorOf(current, currency) || 0,
    availableBalanceMinor:
      account.balances.available == null ? null : minorOf(account.balances.available, currency),
    creditLimitMinor: account.balances.limit == null ? null : minorOf(account.balances.limit, currency),
  };
}

export function toConnectorTransaction(transaction: Transaction): ConnectorTransaction {
  const currency = currencyOf(transaction);
  const category = transaction.personal_finance_category;
  return {
    externalId: transaction.transaction_id,
    accountExternalId: transaction.account_id,
    date: transaction.date,
    authorizedDate: transaction.authorized_date ?? null,
    amountMinor: -minorOf(transaction.amount, currency) || 0,
    currency,
    name: transaction.merchant_name || transaction.name,
    merchantName: transaction.merchant_name ?? null,
    description: transaction.original_description ?? transaction.name ?? null,
    ...(category
      ? {
          providerCategory: {
            primary: category.primary,
            detailed: category.detailed,
            confidence: category.confidence_level ?? null,
          },
        }
      : {}),
    paymentChannel: transaction.payment_channel ?? null,
    paymentMethod: transaction.payment_meta?.payment_method ?? null,
    status: transaction.pending ? 'pending' : 'posted',
    pendingExternalId: transaction.pending ? null : (transaction.pending_transaction_id ?? null),
  };
}

/** An investment account's cash movement (a buy is money out of the account, as for any transaction). */
export function toInvestmentTransaction(
  item: InvestmentTransaction,
  securities: ReadonlyMap<string, Security>,
): ConnectorTransaction {
  const currency = currencyOf(item);
  const security = item.security_id ? securities.get(item.security_id) : undefined;
  return {
    externalId: `inv:${item.investment_transaction_id}`,
    accountExternalId: item.account_id,
    date: item.date,
    amountMinor: -minorOf(item.amount, currency) || 0,
    currency,
    name: item.name,
    merchantName: null,
    description: security?.ticker_symbol ? `${item.name} (${security.ticker_symbol})` : item.name,
    providerCategory: { primary: 'INVESTMENT', detailed: `INVESTMENT_${String(item.type).toUpperCase()}` },
    paymentChannel: null,
    paymentMethod: null,
    status: 'posted',
  };
}

const SECURITY_TYPES: Record<string, string> = {
  equity: 'equity',
  etf: 'etf',
  'mutual fund': 'mutual_fund',
  'fixed income': 'bond',
  cash: 'cash',
  cryptocurrency: 'crypto',
};

/** A number from Plaid as an exact decimal string (quantities and prices are never rounded to cents). */
export function decimalString(value: number): string {
  if (!Number.isFinite(value)) return '0';
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value.toFixed(18).replace(/\.?0+$/, '');
}

export function toConnectorHolding(
  holding: Holding,
  securities: ReadonlyMap<string, Security>,
  today: string,
): ConnectorHolding | undefined {
  const security = securities.get(holding.security_id);
  if (!security) return undefined;
  const currency = currencyOf(holding);
  return {
    accountExternalId: holding.account_id,
    security: {
      externalId: security.security_id,
      ticker: security.ticker_symbol ?? null,
      name: security.name ?? security.ticker_symbol ?? security.security_id,
      type: SECURITY_TYPES[security.type ?? ''] ?? 'other',
      currency,
    },
    quantity: decimalString(holding.quantity),
    price: decimalString(holding.institution_price),
    costBasis: holding.cost_basis == null ? null : decimalString(holding.cost_basis),
    asOf: holding.institution_price_as_of ?? today,
  };
}
