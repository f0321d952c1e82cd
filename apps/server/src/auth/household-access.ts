import { findMembership, insertHouseholdActivity, touchMembership, type Database } from '@lodestar/db';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-types';
import { AppError } from '../http/app-error';
import type { OperationIndex } from '../http/operations';
import type { Auth } from './auth';
import { requireUser } from './current-user';

/**
 * Household sharing (ADR 038): which household a request acts on, and the one check of what a member may
 * do there. The web app names the household with this header (the owner's user id); without it, or naming
 * the signed-in person, a request acts on the person's own data as always.
 */
export const HOUSEHOLD_HEADER = 'x-lodestar-household';

/**
 * What each operation is, for a member acting in someone else's household:
 * - `read`: reads the household's data (allowed to every member);
 * - `write`: changes the household's data (members with read & write access);
 * - `owner`: settings, security, keys, billing, membership, deletion: the owner alone;
 * - `personal`: always about the signed-in person, whichever household is chosen (who am I, my
 *   memberships, accepting an invitation).
 * An operation missing here is `owner` (default deny); the contract test fails until it is classified.
 */
export type OperationAccess = 'read' | 'write' | 'owner' | 'personal';

export const OPERATION_ACCESS: Record<string, OperationAccess> = {
  // Accounts, balances, net worth
  'GET /accounts': 'read',
  'POST /accounts': 'write',
  'POST /accounts/disconnect-all': 'owner',
  'GET /accounts/{id}': 'read',
  'PATCH /accounts/{id}': 'write',
  'DELETE /accounts/{id}': 'write',
  'POST /accounts/{id}/balance': 'write',
  'PUT /accounts/{id}/favorite': 'write',
  'GET /balance': 'read',
  'POST /balance/snapshot': 'write',
  'GET /dashboard': 'read',
  'GET /dashboard/data': 'read',
  'GET /dashboard/activity-summary': 'read',
  'GET /portfolio': 'read',
  'GET /investments/holdings': 'read',
  'GET /investments': 'read',
  'GET /investments/performance': 'read',
  'POST /investments/holdings': 'write',
  'PATCH /investments/holdings/{id}': 'write',
  'DELETE /investments/holdings/{id}': 'write',
  'PATCH /investments/lots/{id}': 'write',
  'DELETE /investments/lots/{id}': 'write',
  'GET /investments/transactions': 'read',
  // Transactions, imports, rules, spending
  'GET /transactions/paginated': 'read',
  'GET /transactions/spending-summary': 'read',
  'GET /transactions/export.csv': 'read',
  'PATCH /transactions/{id}': 'write',
  'POST /transactions/bulk': 'write',
  'GET /imports': 'read',
  'POST /imports': 'write',
  'POST /imports/preview': 'read',
  'POST /imports/statements/preview': 'read',
  'POST /imports/statements': 'write',
  'GET /imports/jobs/{id}': 'read',
  'DELETE /imports/{id}': 'write',
  'GET /rules': 'read',
  'POST /rules': 'write',
  'PUT /rules/order': 'write',
  'POST /rules/preview': 'read',
  'POST /rules/run': 'write',
  'PATCH /rules/{id}': 'write',
  'DELETE /rules/{id}': 'write',
  'GET /expenses/flow': 'read',
  'GET /expenses/budgets': 'read',
  'GET /budgets': 'read',
  'PUT /budgets': 'write',
  'PATCH /budgets/rollover': 'write',
  'POST /budgets/copy-previous': 'write',
  'POST /budgets/from-average': 'write',
  'POST /reports/run': 'read',
  'GET /reports': 'read',
  'POST /reports': 'write',
  'PUT /reports/order': 'write',
  'GET /reports/{id}': 'read',
  'PATCH /reports/{id}': 'write',
  'DELETE /reports/{id}': 'write',
  'POST /reports/{id}/duplicate': 'write',
  'GET /insights': 'read',
  // Exchange rates, markets, real estate
  'GET /fx/rates': 'read',
  'POST /fx/rates': 'write',
  'DELETE /fx/rates/{id}': 'write',
  'POST /fx/refresh': 'write',
  'GET /market/history': 'read',
  'GET /market/news': 'read',
  'GET /market/news/sources': 'read',
  'GET /market/quote': 'read',
  'GET /market/quotes': 'read',
  'GET /market/search': 'read',
  'GET /market/trending': 'read',
  'GET /watchlist': 'read',
  'POST /watchlist': 'write',
  'PUT /watchlist': 'write',
  'DELETE /watchlist': 'write',
  'GET /real-estate': 'read',
  'POST /real-estate': 'write',
  'GET /real-estate/{id}': 'read',
  'PATCH /real-estate/{id}': 'write',
  'DELETE /real-estate/{id}': 'write',
  'POST /real-estate/{id}/valuations': 'write',
  'DELETE /real-estate/{id}/valuations/{valuationId}': 'write',
  // Connections: reading and syncing what is linked; linking new credentials is the owner's.
  'GET /connections': 'read',
  'GET /connections/providers': 'read',
  'GET /connections/exchanges': 'read',
  'GET /connections/exchanges/supported': 'read',
  'POST /connections/exchanges': 'owner',
  'POST /connections/demo': 'owner',
  'POST /connections/{id}/sync': 'write',
  'POST /connections/{id}/reconnect': 'owner',
  'DELETE /connections/{id}': 'owner',
  'GET /blockchain/wallets': 'read',
  'POST /blockchain/wallets': 'owner',
  'DELETE /blockchain/wallets/{id}': 'owner',
  'POST /blockchain/sync': 'write',
  'POST /crypto/sync': 'write',
  'POST /plaid/link-token': 'owner',
  'POST /plaid/exchange': 'owner',
  'POST /plaid/sync': 'write',
  'POST /simplefin/connect': 'owner',
  // The person themselves
  'GET /user': 'personal',
  'GET /household/memberships': 'personal',
  'POST /household/invitations/accept': 'personal',
  'GET /user/preferences': 'read',
  // Everything about the account, its security, keys, billing, data export and deletion: the owner's.
  'PATCH /user/profile': 'owner',
  'GET /user/stats': 'owner',
  'POST /user/verify-password': 'owner',
  'POST /user/set-password': 'owner',
  'POST /user/mfa/enroll': 'owner',
  'POST /user/mfa/verify': 'owner',
  'GET /user/mfa/factors': 'owner',
  'POST /user/mfa/unenroll': 'owner',
  'GET /user/sessions': 'owner',
  'DELETE /user/sessions/{id}': 'owner',
  'POST /user/sessions/revoke-all': 'owner',
  'GET /user/audit-events': 'owner',
  'PUT /user/preferences': 'owner',
  'PATCH /user/preferences': 'owner',
  'DELETE /user/delete': 'owner',
  'GET /user/identities': 'owner',
  'POST /user/identities/authorize': 'owner',
  'DELETE /user/identities/{id}': 'owner',
  'GET /user/api-keys': 'owner',
  'POST /user/api-keys': 'owner',
  'DELETE /user/api-keys/{id}': 'owner',
  'GET /user/export': 'owner',
  'GET /user/export/progress': 'owner',
  'GET /user/export/transactions.csv': 'owner',
  'POST /user/exports': 'owner',
  'GET /user/exports/{id}': 'owner',
  'GET /user/exports/{id}/file': 'owner',
  'POST /user/restore': 'owner',
  'GET /user/restore/progress': 'owner',
  'GET /billing': 'owner',
  'POST /billing/checkout': 'owner',
  'POST /billing/portal': 'owner',
  'POST /notifications/push/subscriptions': 'owner',
  'DELETE /notifications/push/subscriptions': 'owner',
  'POST /notifications/test': 'owner',
  'POST /cron/trigger-all': 'owner',
  'GET /cron/runs/{id}': 'owner',
  'GET /household/members': 'owner',
  'POST /household/members': 'owner',
  'PATCH /household/members/{id}': 'owner',
  'DELETE /household/members/{id}': 'owner',
  'GET /household/activity': 'owner',
  'GET /webhooks': 'owner',
  'POST /webhooks': 'owner',
  'PATCH /webhooks/{id}': 'owner',
  'DELETE /webhooks/{id}': 'owner',
  'POST /webhooks/{id}/test': 'owner',
  'GET /webhooks/{id}/deliveries': 'owner',
};

