import type { Exchange } from 'ccxt';
import { ccxtLibrary } from './client';
import type { ExchangeId } from './exchanges';

/**
 * What an API key may do, read from the endpoint each exchange documents for it. Lodestar only reads,
 * so a key that can trade or move funds is refused, naming the permissions to switch off. Where the
 * exchange has no such endpoint (Bitstamp; trading on Kraken), the key is taken on the user's word
 * and the form says to make it read-only.
 */

export type KeyPermissions = {
  /** The exchange told us what the key may do. */
  known: boolean;
  /** The exchange's names of the permissions to remove (empty: read-only as far as we can tell). */
  remove: string[];
};

type Call = (params?: object) => Promise<unknown>;
const call = (exchange: Exchange, method: string): Call => {
  const fn = (exchange as unknown as Record<string, Call | undefined>)[method];
  if (typeof fn !== 'function') throw new Error(`ccxt has no ${method}`);
  return fn.bind(exchange);
};

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
const truthy = (value: unknown) => value === true || value === 'true' || value === 1 || value === '1';

/** Binance `GET /sapi/v1/account/apiRestrictions`: each enable… flag that is on, by its switch's name. */
const BINANCE_FLAGS: [string, string][] = [
  ['enableWithdrawals', 'Enable Withdrawals'],
  ['enableSpotAndMarginTrading', 'Enable Spot & Margin Trading'],
  ['enableMargin', 'Enable Margin Loan, Repay & Transfer'],
  ['enableFutures', 'Enable Futures'],
  ['enableVanillaOptions', 'Enable European Options'],
  ['enablePortfolioMarginTrading', 'Enable Portfolio Margin Trading'],
  ['enableInternalTransfer', 'Permits Internal Transfer'],
  ['permitsUniversalTransfer', 'Permits Universal Transfer'],
];

/** Bybit `GET /v5/user/query-api`: `readOnly` 1 is a read-only key; else the groups that hold permissions. */
const BYBIT_READ_ONLY_GROUPS = new Set(['Exchange']);

export async function readKeyPermissions(id: ExchangeId, exchange: Exchange): Promise<KeyPermissions> {
  switch (id) {
    case 'binance': {
      const answer = record(await call(exchange, 'sapiGetAccountApiRestrictions')());
      return {
        known: true,
        remove: BINANCE_FLAGS.filter(([flag]) => truthy(answer[flag])).map(([, name]) => name),
      };
    }
    case 'coinbase': {
      const answer = record(await call(exchange, 'v3PrivateGetBrokerageKeyPermissions')());
      const remove: string[] = [];
      if (truthy(answer.can_trade)) remove.push('Trade');
      if (truthy(answer.can_transfer)) remove.push('Transfer');
      return { known: true, remove };
    }
    case 'okx': {
      const answer = record(await call(exchange, 'privateGetAccountConfig')());
      const config = record(Array.isArray(answer.data) ? answer.data[0] : undefined);
      const perms = String(config.perm ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
      const remove: string[] = [];
      if (perms.includes('trade')) remove.push('Trade');
      if (perms.includes('withdraw')) remove.push('Withdraw');
      return { known: perms.length > 0, remove };
    }
    case 'bybit': {
      const answer = record(record(await call(exchange, 'privateGetV5UserQueryApi')()).result);
      if (truthy(answer.readOnly)) return { known: true, remove: [] };
      const permissions = record(answer.permissions);
      const remove = Object.entries(permissions).flatMap(([group, items]) =>
        Array.isArray(items) && items.length > 0 && !BYBIT_READ_ONLY_GROUPS.has(group)
          ? items.map(String)
          : [],
      );
      return { known: true, remove: remove.length ? remove : ['Read-Write (choose Read-Only)'] };
    }
    case 'kucoin': {
      const answer = record(record(await call(exchange, 'privateGetUserApiKey')()).data);
      const perms = String(answer.permission ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
      return { known: perms.length > 0, remove: perms.filter((perm) => perm !== 'General') };
    }
    case 'gemini': {
      const answer = record(await call(exchange, 'privatePostV1Roles')());
      const remove: string[] = [];
      if (truthy(answer.isTrader)) remove.push('Trader');
      if (truthy(answer.isFundManager)) remove.push('Fund Manager');
      return { known: true, remove };
    }
    case 'kraken': {
      // Kraken documents no call that lists a key's permissions; WithdrawMethods needs "Withdraw Funds",
      // so an answer (rather than "permission denied") means the key can withdraw. Trading cannot be
      // told without sending an order, which Lodestar never does.
      try {
        await call(exchange, 'privatePostWithdrawMethods')();
        return { known: false, remove: ['Withdraw Funds'] };
      } catch (error) {
        if (error instanceof ccxtLibrary().PermissionDenied) return { known: false, remove: [] };
        throw error;
      }
    }
    case 'bitstamp':
      return { known: false, remove: [] };
  }
}
