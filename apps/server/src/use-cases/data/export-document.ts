import { z } from '@hono/zod-openapi';
import { isAccountType, isCurrencyCode, TRANSACTION_STATUSES } from '@lodestar/domain';
import { userDate } from '../../http/user-date';

/**
 * The export document, version 1 (docs/settings-api.md "Data"): what GET /user/export writes and
 * POST /user/restore reads back. Ids are the exporting database's, so references inside the document
 * hold; a restore maps every one of them to a new id.
 */

export const EXPORT_FORMAT = 'lodestar-export';
export const EXPORT_VERSION = 1;

const id = z.uuid().transform((value) => value.toLowerCase());
const timestamp = z.iso.datetime({ offset: true });
// Restored dates obey the same rule as typed ones (1900 to a year ahead): one validator.
const day = userDate();
const minor = z.int();
const currency = z.string().refine(isCurrencyCode, 'Unknown currency code');
const decimal = z.string().regex(/^-?\d+(\.\d+)?$/, 'Expected a decimal number as text');
const text = (max: number) => z.string().max(max);
const json = z.record(z.string(), z.unknown());

const institution = z.object({
  id,
  provider: text(100).min(1),
  externalId: text(500).min(1),
  name: text(500),
  url: text(2000).nullable(),
});

const connection = z.object({
  id,
  provider: text(100).min(1),
  institutionId: id.nullable(),
  displayName: text(500),
  status: text(40),
  settings: json,
  lastSyncedAt: timestamp.nullable(),
  lastError: text(2000).nullable(),
  lastErrorAt: timestamp.nullable(),
  createdAt: timestamp,
});

