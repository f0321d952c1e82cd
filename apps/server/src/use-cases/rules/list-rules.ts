import { countRuleRunWins, listCategorizationRules, type Executor } from '@lodestar/db';
import { sortRules, type CategorizationRule } from '@lodestar/domain';
import { textMatchesFor, toSqlRule } from './apply-rules';
import { toDomainRule, toRuleView, type RuleView } from './rule-view';

/** A rule of the list with how many transactions it decides today; null when it does not run (disabled). */
export type ListedRule = RuleView & { matched: number | null };

/**
 * The user's rules in the order they run, each with `matched`: how many of the user's transactions it is
 * the first matching enabled rule for (first match wins, so a transaction counts for one rule only).
 * Nothing is written.
 */
export async function listRules(db: Executor, userId: string): Promise<ListedRule[]> {
  const rows = await listCategorizationRules(db, userId);
  const running = sortRules(
    rows.flatMap((row): CategorizationRule[] => {
      const rule = row.enabled ? toDomainRule(row) : undefined;
      return rule ? [rule] : [];
    }),
  );
  const wonByOrd =
    running.length === 0
      ? new Map<number, number>()
      : await countRuleRunWins(db, userId, {
          rules: running.map(toSqlRule),
          textMatches: await textMatchesFor(db, userId, running),
        });
  const matched = new Map(running.map((rule, ord) => [rule.id, wonByOrd.get(ord) ?? 0]));
  return rows.map((row) => ({ ...toRuleView(row), matched: matched.get(row.id) ?? null }));
}
