import type { IsoDate } from '../dates';

/**
 * One transaction read from a bank export. `amountMinor` is an integer in the minor units of
 * `currency`, signed from the account holder's side: positive = money into the account.
 */
export type ParsedTransaction = {
  /** 1-based line of the file where the row or record starts. */
  line: number;
  date: IsoDate;
  amountMinor: number;
  currency: string;
  /** What the statement calls the transaction (description, OFX NAME, QIF payee); may be ''. */
  name: string;
  memo?: string;
  payee?: string;
  checkNumber?: string;
  /** The bank's own id for the row when the file has one (OFX FITID, a unique CSV reference column). */
  externalId?: string;
  /** The category the file assigns (QIF L, a CSV category column), verbatim. */
  providerCategory?: string;
  /**
   * A payment made in another currency, as the file states it beside the amount in the account's
   * currency: the foreign amount (minor units of its currency, same sign as `amountMinor`) and the
   * exchange rate the bank applied (a decimal string, as written), when given. A detail of the row only.
   */
  foreign?: { amountMinor: number; currency: string; rate?: string };
  /**
   * Stable dedupe key: `date|amountMinor|normalised name|n`, where n counts earlier rows of the same
   * file with the same date, amount and name (so two identical coffees on one day stay two).
   */
  fingerprint: string;
};

/** A balance the file states, in minor units of `currency` (negative on a card = money owed). */
export type ParsedBalance = { amountMinor: number; currency: string; asOf: IsoDate };

export type ParsedAccount = {
  /** The full account number as the file gives it (OFX ACCTID); mask it for display. */
  externalId?: string;
  /** The file's own account type, verbatim ('CHECKING', 'CREDITCARD', QIF 'Bank', 'CCard'). */
  type?: string;
  currency?: string;
  balance?: ParsedBalance;
  /** The balance the statement opens with (CAMT OPBD/PRCD, MT940 :60F:), when stated. */
  openingBalance?: ParsedBalance;
  institution?: string;
};

/** What kind of security a position is (the `security.type` values imports use). */
export type SecurityKind = 'equity' | 'etf' | 'mutual_fund' | 'bond' | 'other';

/**
 * A holding an investment statement reports (OFX INVPOSLIST): units and unit price as the decimal
 * strings the file writes (never rounded), the market value in minor units when stated.
 */
export type ParsedPosition = {
  line: number;
  /** The file's id for the security: 'CUSIP:922908769', 'ISIN:US9229087690', or 'TICKER:VTI'. */
  securityId: string;
  name: string;
  ticker?: string;
  kind: SecurityKind;
  /** Negative for a short position. */
  units: string;
  unitPrice: string;
  marketValueMinor?: number;
  currency: string;
  asOf: IsoDate;
};

/** Everything one statement of a file holds. Parsers return all of it or throw ImportParseError. */
export type ParsedStatement = {
  account?: ParsedAccount;
  transactions: ParsedTransaction[];
  /** An investment statement's positions (OFX INVPOSLIST), the account's holdings as of their dates. */
  positions?: ParsedPosition[];
  /** Things the user should know that did not stop the import (ambiguous dates, merged splits…). */
  warnings: string[];
};

export type ImportFileKind = 'csv' | 'ofx' | 'qif' | 'camt' | 'mt940';

/**
 * A file that cannot be imported. `line` is 1-based; the message starts with 'Line N: ' and says what
 * was found and what was expected. Nothing of the file is imported when this is thrown.
 */
export class ImportParseError extends Error {
  readonly line: number;
  /** The message without the 'Line N: ' prefix. */
  readonly reason: string;

  constructor(line: number, reason: string) {
    super(`Line ${line}: ${reason}`);
    this.name = 'ImportParseError';
    this.line = line;
    this.reason = reason;
  }
}
