import { createHash } from 'node:crypto';
import {
  findConnection,
  insertConnection,
  listConnections,
  listWalletHoldings,
  upsertInstitution,
  type Database,
} from '@lodestar/db';
import { DECIMALS, currencyExponent, isCryptoPriceStale, money } from '@lodestar/domain';
import { createExchange, exchangeCall, type ExchangeAccess } from '../../connectors/ccxt/client';
import type { ConnectorConfig } from '../../connectors/registry';
import {
  EXCHANGES,
  READ_ONLY_ADVICE,
  type CredentialField,
  type ExchangeId,
} from '../../connectors/ccxt/exchanges';
import { readKeyPermissions } from '../../connectors/ccxt/permissions';
import { CCXT_PROVIDER, parseExchangeSettings, serializeCredentials } from '../../connectors/ccxt/settings';
import { ProviderError } from '../../connectors/types';
import { AppError } from '../../http/app-error';
import { reportingFor } from '../../fx/reporting';
import { sealSecret } from '../../secrets/secret-box';
import { connectionView } from '../accounts/views';
import { normalizeDecimal, productMinor } from '../holdings/decimal';
import { todaysReporting } from '../holdings/reporting';
import { assertWithinLimits, type UserLimits } from '../limits/user-limits';

/** Exchange connections through ccxt (docs/crypto.md): connect with a read-only key, list, sync. */

export const EXCHANGE_TEXTS = {
  duplicate: 'This API key is already connected',
  notFound: 'No such exchange connection',
  required: (label: string) => `Enter the ${label}`,
  tooLong: (label: string) => `This is not an API ${label.toLowerCase()}`,
  notReadOnly: (name: string, remove: string[]) =>
    `This ${name} key can do more than read. Turn off ${remove.map((item) => `“${item}”`).join(', ')} for the key (or create a read-only key) and try again. ${READ_ONLY_ADVICE}`,
} as const;

export const CREDENTIAL_LABELS: Record<CredentialField, string> = {
  apiKey: 'API key',
  secret: 'API secret',
  password: 'Passphrase',
  uid: 'User ID',
};

export type ExchangeInput = {
  exchange: ExchangeId;
  apiKey?: string;
  secret?: string;
  password?: string;
  uid?: string;
  label?: string;
};

function refuse(field: string, message: string, code = 'invalid'): never {
  throw new AppError('VALIDATION_FAILED', 'Validation failed', { items: [{ field, message, code }] });
}

function labelOf(id: ExchangeId, field: CredentialField): string {
  return field === 'password'
    ? (EXCHANGES[id].passwordLabel ?? CREDENTIAL_LABELS.password)
    : CREDENTIAL_LABELS[field];
}

/** The exchanges a user can connect, each with the credential fields its key has. */
export function supportedExchanges() {
  return {
    advice: READ_ONLY_ADVICE,
    exchanges: Object.values(EXCHANGES).map((info) => ({
      id: info.id,
      name: info.name,
      fields: info.credentials.map((field) => ({ name: field, label: labelOf(info.id, field) })),
      keyHelp: info.keyHelp,
      accountTypes: [...new Set(info.balances.map((balance) => balance.accountType))],
    })),
  };
}

/** Checks the form: every field the exchange's key needs, nothing it does not (never stored). */
export function checkExchangeInput(input: ExchangeInput) {
  const info = EXCHANGES[input.exchange];
  const credentials: Record<string, string> = {};
  for (const field of info.credentials) {
    const value = input[field]?.trim();
    if (!value) refuse(field, EXCHANGE_TEXTS.required(labelOf(info.id, field)), 'required');
    credentials[field] = value;
  }
  const label = input.label?.trim() || info.name;
  if (label.length > 100) refuse('label', 'Name the exchange in 100 characters or fewer');
  return {
    info,
    label,
    credentials: {
      apiKey: credentials.apiKey ?? '',
      secret: credentials.secret ?? '',
      ...(credentials.password ? { password: credentials.password } : {}),
      ...(credentials.uid ? { uid: credentials.uid } : {}),
    },
  };
}

/** A fingerprint of the key's public part, to tell the same key connected twice (not the secret). */
function keyFingerprint(exchange: ExchangeId, apiKey: string): string {
  return createHash('sha256').update(`${exchange}\u0000${apiKey}`).digest('hex').slice(0, 32);
}

function asAppError(name: string, error: ProviderError): AppError {
  if (error.kind === 'needs_reauth' || error.kind === 'invalid')
    return new AppError('VALIDATION_FAILED', 'Validation failed', {
      items: [{ field: 'apiKey', message: error.message, code: 'invalid_key' }],
    });
  if (error.kind === 'timeout') return new AppError('TIMEOUT', error.message);
  return new AppError('EXTERNAL_SERVICE', `${name} is not answering right now. Try again in a few minutes.`);
}

/**
 * Connects an exchange: the key must work (a balance is read) and must not be able to trade or move
 * funds where the exchange says so; then it is stored sealed. Nothing is written when a check fails.
 */
