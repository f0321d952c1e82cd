import { addDays, fromMajor, isCurrencyCode, type IsoDate } from '@lodestar/domain';
import {
  ProviderError,
  type Connector,
  type ConnectorAccount,
  type ConnectorContext,
  type ConnectorTransaction,
  type SyncPage,
} from '../types';
import { fetchAccountSet, sanitizeNotice, type AccountSet, type SimplefinAccount } from './client';

/**
 * SimpleFIN Bridge (ADR 017). No change feed: each sync asks for everything from a start date and the
 * engine makes the window match the answer exactly (added, changed, dropped by id). One request per
 * sync (the answer for the accounts step is reused for the transactions step), a sync at most every 4
 * hours (the Bridge allows about 24 requests a day per access).
 */

export const SIMPLEFIN_PROVIDER = 'simplefin';
export const SIMPLEFIN_INSTITUTION = { externalId: 'simplefin-bridge', name: 'SimpleFIN Bridge' };
/** How far back the first sync reads (the Bridge keeps about 90 days for most banks). */
export const SIMPLEFIN_HISTORY_DAYS = 90;
/** Later syncs read again this many days before the last one, so late postings and edits land. */
export const SIMPLEFIN_OVERLAP_DAYS = 14;
export const SIMPLEFIN_MIN_SYNC_INTERVAL_MS = 4 * 60 * 60 * 1000;

type Cursor = { through: IsoDate };

function parseCursor(cursor: string | null | undefined): Cursor | null {
  if (!cursor) return null;
  try {
    const parsed = JSON.parse(cursor) as Partial<Cursor>;
    return typeof parsed.through === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(parsed.through)
      ? { through: parsed.through }
      : null;
  } catch {
    return null;
  }
}

/** The first day the sync reads: 90 days on a first sync, else 14 days before the last, never more than 90. */
export function windowStart(today: IsoDate, cursor: string | null | undefined): IsoDate {
  const oldest = addDays(today, -SIMPLEFIN_HISTORY_DAYS);
  const last = parseCursor(cursor);
  if (!last) return oldest;
  const from = addDays(last.through > today ? today : last.through, -SIMPLEFIN_OVERLAP_DAYS);
  return from < oldest ? oldest : from;
}

const dayOf = (seconds: number): IsoDate => new Date(seconds * 1000).toISOString().slice(0, 10);
const secondsOf = (day: IsoDate) => Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000);

function orgKey(account: SimplefinAccount): string {
  const { org } = account;
  return (org.domain || org.id || org.name || org['sfin-url'] || 'simplefin').toLowerCase();
}

/** Account ids are unique within an organisation (protocol), so ours name the organisation too. */
const accountKey = (account: SimplefinAccount) => `${orgKey(account)}/${account.id}`;

/** SimpleFIN sends no account type; the name usually says which kind it is. */
export function guessAccountType(name: string): { type: string; subtype: string | null } {
  const text = name.toLowerCase();
  if (/credit|card|visa|mastercard|amex/.test(text)) return { type: 'credit', subtype: 'credit card' };
  if (/mortgage/.test(text)) return { type: 'loan', subtype: 'mortgage' };
  if (/loan|auto|student/.test(text)) return { type: 'loan', subtype: null };
  if (/401k|401\(k\)|ira\b|roth|brokerage|invest|retire/.test(text))
    return { type: 'investment', subtype: null };
  if (/saving/.test(text)) return { type: 'depository', subtype: 'savings' };
  return { type: 'depository', subtype: 'checking' };
}

/** Accounts in money we can count (ISO 4217); a custom currency (a URL: miles, points) is left out. */
function usable(account: SimplefinAccount): boolean {
  return isCurrencyCode(account.currency.toUpperCase());
}

export function customCurrencyNotice(account: SimplefinAccount): string {
  return sanitizeNotice(
    `“${account.name}” is kept in a custom currency (points, miles or similar), which is not money here, so it is not imported.`,
  );
}

function minor(value: string, currency: string): number {
  try {
    return fromMajor(value, currency).amountMinor;
  } catch {
    throw new ProviderError('invalid', 'SimpleFIN Bridge sent an amount that is not a number.');
  }
}

/** The Bridge's `balance-date` (Unix seconds) as a time; none for 0, and never later than now. */
function balanceDate(seconds: number, now: Date): Date | null {
  if (!seconds) return null;
  return new Date(Math.min(seconds * 1000, now.getTime()));
}

