import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  accountHistoryStart,
  deleteAccount,
  findAccount,
  insertBalanceUpdate,
  insertManualAccount,
  latestBalanceUpdateDate,
  listAccounts,
  mergeStoredPreferences,
  postedSumAfter,
  propertyOfAccount,
  recomputeBalanceSnapshots,
  hasManualHoldings,
  balanceOnOrBefore,
  storedPreferences,
  updateAccount,
  type Database,
} from '@lodestar/db';
import {
  ACCOUNT_TABS,
  ACCOUNT_TYPES,
  accountInTab,
  fromMajor,
  isCurrencyCode,
  mergePreferences,
  type AccountTab,
  type AccountType,
} from '@lodestar/domain';
import type { AppEnv, RouteDeps } from '../app-types';
import { requireUser } from '../auth/current-user';
import { AppError } from '../http/app-error';
import { ok } from '../http/envelope';
import { readDbOf } from '../http/read-routing';
import { userDate } from '../http/user-date';
import {
  AccountStatusSchema,
  COOKIE_AUTH,
  jsonBody,
  jsonResponse,
  MoneySchema,
  VisibleFromSchema,
} from '../http/openapi';
import { accountDetail } from '../use-cases/accounts/account-detail';
import { accountView } from '../use-cases/accounts/views';
import { todayFor } from '../use-cases/accounts/today';
import { assertWithinLimits, userLimits, visibleFrom } from '../use-cases/limits/user-limits';

const tags = ['Accounts'];
const AccountSchema = z
  .object({
    id: z.string(),
    connectionId: z.string().nullable(),
    name: z.string(),
    officialName: z.string().nullable(),
    type: z.string(),
    subtype: z.string().nullable(),
    provider: z.string(),
    status: AccountStatusSchema,
    currency: z.string(),
    currentBalance: MoneySchema,
    availableBalance: MoneySchema.nullable(),
    creditLimit: MoneySchema.nullable(),
    balanceAsOf: z.string().nullable(),
    mask: z.string().nullable(),
    hidden: z.boolean(),
    favorite: z.boolean(),
    institutionName: z.string().nullable(),
    transactionCount: z.number().int(),
  })
  .openapi('Account');
const idParam = z.object({ id: z.uuid({ message: 'No such account' }) });

const nameSchema = z
  .string()
  .trim()
  .min(1, 'Enter a name for the account')
  .max(60, 'Account names can be at most 60 characters');
const balanceSchema = z
  .number({ message: 'Enter the balance as a number' })
  .finite('Enter the balance as a number')
  .refine((value) => Math.abs(value) < 1e13, 'That balance is out of range');
const isoDate = userDate('Use a date like 2026-01-31');