export async function connectExchange(options: {
  db: Database;
  userId: string;
  input: ExchangeInput;
  limits: UserLimits;
  encryptionKey: string;
  access: ExchangeAccess;
}) {
  const { db, userId } = options;
  const { info, label, credentials } = checkExchangeInput(options.input);
  const fingerprint = keyFingerprint(info.id, credentials.apiKey);
  const existing = await listConnections(db, userId);
  if (
    existing.some(
      ({ connection }) =>
        connection.provider === CCXT_PROVIDER &&
        (connection.settings as Record<string, unknown>).keyFingerprint === fingerprint,
    )
  )
    throw new AppError('CONFLICT', EXCHANGE_TEXTS.duplicate);
  await assertWithinLimits(db, userId, { addAccounts: 1 }, options.limits);

  const exchange = createExchange(info.id, credentials, options.access);
  try {
    await exchangeCall(info.id, () => exchange.fetchBalance({ type: info.balances[0]!.ccxtType }));
    const permissions = await exchangeCall(info.id, () => readKeyPermissions(info.id, exchange));
    if (permissions.remove.length > 0)
      refuse('apiKey', EXCHANGE_TEXTS.notReadOnly(info.name, permissions.remove), 'key_not_read_only');
  } catch (error) {
    if (error instanceof ProviderError) throw asAppError(info.name, error);
    throw error;
  }

  const sealed = sealSecret(serializeCredentials(credentials), options.encryptionKey);
  return db.transaction(async (tx) => {
    const institutionId = await upsertInstitution(tx, {
      provider: CCXT_PROVIDER,
      externalId: info.id,
      name: info.name,
    });
    return insertConnection(tx, {
      userId,
      provider: CCXT_PROVIDER,
      institutionId,
      displayName: label,
      settings: { exchange: info.id, label, keyFingerprint: fingerprint },
      secretCiphertext: sealed.ciphertext,
      secretKeyId: sealed.keyId,
    });
  });
}

/** The user's exchange connections with their accounts and holdings, valued in the reporting currency. */
export async function listExchanges(db: Database, userId: string, config: ConnectorConfig, now: Date) {
  const connections = (await listConnections(db, userId)).filter(
    (row) => row.connection.provider === CCXT_PROVIDER,
  );
  const rows = await listWalletHoldings(db, userId, CCXT_PROVIDER);
  const basis = await reportingFor(db, userId, now);
  const currencies = [...new Set(['USD', ...rows.map((row) => row.currency)])];
  const reporting = await todaysReporting(db, userId, basis, currencies);
  return {
    reportingCurrency: basis.currency,
    advice: READ_ONLY_ADVICE,
    exchanges: connections.flatMap((row) => {
      const settings = parseExchangeSettings(row.connection.settings);
      if (!settings) return [];
      const info = EXCHANGES[settings.exchange];
      const holdings = rows
        .filter((holding) => holding.connectionId === row.connection.id)
        .map((holding) => {
          const cash = holding.securityType === 'cash';
          // Cash is worth its amount; a crypto asset its newest quote, or nothing when never priced.
          const unitPrice = cash ? holding.holdingPrice : holding.price;
          const exponent = currencyExponent(holding.currency);
          const valueMinor = unitPrice === null ? null : productMinor(holding.quantity, unitPrice, exponent);
          const converted = valueMinor === null ? null : reporting.convert(valueMinor, holding.currency);
          return {
            accountId: holding.accountId,
            account: holding.accountName,
            accountType: holding.accountType,
            symbol: holding.symbol,
            name: holding.name,
            quantity: normalizeDecimal(holding.quantity),
            quantityDecimals: cash ? exponent : DECIMALS.crypto,
            price:
              unitPrice === null ? null : { amount: normalizeDecimal(unitPrice), currency: holding.currency },
            priceAt: cash ? null : (holding.priceAt?.toISOString() ?? null),
            priceStale: !cash && holding.priceAt ? isCryptoPriceStale(holding.priceAt, now) : false,
            change24hPercent: holding.change24hPercent === null ? null : Number(holding.change24hPercent),
            depegged: holding.depegged,
            value: valueMinor === null ? null : money(valueMinor, holding.currency),
            converted: converted === null ? null : money(converted, basis.currency),
          };
        });
      const view = connectionView(row, config, now);
      // Holdings without a price add nothing; one with a value but no exchange rate leaves no total.
      const valued = holdings.filter((item) => item.value !== null);
      const totalConverted = valued.every((item) => item.converted !== null)
        ? valued.reduce((sum, item) => sum + (item.converted?.amountMinor ?? 0), 0)
        : null;
      return [
        {
          id: row.connection.id,
          exchange: settings.exchange,
          exchangeName: info.name,
          label: row.connection.displayName,
          totalConverted: totalConverted === null ? null : money(totalConverted, basis.currency),
          holdings,
          status: view.status,
          lastSyncedAt: view.lastSyncedAt,
          lastError: view.lastError,
          syncing: view.sync.state === 'running',
        },
      ];
    }),
  };
}

export async function findExchange(db: Database, userId: string, id: string) {
  const found = await findConnection(db, userId, id);
  if (!found || found.provider !== CCXT_PROVIDER) throw AppError.notFound(EXCHANGE_TEXTS.notFound);
  return found;
}
