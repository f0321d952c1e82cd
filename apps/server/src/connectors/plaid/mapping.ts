import { fromMajor, isCurrencyCode } from '@lodestar/domain';
import type {
  AccountBase,
  Holding,
  InvestmentTransaction,
  LiabilitiesObject,
  Security,
  Transaction,
} from 'plaid';
import type { ConnectorAccount, ConnectorHolding, ConnectorLiability, ConnectorTransaction } from '../types';

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
      isin: security.isin ?? null,
      cusip: security.cusip ?? null,
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

/** A rate as Plaid sends it (a number of percent) → a decimal string, without float noise. */
function percent(value: number | null | undefined): string | null {
  if (value == null || !Number.isFinite(value)) return null;
  return String(Number(value.toFixed(6)));
}

/**
 * /liabilities/get → one ConnectorLiability per account Plaid reports on: credit cards (APRs, minimum
 * payment, last statement, next due date), student loans and mortgages (interest rate, next payment and
 * its due date, expected payoff or maturity). Amounts stay positive, as the lender states them.
 */
export function toConnectorLiabilities(
  liabilities: LiabilitiesObject,
  accounts: readonly AccountBase[],
): ConnectorLiability[] {
  const currencies = new Map(accounts.map((account) => [account.account_id, currencyOf(account.balances)]));
  const money = (value: number | null | undefined, currency: string) =>
    value == null || !Number.isFinite(value) ? null : minorOf(value, currency);
  const out: ConnectorLiability[] = [];
  const base = (accountId: string, kind: ConnectorLiability['kind']) => {
    const currency = currencies.get(accountId) ?? PLAID_DEFAULT_CURRENCY;
    return {
      accountExternalId: accountId,
      kind,
      currency,
      aprs: [] as ConnectorLiability['aprs'],
      interestRatePercentage: null,
      interestRateType: null,
      nextPaymentMinor: null,
      nextPaymentDueDate: null,
      lastPaymentMinor: null,
      lastPaymentDate: null,
      lastStatementBalanceMinor: null,
      lastStatementIssueDate: null,
      payoffDate: null,
      isOverdue: null,
    } satisfies ConnectorLiability;
  };
  for (const card of liabilities.credit ?? []) {
    if (!card.account_id) continue;
    const row = base(card.account_id, 'credit');
    out.push({
      ...row,
      aprs: card.aprs.flatMap((apr) => {
        const percentage = percent(apr.apr_percentage);
        return percentage === null
          ? []
          : [
              {
                type: apr.apr_type,
                percentage,
                balanceSubjectToAprMinor: money(apr.balance_subject_to_apr, row.currency),
              },
            ];
      }),
      nextPaymentMinor: money(card.minimum_payment_amount, row.currency),
      nextPaymentDueDate: card.next_payment_due_date ?? null,
      lastPaymentMinor: money(card.last_payment_amount, row.currency),
      lastPaymentDate: card.last_payment_date ?? null,
      lastStatementBalanceMinor: money(card.last_statement_balance, row.currency),
      lastStatementIssueDate: card.last_statement_issue_date ?? null,
      isOverdue: card.is_overdue ?? null,
    });
  }
  for (const loan of liabilities.student ?? []) {
    if (!loan.account_id) continue;
    const row = base(loan.account_id, 'student');
    out.push({
      ...row,
      interestRatePercentage: percent(loan.interest_rate_percentage),
      nextPaymentMinor: money(loan.minimum_payment_amount, row.currency),
      nextPaymentDueDate: loan.next_payment_due_date ?? null,
      lastPaymentMinor: money(loan.last_payment_amount, row.currency),
      lastPaymentDate: loan.last_payment_date ?? null,
      lastStatementBalanceMinor: money(loan.last_statement_balance, row.currency),
      lastStatementIssueDate: loan.last_statement_issue_date ?? null,
      payoffDate: loan.expected_payoff_date ?? null,
      isOverdue: loan.is_overdue ?? null,
    });
  }
  for (const mortgage of liabilities.mortgage ?? []) {
    if (!mortgage.account_id) continue;
    const row = base(mortgage.account_id, 'mortgage');
    out.push({
      ...row,
      interestRatePercentage: percent(mortgage.interest_rate.percentage),
      interestRateType: mortgage.interest_rate.type ?? null,
      nextPaymentMinor: money(mortgage.next_monthly_payment, row.currency),
      nextPaymentDueDate: mortgage.next_payment_due_date ?? null,
      lastPaymentMinor: money(mortgage.last_payment_amount, row.currency),
      lastPaymentDate: mortgage.last_payment_date ?? null,
      payoffDate: mortgage.maturity_date ?? null,
      isOverdue: mortgage.past_due_amount != null ? mortgage.past_due_amount > 0 : null,
    });
  }
  return out;
}
