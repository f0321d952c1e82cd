import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { GATED_FEATURE_MESSAGES } from '@lodestar/domain';
import { UpgradeLink } from '@/components/refusal-message';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { billingApi, billingQueryKeys } from '@/lib/billing';

/**
 * "Export CSV" of the listing. On a server that sells plans, exporting is a Pro feature (spec §6): on
 * a plan without it the button opens the reason and the way to upgrade instead of a download the server
 * would refuse. The plan is asked for only when the listing says a plan's window applies (`visibleFrom`,
 * which a server that sells plans always sends); self-hosted and while the plan loads, it is the plain
 * download.
 */
export function ExportCsvButton({ href, visibleFrom }: { href: string; visibleFrom: string | null | undefined }) {
  const billing = useQuery({
    queryKey: billingQueryKeys.billing,
    queryFn: billingApi.get,
    enabled: Boolean(visibleFrom),
  });
  const plan = billing.data?.plan;
  const label = (
    <>
      <Download aria-hidden="true" />
      Export CSV
    </>
  );
  if (!plan || plan.features.exportData) {
    return (
      <Button asChild variant="outline">
        <a href={href} download>
          {label}
        </a>
      </Button>
    );
  }
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline">{label}</Button>
      </PopoverTrigger>
      <PopoverContent align="end" aria-label="Export CSV" className="space-y-2">
        <p role="status" className="text-sm">
          {GATED_FEATURE_MESSAGES.exportData}
        </p>
        <UpgradeLink />
      </PopoverContent>
    </Popover>
  );
}
