import { appInstance, serverInstance } from './app-instance';
import {
  account,
  authEvent,
  emailOutbox,
  passkey,
  passwordConfirmation,
  session,
  twoFactor,
  user,
  verification,
} from './auth';
import {
  balanceRun,
  balanceSnapshot,
  balanceUpdate,
  categorizationRule,
  connection,
  csvMapping,
  financialAccount,
  holding,
  importBatch,
  institution,
  security,
  securityPrice,
  transaction,
} from './money';
import { notificationDelivery, pushSubscription } from './notifications';
import { userPreferences } from './preferences';
import { apiKey } from './api-keys';
import { cryptoPriceHistory, cryptoQuote } from './crypto';
import { billingSubscription, stripeEvent } from './billing';
import { savedReport } from './reports';
import { transferProgress } from './transfer-progress';
import { importJob } from './import-jobs';
import { exportChunk, exportJob } from './export-jobs';
import { cronRun } from './cron-runs';

export * from './app-instance';
export * from './auth';
export * from './money';
export * from './preferences';
export * from './analytics';
export * from './real-estate';
export * from './notifications';
export * from './api-keys';
export * from './crypto';
export * from './market-data';
export * from './billing';
export * from './budgets';
export * from './webhooks';
export * from './reports';
export * from './transfer-progress';
export * from './import-jobs';
export * from './export-jobs';
export * from './cron-runs';
export * from './household';

export const schema = {
  appInstance,
  serverInstance,
  user,
  session,
  account,
  verification,
  twoFactor,
  passkey,
  authEvent,
  passwordConfirmation,
  emailOutbox,
  userPreferences,
  institution,
  connection,
  financialAccount,
  importBatch,
  transaction,
  security,
  securityPrice,
  holding,
  balanceRun,
  balanceSnapshot,
  categorizationRule,
  csvMapping,
  balanceUpdate,
  notificationDelivery,
  pushSubscription,
  apiKey,
  cryptoQuote,
  cryptoPriceHistory,
  billingSubscription,
  stripeEvent,
  savedReport,
  transferProgress,
  importJob,
  exportJob,
  exportChunk,
  cronRun,
};
export type Schema = typeof schema;