function toAccount(account: SimplefinAccount, now: Date): ConnectorAccount {
  const currency = account.currency.toUpperCase();
  const kind = guessAccountType(account.name);
  const available = account['available-balance'];
  return {
    externalId: accountKey(account),
    name: sanitizeNotice(account.name) || 'Account',
    officialName: null,
    type: kind.type,
    subtype: kind.subtype,
    currency,
    mask: null,
    currentBalanceMinor: minor(account.balance, currency),
    availableBalanceMinor: available ? minor(available, currency) : null,
    creditLimitMinor: null,
    balanceAsOf: balanceDate(account['balance-date'], now),
  };
}

function toTransactions(account: SimplefinAccount, today: IsoDate): ConnectorTransaction[] {
  const currency = account.currency.toUpperCase();
  return account.transactions.map((item) => {
    const pending = item.pending === true;
    const happened = item.transacted_at ? dayOf(item.transacted_at) : null;
    const posted = item.posted > 0 ? dayOf(item.posted) : null;
    const date = (pending ? (happened ?? posted) : (posted ?? happened)) ?? today;
    const payee = item.payee?.trim() || null;
    const description = item.description.trim();
    const memo = item.memo?.trim() || null;
    const details = [payee ? description : null, memo].filter(Boolean).join(' · ');
    return {
      externalId: item.id,
      accountExternalId: accountKey(account),
      date,
      authorizedDate: happened,
      amountMinor: minor(item.amount, currency),
      currency,
      name: payee ?? (description || 'Transaction'),
      merchantName: payee,
      description: details || null,
      status: pending ? 'pending' : 'posted',
    };
  });
}

/** The one answer of a sync, shared by its accounts step and its transactions step. */
const answers = new WeakMap<ConnectorContext, Promise<AccountSet>>();

function accountSet(context: ConnectorContext): Promise<AccountSet> {
  let answer = answers.get(context);
  if (!answer) {
    if (!context.secret) throw new ProviderError('needs_reauth', 'The SimpleFIN access is missing');
    const from = windowStart(context.today, context.cursor);
    answer = fetchAccountSet(
      context.secret,
      { startDate: secondsOf(from), pending: true },
      context.outbound ?? { allowPrivate: false },
    );
    answers.set(context, answer);
    // A failed request is asked again on the engine's retry, not served from here.
    answer.catch(() => answers.delete(context));
  }
  return answer;
}

/** Where the accounts come from: one organisation's name, or the Bridge when they span several. */
function institutionOf(set: AccountSet): SyncPage['institution'] {
  const orgs = new Map(set.accounts.map((account) => [orgKey(account), account.org]));
  if (orgs.size !== 1) return { ...SIMPLEFIN_INSTITUTION };
  const [[key, org]] = [...orgs.entries()] as [[string, SimplefinAccount['org']]];
  const name =
    sanitizeNotice(org.name ?? '') || sanitizeNotice(org.domain ?? '') || SIMPLEFIN_INSTITUTION.name;
  const url = org.url ?? (org.domain ? `https://${org.domain}` : undefined);
  return { externalId: key, name, ...(url && /^https:\/\//.test(url) ? { url } : {}) };
}

export const simplefinConnector: Connector = {
  provider: SIMPLEFIN_PROVIDER,
  institution: SIMPLEFIN_INSTITUTION,
  minSyncIntervalMs: SIMPLEFIN_MIN_SYNC_INTERVAL_MS,

  async accounts(context) {
    const set = await accountSet(context);
    const now = new Date();
    return set.accounts.filter(usable).map((account) => toAccount(account, now));
  },

  async sync(context) {
    const set = await accountSet(context);
    const from = windowStart(context.today, context.cursor);
    const accounts = set.accounts.filter(usable);
    const skipped = set.accounts.filter((account) => !usable(account)).map(customCurrencyNotice);
    const institution = institutionOf(set);
    return {
      added: accounts.flatMap((account) => toTransactions(account, context.today)),
      modified: [],
      removed: [],
      window: { from, accountExternalIds: accounts.map(accountKey) },
      notices: [...set.errors, ...skipped],
      ...(institution ? { institution } : {}),
      nextCursor: JSON.stringify({ through: context.today } satisfies Cursor),
      hasMore: false,
      progress: 1,
    };
  },
};
