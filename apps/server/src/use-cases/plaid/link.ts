import { findConnection, storedPreferences, type Database } from '@lodestar/db';
import type { CountryCode, LinkTokenCreateRequest } from 'plaid';
import type { Config } from '../../config/env';
import {
  PLAID_MESSAGES,
  plaidApiFor,
  plaidCall,
  plaidConfigured,
  plaidSdk,
} from '../../connectors/plaid/client';
import { PLAID_PROVIDER } from '../../connectors/plaid/plaid-connector';
import { openConnectionSecret } from '../../secrets/connection-secret';
import { AppError } from '../../http/app-error';

/** Languages Plaid Link speaks (link/token/create `language`). */
const LINK_LANGUAGES = new Set([
  'da',
  'nl',
  'en',
  'et',
  'fr',
  'de',
  'hi',
  'it',
  'ja',
  'lv',
  'lt',
  'no',
  'pl',
  'pt',
  'ro',
  'es',
  'sv',
  'vi',
]);
/** Countries Plaid serves (link/token/create `country_codes`), from the SDK once it is loaded. */
let linkCountries: Set<string> | undefined;
function isLinkCountry(code: string): boolean {
  linkCountries ??= new Set(Object.values(plaidSdk().CountryCode) as string[]);
  return linkCountries.has(code);
}

/** Link's language and countries from the user's number format (`de-DE` → German, Germany and the US). */
export function linkLocale(numberFormat: unknown): { language: string; countryCodes: CountryCode[] } {
  const [language = 'en', country = 'US'] = typeof numberFormat === 'string' ? numberFormat.split('-') : [];
  const countries = [country.toUpperCase(), 'US'].filter(
    (code, index, all) => isLinkCountry(code) && all.indexOf(code) === index,
  );
  return {
    language: LINK_LANGUAGES.has(language.toLowerCase()) ? language.toLowerCase() : 'en',
    countryCodes: countries as CountryCode[],
  };
}

export function assertPlaidConfigured(config: Config): void {
  if (!plaidConfigured(config)) throw new AppError('CONFLICT', PLAID_MESSAGES.notConfigured);
}

/**
 * A Link token for the user: transactions, plus investments and liabilities where the institution offers
 * them; with `connectionId`, an update-mode token for that connection's item (signing in again).
 */
export async function createLinkToken(options: {
  db: Database;
  config: Config;
  userId: string;
  connectionId?: string;
}): Promise<{ linkToken: string; expiration: string }> {
  const { db, config, userId } = options;
  assertPlaidConfigured(config);
  const preferences = await storedPreferences(db, userId);
  const { language, countryCodes } = linkLocale(preferences.number_format);
  const request: LinkTokenCreateRequest = {
    client_name: 'Lodestar',
    language,
    country_codes: countryCodes,
    user: { client_user_id: userId },
    webhook: `${config.publicUrl}/api/v1/plaid/webhook`,
  };
  if (options.connectionId) {
    const connection = await findConnection(db, userId, options.connectionId);
    if (!connection || connection.provider !== PLAID_PROVIDER) throw AppError.notFound('No such connection');
    const accessToken = openConnectionSecret(config.secrets.encryptionKey, connection);
    if (!accessToken || connection.status === 'disconnected')
      throw new AppError('CONFLICT', 'This connection was disconnected: link the bank again instead');
    request.access_token = accessToken;
  } else {
    const { Products } = plaidSdk();
    request.products = [Products.Transactions];
    request.optional_products = [Products.Investments, Products.Liabilities];
    request.transactions = { days_requested: 730 };
  }
  const answer = await plaidCall(() => plaidApiFor(config).linkTokenCreate(request)).catch(
    (error: unknown) => {
      throw new AppError('EXTERNAL_SERVICE', 'Plaid did not create a link session. Try again in a moment.', {
        details: error instanceof Error ? error.message : undefined,
      });
    },
  );
  return { linkToken: answer.link_token, expiration: answer.expiration };
}
