import { BILLING_TIERS } from '@lodestar/domain';
import type { SyncRunner } from '../../sync/runner';
import { limitsOf, userLimits, type LimitsDeps, type UserLimits } from './user-limits';

/**
 * The sync runner reads a user's limits synchronously when a sync begins (`limitsFor`), while the plan
 * lives in the database. This wraps a runner so each start and run first reads the user's limits from
 * the limits hook and hands them over; the runner then sees the plan as it was a moment before.
 */
export function withPlanLimits(
  deps: LimitsDeps,
  create: (limitsFor: (userId: string) => UserLimits) => SyncRunner,
): SyncRunner {
  const resolved = new Map<string, UserLimits>();
  // Never used in practice (every start resolves first); the strictest answer if it ever were.
  const fallback = limitsOf(deps.config.stripe.secretKey ? BILLING_TIERS.free_trial : null);
  const runner = create((userId) => resolved.get(userId) ?? fallback);
  async function resolve(userId: string) {
    resolved.set(userId, await userLimits(deps, userId));
  }
  return {
    async start(userId, connectionId, options) {
      await resolve(userId);
      return runner.start(userId, connectionId, options);
    },
    async run(userId, connectionId, options) {
      await resolve(userId);
      return runner.run(userId, connectionId, options);
    },
    whenIdle: () => runner.whenIdle(),
  };
}