const routes = {
  list: createRoute({
    method: 'get',
    path: '/accounts',
    tags,
    security: COOKIE_AUTH,
    summary: "The user's accounts",
    request: {
      query: z.object({
        tab: z.enum(Object.keys(ACCOUNT_TABS) as [AccountTab, ...AccountTab[]]).default('all'),
      }),
    },
    responses: { 200: jsonResponse(z.object({ accounts: z.array(AccountSchema) }), 'Accounts') },
  }),
  create: createRoute({
    method: 'post',
    path: '/accounts',
    tags,
    security: COOKIE_AUTH,
    summary: 'Add a manual account',
    request: {
      body: jsonBody(
        z.object({
          name: nameSchema,
          type: z.enum(ACCOUNT_TYPES as [AccountType, ...AccountType[]], {
            message: 'Choose an account type',
          }),
          subtype: z.string().trim().max(60).optional(),
          currency: z.string().refine(isCurrencyCode, 'Choose a currency'),
          balance: balanceSchema,
        }),
      ),
    },
    responses: {
      201: jsonResponse(z.object({ account: AccountSchema }), 'Created'),
      403: { description: 'Plan limit' },
    },
  }),
  detail: createRoute({
    method: 'get',
    path: '/accounts/{id}',
    tags,
    security: COOKIE_AUTH,
    summary: 'One account, how its balance is kept, and its daily balance history',
    request: { params: idParam },
    responses: {
      200: jsonResponse(
        z
          .object({
            account: AccountSchema,
            balanceSource: z.enum(['manual', 'connection', 'property']).openapi({
              description:
                "Who keeps the balance: the user (balance updates), the account's connection (sync) or its property's valuations",
            }),
            history: z.array(z.object({ date: z.string(), balanceMinor: z.number().int() })).openapi({
              description:
                "End-of-day balances in the account's currency, oldest first, thinned to at most 400 points (LTTB)",
            }),
            liability: z
              .object({
                kind: z.enum(['credit', 'student', 'mortgage']),
                currency: z.string(),
                aprs: z.array(
                  z.object({
                    type: z.string().openapi({
                      description: 'purchase_apr, cash_apr, balance_transfer_apr or special',
                    }),
                    percentage: z.string().openapi({ description: 'Percent per year, a decimal string' }),
                    balanceSubjectToApr: MoneySchema.nullable(),
                  }),
                ),
                interestRate: z
                  .object({ percentage: z.string(), type: z.string().nullable() })
                  .nullable()
                  .openapi({ description: 'Loans: percent per year (decimal string), fixed or variable' }),
                nextPayment: MoneySchema.nullable().openapi({
                  description: 'Minimum payment (cards, student loans) or next monthly payment (mortgages)',
                }),
                nextPaymentDueDate: z.string().nullable(),
                lastPayment: MoneySchema.nullable(),
                lastPaymentDate: z.string().nullable(),
                lastStatementBalance: MoneySchema.nullable(),
                lastStatementIssueDate: z.string().nullable(),
                payoffDate: z
                  .string()
                  .nullable()
                  .openapi({ description: 'Expected payoff (student loans) or maturity (mortgages)' }),
                isOverdue: z.boolean().nullable(),
                updatedAt: z.string(),
              })
              .nullable()
              .openapi({
                description:
                  'What the lender last reported about this card or loan (Plaid liabilities), refreshed on every sync; amounts positive as stated',
              }),
            visibleFrom: VisibleFromSchema,
          })
          .openapi('AccountDetail'),
        'The account',
      ),
      404: { description: 'No such account' },
    },
  }),
  update: createRoute({
    method: 'patch',
    path: '/accounts/{id}',
    tags,
    security: COOKIE_AUTH,
    summary: 'Rename or hide an account',
    request: {
      params: idParam,
      body: jsonBody(z.object({ name: nameSchema.optional(), hidden: z.boolean().optional() })),
    },
    responses: {
      200: jsonResponse(z.object({ account: AccountSchema }), 'Updated'),
      404: { description: 'No such account' },
    },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/accounts/{id}',
    tags,
    security: COOKIE_AUTH,
    summary: 'Delete an account and its transactions',
    request: { params: idParam },
    responses: {
      200: jsonResponse(z.object({ id: z.string(), deletedTransactions: z.number().int() }), 'Deleted'),
      404: { description: 'No such account' },
    },
  }),
  balance: createRoute({
    method: 'post',
    path: '/accounts/{id}/balance',
    tags,
    security: COOKIE_AUTH,
    summary: 'Record the balance of a manual account on a date',
    request: { params: idParam, body: jsonBody(z.object({ balance: balanceSchema, date: isoDate })) },
    responses: {
      200: jsonResponse(z.object({ account: AccountSchema }), 'Recorded'),
      409: { description: 'Not a manual account' },
    },
  }),
  favorite: createRoute({
    method: 'put',
    path: '/accounts/{id}/favorite',
    tags,
    security: COOKIE_AUTH,
    summary: 'Star or unstar an account (favorite_accounts preference)',
    request: { params: idParam, body: jsonBody(z.object({ favorite: z.boolean() })) },
    responses: { 200: jsonResponse(z.object({ account: AccountSchema }), 'Updated') },
  }),
};

