import {
  holdersValuedByHoldings,
  oldestSnapshotDate,
  recomputeHoldingValueSnapshots,
  type Database,
  type Executor,
} from '@lodestar/db';
import { cryptoAssetByPriceId, currencyExponent, type CryptoAsset } from '@lodestar/domain';
import { BLOCKCHAIN_PROVIDER } from '../connectors/blockchain/blockchain-connector';
import { CCXT_PROVIDER } from '../connectors/ccxt/settings';
import type { ConnectorHolding, CryptoServices } from '../connectors/types';
import type { Logger } from '../logger';

/** Holdings priced by the shared crypto price service (their security ids are its price ids). */
const CRYPTO_PRICED = 'crypto';

function assetOf(security: ConnectorHolding['security']): CryptoAsset {
  return (
    cryptoAssetByPriceId(security.externalId) ?? {
      priceId: security.externalId,
      symbol: security.ticker ?? security.name,
      name: security.name,
    }
  );
}

/**
 * Fills the daily closes of the crypto assets a sync's accounts hold (ADR 076), before their history is
 * written: for each account from the first day its holdings' quantities changed (when the source gives
 * that history) or else the first day of its stored history, so the days between two syncs get closes.
 * One request per asset (the price service asks from the earliest day any of the accounts needs). The
 * engine calls it, never a connector: connectors read, the engine writes. A failure here leaves the gaps
 * for the next sync and never fails the sync. Answers, per security id, the oldest day whose close was
 * written, so the history is valued again from there.
 */
export async function backfillHeldCrypto(
  db: Database,
  crypto: CryptoServices,
  scope: {
    userId: string;
    today: string;
    holdings: readonly ConnectorHolding[];
    accountIds: ReadonlyMap<string, string>;
    logger: Logger;
  },
): Promise<Map<string, string>> {
  try {
    const held = new Map<string, ConnectorHolding[]>();
    for (const item of scope.holdings)
      if (item.security.provider === CRYPTO_PRICED)
        held.set(item.accountExternalId, [...(held.get(item.accountExternalId) ?? []), item]);
    const wanted: { asset: CryptoAsset; from: string }[] = [];
    for (const [accountExternalId, items] of held) {
      const accountId = scope.accountIds.get(accountExternalId);
      if (!accountId) continue;
      let from = (await oldestSnapshotDate(db, scope.userId, accountId)) ?? scope.today;
      for (const item of items)
        for (const change of item.quantityChanges ?? []) if (change.date < from) from = change.date;
      for (const item of items) wanted.push({ asset: assetOf(item.security), from });
    }
    return await crypto.prices.backfill(wanted, scope.today);
  } catch (error) {
    scope.logger.warn(
      { reason: error instanceof Error ? error.message : String(error) },
      'crypto price history not filled',
    );
    return new Map();
  }
}

/**
 * After a sync filled closes (security id → the oldest day written): the daily balances of the other
 * wallets and exchange accounts holding those assets, from that day to the last day of their history
 * (closes are shared by every user). Their quantities on those days are today's, as each of their syncs
 * values the days since the one before; a Bitcoin wallet, whose past quantities come from its chain's
 * history, is valued again by its own next sync instead. Answers how many accounts were valued again.
 */
export async function revalueOtherCryptoHolders(
  db: Executor,
  written: ReadonlyMap<string, string>,
  except: readonly string[],
): Promise<number> {
  const holders = await holdersValuedByHoldings(db, {
    securityIds: [...written.keys()],
    providers: [BLOCKCHAIN_PROVIDER, CCXT_PROVIDER],
    skipSubtypes: ['bitcoin'],
    except,
  });
  let revalued = 0;
  for (const holder of holders) {
    const oldest = holder.securityIds
      .map((id) => written.get(id))
      .reduce<string>((min, date) => (date && date < min ? date : min), holder.last);
    const from = oldest < holder.first ? holder.first : oldest;
    if (from > holder.last) continue;
    await recomputeHoldingValueSnapshots(db, {
      userId: holder.userId,
      accountId: holder.accountId,
      from,
      today: holder.last,
      currency: holder.currency,
      exponent: currencyExponent(holder.currency),
      changes: [],
    });
    revalued += 1;
  }
  return revalued;
}
