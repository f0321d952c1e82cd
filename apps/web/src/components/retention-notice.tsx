import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { retentionNotice } from '@lodestar/domain';
import { UpgradeLink } from '@/components/refusal-message';
import { billingApi, billingQueryKeys } from '@/lib/billing';

/**
 * Where a view's answer carries `visibleFrom` (the first day the plan shows, ADR 062): a small note that
 * older history is left out, with the way to upgrade on the Free plan. Nothing without a window
 * (self-hosted) or while the plan is unknown.
 */
export function RetentionNotice({ visibleFrom }: { visibleFrom: string | null | undefined }) {
  const billing = useQuery({
    queryKey: billingQueryKeys.billing,
    queryFn: billingApi.get,
    enabled: Boolean(visibleFrom),
  });
  const plan = billing.data?.plan;
  if (!visibleFrom || !plan) return null;
  const canUpgrade = plan.tier !== 'pro';
  return (
    <div
      role="note"
      className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-md border bg-muted/40 px-3 py-2 text-sm"
    >
      <p className="flex items-center gap-1.5">
        <History aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        {retentionNotice(plan.dataRetentionDays, canUpgrade)}
      </p>
      {canUpgrade ? <UpgradeLink /> : null}
    </div>
  );
}
