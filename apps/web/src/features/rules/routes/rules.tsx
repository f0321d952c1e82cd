import { truncateAccountName } from '@lodestar/domain';
import { WriteOnly } from '@/components/write-only';
import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, ListChecks, Pencil, Play, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { useFigureDisplay } from '@/components/figure-display';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { ListSkeleton } from '@/components/skeletons/list-skeleton';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { apiFetch, type ApiData } from '@/lib/api-client';
import { useMoneyDisplay } from '@/lib/user-preferences';
import { type ListedRule, RULES_ERROR, rulesQuery } from '../api';
import { EditRuleDialog } from '../components/edit-rule-dialog';
import { describeActions, describeConditions, matchedText, moved } from '../model';
import { useDeleteRule, useReorderRules, useRunRules } from '../queries';
import { HelpLink } from '@/components/help-link';

/** Under the accounts feature's prefix, so renaming or deleting an account refreshes the names. */
const ACCOUNT_NAMES_KEY = ['accounts', 'rule-names'] as const;

function useAccountNames(enabled: boolean) {
  const accounts = useQuery({
    queryKey: ACCOUNT_NAMES_KEY,
    queryFn: ({ signal }) =>
      apiFetch<ApiData<'/accounts'>>('/accounts?tab=all', { signal }).then((data) =>
        data.accounts.map(({ id, name }) => ({ id, name: truncateAccountName(name) })),
      ),
    enabled,
  });
  return (id: string) => accounts.data?.find((account) => account.id === id)?.name;
}

type Focus = { id: string; direction: 'up' | 'down' };

function RuleItem({
  rule,
  position,
  count,
  busy,
  accountName,
  onMove,
  onEdit,
  onDelete,
  registerButton,
}: {
  rule: ListedRule;
  position: number;
  count: number;
  busy: boolean;
  accountName: (id: string) => string | undefined;
  onMove: (by: -1 | 1) => void;
  onEdit: () => void;
  onDelete: () => void;
  registerButton: (key: string, element: HTMLButtonElement | null) => void;
}) {
  const { locale } = useMoneyDisplay();
  const { formatCount } = useFigureDisplay();
  const conditions = describeConditions(rule.conditions, { locale, accountName });
  const actions = describeActions(rule.actions);
  const label = `Rule ${position}`;
  const titleId = `rule-${rule.id}-title`;
  return (
    <li
      aria-labelledby={titleId}
      className="grid gap-4 rounded-lg border bg-card p-4 text-card-foreground lg:grid-cols-[1fr_auto] lg:items-start"
    >
      <div className="grid min-w-0 gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={titleId} className="text-base font-semibold">
            {label}
          </h2>
          <Badge variant={rule.enabled ? 'secondary' : 'outline'}>{matchedText(rule, formatCount)}</Badge>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="min-w-0">
            <h3 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">When</h3>
            <ul className="mt-1 space-y-0.5 text-sm break-words">
              {conditions.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
          <div className="min-w-0">
            <h3 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Then</h3>
            <ul className="mt-1 space-y-0.5 text-sm break-words">
              {actions.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        </div>
      </div>
      <WriteOnly>
        <div className="flex flex-wrap gap-2 lg:justify-end">
          <Button
            ref={(element) => registerButton(`${rule.id}:up`, element)}
            variant="outline"
            size="sm"
            aria-label={`Move ${label} up`}
            disabled={busy || position === 1}
            onClick={() => onMove(-1)}
          >
            <ArrowUp aria-hidden="true" />
            Move up
          </Button>
          <Button
            ref={(element) => registerButton(`${rule.id}:down`, element)}
            variant="outline"
            size="sm"
            aria-label={`Move ${label} down`}
            disabled={busy || position === count}
            onClick={() => onMove(1)}
          >
            <ArrowDown aria-hidden="true" />
            Move down
          </Button>
          <Button
            ref={(element) => registerButton(`${rule.id}:edit`, element)}
            variant="outline"
            size="sm"
            aria-label={`Edit ${label}`}
            onClick={onEdit}
          >
            <Pencil aria-hidden="true" />
            Edit
          </Button>
          <Button
            ref={(element) => registerButton(`${rule.id}:delete`, element)}
            variant="outline"
            size="sm"
            aria-label={`Delete ${label}`}
            onClick={onDelete}
          >
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </div>
      </WriteOnly>
    </li>
  );
}

function RulesList({ rules }: { rules: ListedRule[] }) {
  const reorder = useReorderRules();
  const remove = useDeleteRule();
  const [editing, setEditing] = useState<string>();
  const [deleting, setDeleting] = useState<string>();
  /** The rule whose dialog was last open: focus goes back to its button when the dialog closes. */
  const dialogFor = useRef<string | undefined>(undefined);
  /** After a delete, the neighbour whose Delete button takes the focus once the list is read again. */
  const focusAfterDelete = useRef<string | undefined>(undefined);
  const pendingFocus = useRef<Focus | undefined>(undefined);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const accountName = useAccountNames(rules.some((rule) => rule.conditions.accountIds !== undefined));
  const ids = rules.map((rule) => rule.id);

  // After a move, keep the keyboard on the moved rule: its same button, or the other one at an end.
  useEffect(() => {
    const neighbour = focusAfterDelete.current;
    if (neighbour && buttons.current.has(`${neighbour}:delete`)) {
      focusAfterDelete.current = undefined;
      buttons.current.get(`${neighbour}:delete`)?.focus();
    }
    const focus = pendingFocus.current;
    if (!focus || reorder.isPending) return;
    pendingFocus.current = undefined;
    const same = buttons.current.get(`${focus.id}:${focus.direction}`);
    const other = buttons.current.get(`${focus.id}:${focus.direction === 'up' ? 'down' : 'up'}`);
    (same && !same.disabled ? same : other)?.focus();
  }, [reorder.isPending, rules]);

  const editingRule = rules.find((rule) => rule.id === editing);
  const deletingIndex = rules.findIndex((rule) => rule.id === deleting);
  return (
    <>
      <ol aria-label="Rules, in the order they run" className="grid gap-3">
        {rules.map((rule, index) => (
          <RuleItem
            key={rule.id}
            rule={rule}
            position={index + 1}
            count={rules.length}
            busy={reorder.isPending}
            accountName={accountName}
            registerButton={(key, element) => {
              if (element) buttons.current.set(key, element);
              else buttons.current.delete(key);
            }}
            onMove={(by) => {
              pendingFocus.current = { id: rule.id, direction: by === -1 ? 'up' : 'down' };
              reorder.mutate(moved(ids, index, by));
            }}
            onEdit={() => {
              dialogFor.current = rule.id;
              setEditing(rule.id);
            }}
            onDelete={() => {
              dialogFor.current = rule.id;
              setDeleting(rule.id);
            }}
          />
        ))}
      </ol>
      <EditRuleDialog
        rule={editingRule}
        accountNames={(editingRule?.conditions.accountIds ?? []).map(
          (id) => accountName(id) ?? 'an account no longer listed',
        )}
        onOpenChange={(open) => !open && setEditing(undefined)}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          buttons.current.get(`${dialogFor.current ?? ''}:edit`)?.focus();
        }}
      />
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(open) => !open && setDeleting(undefined)}
        onCloseAutoFocus={(event) => {
          // Cancelled: back to its Delete button; deleted: the list's effect focuses a neighbour.
          event.preventDefault();
          buttons.current.get(`${dialogFor.current ?? ''}:delete`)?.focus();
        }}
        title={`Delete rule ${deletingIndex + 1}?`}
        description="New transactions will no longer follow it. Transactions it already changed keep their category and name."
        action="Delete rule"
        busyAction="Deleting…"
        busy={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          const neighbour = rules[deletingIndex + 1] ?? rules[deletingIndex - 1];
          remove.mutate(deleting, {
            onSuccess: () => {
              focusAfterDelete.current = neighbour?.id;
            },
            onSettled: () => setDeleting(undefined),
          });
        }}
      />
    </>
  );
}