export function accountsRoutes(deps: RouteDeps) {
  const { db, auth } = deps;

  async function favoritesOf(userId: string, from: Database = db): Promise<Set<string>> {
    return new Set(mergePreferences(await storedPreferences(from, userId)).favorite_accounts);
  }

  async function viewOf(userId: string, accountId: string) {
    const rows = await listAccounts(db, userId);
    const row = rows.find((candidate) => candidate.account.id === accountId);
    if (!row) throw AppError.notFound('No such account');
    return accountView(row, await favoritesOf(userId));
  }

  async function owned(userId: string, accountId: string) {
    const account = await findAccount(db, userId, accountId);
    if (!account) throw AppError.notFound('No such account');
    return account;
  }

  return new OpenAPIHono<AppEnv>()
    .openapi(routes.list, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { tab } = c.req.valid('query');
      const reader = readDbOf(c, db);
      const favorites = await favoritesOf(userId, reader);
      const rows = await listAccounts(reader, userId);
      const accounts = rows
        .filter((row) => (ACCOUNT_TYPES as readonly string[]).includes(row.account.type))
        .filter((row) => accountInTab(row.account.type as AccountType, tab))
        .map((row) => accountView(row, favorites));
      return ok(c, { accounts });
    })
    .openapi(routes.create, async (c) => {
      const { userId } = await requireUser(c, auth);
      const input = c.req.valid('json');
      const balanceMinor = fromMajor(input.balance, input.currency).amountMinor;
      const today = await todayFor(db, userId, deps.now());
      const account = await db.transaction(async (tx) => {
        await assertWithinLimits(tx, userId, { addAccounts: 1 }, await userLimits(deps, userId));
        const created = await insertManualAccount(tx, {
          userId,
          name: input.name,
          type: input.type,
          subtype: input.subtype ?? null,
          currency: input.currency,
          balanceMinor,
        });
        await insertBalanceUpdate(tx, { userId, accountId: created.id, date: today, balanceMinor });
        await recomputeBalanceSnapshots(tx, { userId, accountId: created.id, from: today, today });
        return created;
      });
      return ok(c, { account: await viewOf(userId, account.id) }, 201);
    })
    .openapi(routes.detail, async (c) => {
      const { userId } = await requireUser(c, auth);
      const from = await visibleFrom(deps, userId, deps.now());
      return ok(c, await accountDetail(db, userId, c.req.valid('param').id, from));
    })
    .openapi(routes.update, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { id } = c.req.valid('param');
      const changes = c.req.valid('json');
      await owned(userId, id);
      await updateAccount(db, userId, id, changes);
      return ok(c, { account: await viewOf(userId, id) });
    })
    .openapi(routes.remove, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { id } = c.req.valid('param');
      const result = await deleteAccount(db, userId, id);
      if (!result) throw AppError.notFound('No such account');
      const favorites = await favoritesOf(userId);
      if (favorites.delete(id))
        await mergeStoredPreferences(db, userId, { favorite_accounts: [...favorites] });
      return ok(c, { id, deletedTransactions: result.deletedTransactions });
    })
    .openapi(routes.balance, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { id } = c.req.valid('param');
      const { balance, date } = c.req.valid('json');
      const account = await owned(userId, id);
      if (account.connectionId !== null) {
        throw new AppError('CONFLICT', 'This account’s balance comes from its bank; sync it instead');
      }
      if (await propertyOfAccount(db, userId, id)) {
        throw new AppError(
          'CONFLICT',
          'This account follows its property’s valuations; add a valuation instead',
        );
      }
      const today = await todayFor(db, userId, deps.now());
      if (date > today) {
        throw AppError.validation([
          { field: 'date', message: 'The date cannot be in the future', code: 'custom' },
        ]);
      }
      const balanceMinor = fromMajor(balance, account.currency).amountMinor;
      await db.transaction(async (tx) => {
        await insertBalanceUpdate(tx, { userId, accountId: id, date, balanceMinor });
        // The newest entered balance anchors the account: today's balance adds what was posted since.
        const anchorDate = (await latestBalanceUpdateDate(tx, userId, id)) ?? date;
        if (anchorDate === date) {
          const current = balanceMinor + (await postedSumAfter(tx, userId, id, date));
          await updateAccount(tx, userId, id, { currentBalanceMinor: current, balanceAsOf: new Date() });
        }
        const from = (await accountHistoryStart(tx, userId, id)) ?? date;
        await recomputeBalanceSnapshots(tx, {
          userId,
          accountId: id,
          from: from < date ? from : date,
          today,
        });
        // With holdings added by hand the entered balance is the cash: today's balance adds their value.
        if (await hasManualHoldings(tx, userId, id)) {
          const current = await balanceOnOrBefore(tx, userId, id, today);
          if (current !== undefined) await updateAccount(tx, userId, id, { currentBalanceMinor: current });
        }
      });
      return ok(c, { account: await viewOf(userId, id) });
    })
    .openapi(routes.favorite, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { id } = c.req.valid('param');
      const { favorite } = c.req.valid('json');
      await owned(userId, id);
      const favorites = await favoritesOf(userId);
      if (favorite) favorites.add(id);
      else favorites.delete(id);
      await mergeStoredPreferences(db, userId, { favorite_accounts: [...favorites] });
      return ok(c, { account: await viewOf(userId, id) });
    });
}
