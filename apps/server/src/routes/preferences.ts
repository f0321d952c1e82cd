import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  findUserById,
  mergeStoredPreferences,
  ownedAccountIds,
  storedPreferences,
  type Database,
} from '@lodestar/db';
import {
  mergePreferences,
  NESTED_PREFERENCE_KEYS,
  preferencesPatchSchema,
  preferencesSchema,
  validationItems,
  type PreferenceKey,
} from '@lodestar/domain';
import type { AppEnv } from '../app-types';
import type { Auth } from '../auth/auth';
import { requireUser } from '../auth/current-user';
import { AppError } from '../http/app-error';
import { ok } from '../http/envelope';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const ENABLE_TWO_FACTOR_FIRST = 'Enable two-factor authentication before requiring it';
export const FAVORITE_NOT_FOUND = 'One of these accounts was not found';

const PREFERENCE_KEYS = Object.keys(preferencesSchema.shape) as [PreferenceKey, ...PreferenceKey[]];
const PreferencesSchema = z.record(z.string(), z.unknown()).openapi('Preferences', {
  description: 'Every preference of spec §3, merged over the defaults',
});
const envelope = z.object({ success: z.literal(true), data: PreferencesSchema });
const tags = ['Preferences'];
const security = [{ cookieAuth: [] }];
const responses = {
  200: {
    description: 'All preferences after the change',
    content: { 'application/json': { schema: envelope } },
  },
  400: { description: 'Validation failed (unknown key or a value outside its rule)' },
  409: { description: 'require_2fa without two-factor authentication' },
};

const routes = {
  get: createRoute({
    method: 'get',
    path: '/user/preferences',
    tags,
    security,
    summary: 'Every preference, defaults filled in',
    responses: { 200: responses[200] },
  }),
  put: createRoute({
    method: 'put',
    path: '/user/preferences',
    tags,
    security,
    summary: 'Set one preference',
    request: {
      body: {
        required: true,
        content: {
          'application/json': { schema: z.object({ key: z.enum(PREFERENCE_KEYS), value: z.unknown() }) },
        },
      },
    },
    responses,
  }),
  patch: createRoute({
    method: 'patch',
    path: '/user/preferences',
    tags,
    security,
    summary: 'Set several preferences at once',
    request: {
      body: {
        required: true,
        content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } },
      },
    },
    responses,
  }),
};

export function preferencesRoutes({ auth, db }: { auth: Auth; db: Database }) {
  /** Validates, applies the rules between preferences and other state, stores, answers with all of them. */
  async function save(userId: string, changes: Record<string, unknown>) {
    const parsed = preferencesPatchSchema.safeParse(await withNestedFilledIn(userId, changes));
    if (!parsed.success) throw AppError.validation(validationItems(parsed.error.issues));
    if (parsed.data.require_2fa === true) {
      const account = await findUserById(db, userId);
      if (!account?.twoFactorEnabled) throw new AppError('CONFLICT', ENABLE_TWO_FACTOR_FIRST);
    }
    const valid = { ...parsed.data };
    if (valid.favorite_accounts)
      valid.favorite_accounts = await ownFavorites(userId, valid.favorite_accounts);
    return mergePreferences(await mergeStoredPreferences(db, userId, valid));
  }

  /**
   * Favorites name the user's own accounts only: an id that is not one of theirs is a 400. An id already
   * among the stored favorites whose account has since gone (a removed connection) is dropped quietly,
   * so the app sending the list back does not fail.
   */
  async function ownFavorites(userId: string, ids: string[]): Promise<string[]> {
    const owned = new Set(await ownedAccountIds(db, userId, ids));
    const stored = new Set(mergePreferences(await storedPreferences(db, userId)).favorite_accounts);
    const isOwned = (id: string) => owned.has(id.toLowerCase());
    if (ids.some((id) => !isOwned(id) && !stored.has(id))) {
      throw AppError.validation([
        { field: 'favorite_accounts', message: FAVORITE_NOT_FOUND, code: 'not_found' },
      ]);
    }
    return [...new Set(ids.filter(isOwned).map((id) => id.toLowerCase()))];
  }

  /**
   * A nested preference may be sent in part (`{ notification_types: { weekly_summaries: true } }`): the
   * missing inner keys come from the current value, so the stored object stays complete.
   */
  async function withNestedFilledIn(userId: string, changes: Record<string, unknown>) {
    if (!NESTED_PREFERENCE_KEYS.some((key) => isPlainObject(changes[key]))) return changes;
    const current = mergePreferences(await storedPreferences(db, userId));
    const filled = { ...changes };
    for (const key of NESTED_PREFERENCE_KEYS) {
      const part = changes[key];
      if (isPlainObject(part)) filled[key] = { ...current[key], ...part };
    }
    return filled;
  }

  return new OpenAPIHono<AppEnv>()
    .openapi(routes.get, async (c) => {
      const { userId } = await requireUser(c, auth);
      return ok(c, mergePreferences(await storedPreferences(db, userId)));
    })
    .openapi(routes.put, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { key, value } = c.req.valid('json');
      try {
        return ok(c, await save(userId, { [key]: value }));
      } catch (error) {
        // Report the failure on `value`, the field the client sent.
        if (error instanceof AppError && error.code === 'VALIDATION_FAILED') {
          throw AppError.validation(
            (error.extra.items ?? []).map((item) => ({ ...item, field: item.field.replace(key, 'value') })),
          );
        }
        throw error;
      }
    })
    .openapi(routes.patch, async (c) => {
      const { userId } = await requireUser(c, auth);
      return ok(c, await save(userId, c.req.valid('json')));
    });
}