const account = z.object({
  id,
  connectionId: id.nullable(),
  externalId: text(500).nullable(),
  name: text(500),
  officialName: text(500).nullable(),
  type: z.string().refine(isAccountType, 'Unknown account type'),
  subtype: text(100).nullable(),
  provider: text(100).min(1),
  status: text(40),
  currency,
  currentBalanceMinor: minor,
  availableBalanceMinor: minor.nullable(),
  creditLimitMinor: minor.nullable(),
  balanceAsOf: timestamp.nullable(),
  mask: text(40).nullable(),
  hidden: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

const transaction = z.object({
  id,
  accountId: id,
  externalId: text(500).min(1),
  date: day,
  authorizedDate: day.nullable(),
  amountMinor: minor,
  currency,
  // A payment abroad as the statement gave it; absent from exports made before these existed.
  foreignAmountMinor: minor.nullable().optional(),
  foreignCurrency: currency.nullable().optional(),
  exchangeRate: z
    .string()
    .max(40)
    .regex(/^\d+(?:\.\d+)?$/)
    .nullable()
    .optional(),
  name: text(1000),
  originalName: text(1000),
  merchantName: text(1000).nullable(),
  description: text(5000).nullable(),
  category: text(100).nullable(),
  detailedCategory: text(200).nullable(),
  categoryConfidence: z.number().min(0).max(1),
  categorySource: z.enum(['provider', 'rule', 'user']),
  providerCategory: text(500).nullable(),
  paymentChannel: text(100).nullable(),
  paymentMethod: text(100).nullable(),
  status: z.enum(TRANSACTION_STATUSES),
  pendingExternalId: text(500).nullable(),
  notes: text(10_000).nullable(),
  tags: z.array(text(200)).max(100),
  excluded: z.boolean(),
  transferPairId: id.nullable(),
  transferGroup: text(500).nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

const balanceSnapshot = z.object({ accountId: id, date: day, balanceMinor: minor, currency });

const balanceUpdate = z.object({ id, accountId: id, date: day, balanceMinor: minor, createdAt: timestamp });

const security = z.object({
  id,
  provider: text(100).min(1),
  externalId: text(500).min(1),
  ticker: text(100).nullable(),
  name: text(500),
  type: text(40),
  currency,
});

const holding = z.object({
  id,
  accountId: id,
  securityId: id,
  quantity: decimal,
  price: decimal,
  costBasis: decimal.nullable(),
  currency,
  asOf: day,
  updatedAt: timestamp,
});

// One buy of a holding added by hand (ADR 077); its buy is the transaction `manual-holding:<lot id>`.
const holdingLot = z.object({
  id,
  holdingId: id,
  quantity: decimal,
  price: decimal,
  date: day,
  createdAt: timestamp,
});

// A lender's dates run decades ahead (a mortgage's maturity): any calendar date, not a typed one.
const lenderDay = z.iso.date();

const liability = z.object({
  accountId: id,
  kind: z.enum(['credit', 'student', 'mortgage']),
  currency,
  aprs: z
    .array(
      z.object({
        type: text(100),
        percentage: decimal,
        balanceSubjectToAprMinor: minor.nullable(),
      }),
    )
    .max(50),
  interestRatePercentage: decimal.nullable(),
  interestRateType: text(40).nullable(),
  nextPaymentMinor: minor.nullable(),
  nextPaymentDueDate: lenderDay.nullable(),
  lastPaymentMinor: minor.nullable(),
  lastPaymentDate: lenderDay.nullable(),
  lastStatementBalanceMinor: minor.nullable(),
  lastStatementIssueDate: lenderDay.nullable(),
  payoffDate: lenderDay.nullable(),
  isOverdue: z.boolean().nullable(),
  updatedAt: timestamp,
});

const rule = z.object({
  id,
  priority: z.int(),
  conditions: json,
  actions: json,
  enabled: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

const csvMapping = z.object({ accountId: id, mapping: json, updatedAt: timestamp });

const property = z.object({
  id,
  accountId: id,
  name: text(500),
  addressLine1: text(500),
  addressLine2: text(500).nullable(),
  city: text(500),
  state: text(100).nullable(),
  postalCode: text(100).nullable(),
  country: z.string().regex(/^[A-Z]{2}$/, 'Expected a two-letter country code'),
  purchasePriceMinor: minor,
  purchaseDate: day,
  currency,
  mortgageAccountId: id.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

const propertyValuation = z.object({
  id,
  propertyId: id,
  date: day,
  valueMinor: minor,
  source: z.enum(['purchase', 'manual']),
  note: text(2000).nullable(),
  createdAt: timestamp,
});

const fxManualRate = z.object({
  id,
  date: day,
  base: currency,
  quote: currency,
  rate: decimal,
  createdAt: timestamp,
});

const apiKeyMetadata = z.object({
  id,
  name: text(200),
  scope: text(20),
  prefix: text(20),
  createdAt: timestamp,
  expiresAt: timestamp.nullable(),
  lastUsedAt: timestamp.nullable(),
  revokedAt: timestamp.nullable(),
});

export const exportDocumentSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exportedAt: timestamp,
  profile: z.object({ name: z.string(), email: z.string() }),
  preferences: json,
  institutions: z.array(institution),
  connections: z.array(connection),
  accounts: z.array(account),
  transactions: z.array(transaction),
  balanceSnapshots: z.array(balanceSnapshot),
  balanceUpdates: z.array(balanceUpdate).default([]),
  securities: z.array(security),
  holdings: z.array(holding),
  // Exports from before lots were exported have none: a restore makes each manual holding its one lot.
  holdingLots: z.array(holdingLot).default([]),
  // Exports from before card and loan terms were exported have none.
  liabilities: z.array(liability).default([]),
  rules: z.array(rule),
  csvMappings: z.array(csvMapping),
  properties: z.array(property),
  propertyValuations: z.array(propertyValuation),
  fxManualRates: z.array(fxManualRate),
  apiKeys: z.array(apiKeyMetadata).default([]),
});

/** The document as parsed for a restore. */
export type ExportDocument = z.output<typeof exportDocumentSchema>;
/** The document as written by an export (every list present). */
export type ExportDocumentInput = z.input<typeof exportDocumentSchema>;

export type ExportInstitution = z.input<typeof institution>;
export type ExportConnection = z.input<typeof connection>;
export type ExportAccount = z.input<typeof account>;
export type ExportTransaction = z.input<typeof transaction>;
export type ExportSnapshot = z.input<typeof balanceSnapshot>;
