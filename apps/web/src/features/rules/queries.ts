import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useFigureDisplay } from '@/components/figure-display';
import { errorMessage } from '@/lib/api-client';
import { type ListedRule, type RulePatch, rulesApi, rulesKeys } from './api';

/** Activity, Expenses and Insights (under ['transactions']) and the dashboard: read again after a run. */
const TRANSACTION_PREFIXES = [['transactions'], ['dashboard']] as const;

/** PATCH /rules/{id}; the list is read again for the new matched counts. Field errors are the caller's. */
export function useUpdateRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: RulePatch }) => rulesApi.update(id, patch),
    onSuccess: () => {
      toast.success('Rule saved', { description: 'Run the rules to update past transactions.' });
      void queryClient.invalidateQueries({ queryKey: rulesKeys.all });
    },
  });
}

/** PUT /rules/order: the list takes the server's answer (the new order with its matched counts). */
export function useReorderRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]) => rulesApi.reorder(ids),
    onSuccess: (rules: ListedRule[]) => queryClient.setQueryData(rulesKeys.all, rules),
    onError: (error) => {
      toast.error('Failed to move the rule', { description: errorMessage(error) });
      void queryClient.invalidateQueries({ queryKey: rulesKeys.all });
    },
  });
}

/** POST /rules/run: the rules over every existing transaction; what changed is read again everywhere. */
export function useRunRules() {
  const queryClient = useQueryClient();
  const { formatCount } = useFigureDisplay();
  return useMutation({
    mutationFn: () => rulesApi.run(),
    onSuccess: ({ changed }) => {
      toast.success('Rules ran on your transactions', {
        description: `${formatCount(changed)} ${changed === 1 ? 'transaction' : 'transactions'} changed.`,
      });
      void queryClient.invalidateQueries({ queryKey: rulesKeys.all });
      for (const queryKey of TRANSACTION_PREFIXES) void queryClient.invalidateQueries({ queryKey });
    },
    onError: (error) => toast.error('Failed to run the rules', { description: errorMessage(error) }),
  });
}

/** DELETE /rules/{id}; transactions keep what the rule did. */
export function useDeleteRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => rulesApi.remove(id),
    onSuccess: () => {
      toast.success('Rule deleted', { description: 'Transactions keep the changes it made.' });
      void queryClient.invalidateQueries({ queryKey: rulesKeys.all });
    },
    onError: (error) => toast.error('Failed to delete the rule', { description: errorMessage(error) }),
  });
}