function RunButton({ disabled }: { disabled: boolean }) {
  const run = useRunRules();
  const { formatCount } = useFigureDisplay();
  const changed = run.data?.changed;
  return (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <Button
        onClick={() => run.mutate()}
        disabled={disabled || run.isPending}
        aria-busy={run.isPending || undefined}
      >
        <Play aria-hidden="true" />
        {run.isPending ? 'Running…' : 'Run on existing transactions'}
      </Button>
      <p role="status" className="text-sm text-muted-foreground">
        {changed === undefined
          ? ''
          : `Done: ${formatCount(changed)} ${changed === 1 ? 'transaction' : 'transactions'} changed.`}
      </p>
    </div>
  );
}

/** /activity/rules: the categorization rules in the order they run, to edit, reorder, delete and run. */
export function RulesRoute() {
  const rules = useQuery(rulesQuery());
  const list = rules.data;
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link to="/activity" className="text-muted-foreground underline-offset-4 hover:underline">
          Activity
        </Link>
        <span aria-hidden="true" className="text-muted-foreground">
          {' / '}
        </span>
        <span aria-current="page">Rules</span>
      </nav>
      <PageHeader
        title="Rules"
        description="Rules sort new transactions as they arrive, top to bottom: the first rule that matches decides. Edits apply to new transactions; run the rules to update past ones."
        actions={
          <WriteOnly>
            <RunButton disabled={!list || list.length === 0} />
          </WriteOnly>
        }
      />
      {rules.isPending ? (
        <ListSkeleton rows={4} label="Loading rules…" />
      ) : rules.isError ? (
        <div className="rounded-lg border bg-card">
          <LoadError
            title={RULES_ERROR}
            error={rules.error}
            onRetry={() => void rules.refetch()}
            retrying={rules.isFetching}
          />
        </div>
      ) : list && list.length > 0 ? (
        <RulesList rules={list} />
      ) : (
        <EmptyState
          icon={ListChecks}
          title="No rules yet"
          action={
            <Button asChild variant="outline">
              <Link to="/activity">Go to Activity</Link>
            </Button>
          }
        >
          In Activity, change a transaction&apos;s category, then choose &quot;Apply to similar
          transactions&quot;. The rule it saves appears here.{' '}
          <HelpLink slug="categories-and-rules">How rules work</HelpLink>
        </EmptyState>
      )}
    </>
  );
}
