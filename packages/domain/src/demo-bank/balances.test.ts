import { describe, expect, it } from 'vitest';
import { addDays } from '../dates';
import {
  demoBankAccounts,
  demoBankBalances,
  demoBankHoldings,
  demoBankSync,
  demoBankTransactions,
  type DemoBankBalance,
} from './index';

const SEED = 'balances-seed';
const accounts = demoBankAccounts(SEED, 'standard');
const idOf = (subtype: string, currency = 'USD') =>
  accounts.find((account) => account.subtype === subtype && account.currency === currency)?.externalId ?? '';
const byAccount = (balances: DemoBankBalance[]) =>
  new Map(balances.map((balance) => [balance.accountExternalId, balance]));
const opening = byAccount(demoBankBalances({ seed: SEED, asOf: '2019-12-31' }));

describe('demoBankBalances', () => {
  it.each(['2020-01-01', '2024-11-22', '2025-08-14', '2026-11-22'])(
    'equals the opening balance plus every row posted up to %s',
    (asOf) => {
      const rows = demoBankTransactions({ seed: SEED, from: '2020-01-01', to: asOf, today: asOf });
      const balances = byAccount(demoBankBalances({ seed: SEED, asOf }));
      for (const account of accounts) {
        const posted = rows
          .filter((row) => row.accountExternalId === account.externalId && row.status === 'posted')
          .reduce((total, row) => total + row.amountMinor, 0);
        const pending = rows
          .filter((row) => row.accountExternalId === account.externalId && row.status === 'pending')
          .reduce((total, row) => total + row.amountMinor, 0);
        const balance = balances.get(account.externalId);
        const start = opening.get(account.externalId);
        expect(balance?.currency).toBe(account.currency);
        expect(balance?.asOf).toBe(asOf);
        if (account.type === 'brokerage') {
          // Cash moves with the rows; the current balance adds the holdings' market value.
          expect(balance?.availableMinor).toBe((start?.availableMinor ?? 0) + posted);
          const holdings = demoBankHoldings({ seed: SEED, asOf });
          const value = holdings.reduce((total, holding) => total + holding.marketValueMinor, 0);
          expect(balance?.currentMinor).toBe((balance?.availableMinor ?? 0) + value);
          continue;
        }
        expect(balance?.currentMinor).toBe((start?.currentMinor ?? 0) + posted);
        if (account.type === 'depository')
          expect(balance?.availableMinor).toBe((balance?.currentMinor ?? 0) + pending);
        if (account.type === 'credit') {
          expect(balance?.availableMinor).toBe(
            (account.creditLimitMinor ?? 0) + (balance?.currentMinor ?? 0) + pending,
          );
          expect(balance?.creditLimitMinor).toBe(account.creditLimitMinor);
        }
        if (account.type === 'loan') expect(balance?.availableMinor).toBeNull();
      }
    },
  );

  it('shows liabilities as negative, the mortgage shrinking and the card within its limit', () => {
    const early = byAccount(demoBankBalances({ seed: SEED, asOf: '2024-11-22' }));
    const late = byAccount(demoBankBalances({ seed: SEED, asOf: '2026-11-22' }));
    const mortgage = idOf('mortgage');
    expect(early.get(mortgage)?.currentMinor).toBeLessThan(0);
    expect(late.get(mortgage)?.currentMinor).toBeGreaterThan(early.get(mortgage)?.currentMinor ?? 0);
    const card = late.get(idOf('credit card'));
    expect(card?.currentMinor).toBeLessThanOrEqual(0);
    expect(card?.availableMinor).toBeGreaterThan(0);
    expect(card?.availableMinor).toBeLessThanOrEqual(card?.creditLimitMinor ?? 0);
  });

  it.each(['balances-seed', 'alice', 'u_123'])(
    'keeps cash accounts above zero every day for seed %s',
    (seed) => {
      const rows = demoBankTransactions({ seed, from: '2020-01-01', to: '2026-11-22', today: '2026-11-22' });
      const running = new Map(
        demoBankBalances({ seed, asOf: '2019-12-31' }).map((balance) => [
          balance.accountExternalId,
          balance.currentMinor,
        ]),
      );
      const cash = new Set(
        demoBankAccounts(seed, 'standard')
          .filter((account) => account.type === 'depository')
          .map((account) => account.externalId),
      );
      let lowest = Number.POSITIVE_INFINITY;
      for (const row of rows) {
        if (row.status !== 'posted') continue;
        const next = (running.get(row.accountExternalId) ?? 0) + row.amountMinor;
        running.set(row.accountExternalId, next);
        if (cash.has(row.accountExternalId)) lowest = Math.min(lowest, next);
      }
      expect(lowest).toBeGreaterThan(0);
      for (const balance of demoBankBalances({ seed, asOf: '2026-11-22' })) {
        expect(Number.isSafeInteger(balance.currentMinor)).toBe(true);
      }
    },
  );

  it('returns the opening balances before the history starts', () => {
    expect(
      demoBankBalances({ seed: SEED, asOf: '2015-06-30' }).map((balance) => balance.currentMinor),
    ).toEqual([...opening.values()].map((balance) => balance.currentMinor));
  });
});

describe('demoBankSync', () => {
  it('returns what the four separate calls return', () => {
    const today = '2026-11-22';
    const from = addDays(today, -30);
    const result = demoBankSync({ seed: SEED, from, to: today, today });
    expect(result.accounts).toEqual(accounts);
    expect(result.transactions).toEqual(demoBankTransactions({ seed: SEED, from, to: today, today }));
    expect(result.balances).toEqual(demoBankBalances({ seed: SEED, asOf: today }));
    expect(result.holdings).toEqual(demoBankHoldings({ seed: SEED, asOf: today }));
  });
});