export function operationAccess(method: string, path: string): OperationAccess {
  return OPERATION_ACCESS[`${method.toUpperCase()} ${path}`] ?? 'owner';
}

export const HOUSEHOLD_MESSAGES = {
  notMember: 'You are not a member of that household',
  ownerOnly: 'Only the owner of this household can do this',
  readOnly: 'You have read-only access to this household',
  noKeys: 'API keys act on their owner’s own data only',
} as const;

/**
 * Resolves the household a request acts on and applies the one authorisation check: a member's request
 * then runs as the owner's (every route reads the acting user from `signedIn`), a read-only member's writes
 * and every member's owner-only requests are refused, and each change a member makes is recorded.
 * Membership is read on every request, so a revoked member's next request is refused.
 */
export function householdAccess(options: {
  operations: OperationIndex;
  auth: Auth;
  db: Database;
  now: () => Date;
}): MiddlewareHandler<AppEnv> {
  const { operations, auth, db, now } = options;
  return async (c, next) => {
    const ownerUserId = c.req.header(HOUSEHOLD_HEADER)?.trim();
    if (!ownerUserId) return next();
    const match = operations.match(c.req.method, c.req.path);
    if (!match || match.operation.public) return next();
    const signedIn = await requireUser(c, auth);
    if (ownerUserId === signedIn.userId) return next();
    const access = operationAccess(match.operation.method, match.operation.path);
    if (access === 'personal') return next();
    if (signedIn.sessionId.startsWith('api-key:')) throw AppError.forbidden(HOUSEHOLD_MESSAGES.noKeys);
    const membership =
      ownerUserId.length <= 200 ? await findMembership(db, ownerUserId, signedIn.userId) : undefined;
    if (!membership) throw AppError.forbidden(HOUSEHOLD_MESSAGES.notMember);
    if (access === 'owner') throw AppError.forbidden(HOUSEHOLD_MESSAGES.ownerOnly);
    if (access === 'write' && membership.access !== 'write')
      throw AppError.forbidden(HOUSEHOLD_MESSAGES.readOnly);
    c.set('signedIn', {
      ...signedIn,
      userId: ownerUserId,
      actingMember: { userId: signedIn.userId, email: signedIn.user.email, membershipId: membership.id },
    });
    await touchMembership(db, membership.id, now());
    await next();
    if (access === 'write') {
      await insertHouseholdActivity(db, {
        ownerUserId,
        actorUserId: signedIn.userId,
        actorEmail: signedIn.user.email,
        action: `${match.operation.method} ${match.operation.path}`,
        status: c.res.status,
      });
    }
  };
}
