import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { GATED_FEATURE_MESSAGES } from '@lodestar/domain';
import { UpgradeLink } from '@/components/refusal-message';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { HOUSEHOLD_HEADER, useActingHousehold } from '@/lib/acting-household';
import { errorMessage } from '@/lib/api-client';
import { billingApi, billingQueryKeys } from '@/lib/billing';
import { downloadFile, saveFile } from '@/lib/download';

const EXPORT_FAILED = 'The CSV could not be downloaded. Try again.';

/**
 * "Export CSV" of the listing. On a server that sells plans, exporting is a Pro feature (spec §6): on
 * a plan without it the button opens the reason and the way to upgrade instead of a download the server
 * would refuse. The plan is asked for only when the listing says a plan's window applies (`visibleFrom`,
 * which a server that sells plans always sends); self-hosted and while the plan loads, it is the plain
 * download. Acting in someone's household (ADR 038), a plain link could not send the household header and
 * would download the member's own rows: the file is fetched with the header and handed to the browser.
 */
export function ExportCsvButton({
  href,
  visibleFrom,
}: {
  href: string;
  visibleFrom: string | null | undefined;
}) {
  const billing = useQuery({
    queryKey: billingQueryKeys.billing,
    queryFn: billingApi.get,
    enabled: Boolean(visibleFrom),
  });
  const plan = billing.data?.plan;
  const household = useActingHousehold();
  const [downloading, setDownloading] = useState(false);
  const label = (
    <>
      <Download aria-hidden="true" />
      Export CSV
    </>
  );
  if ((!plan || plan.features.exportData) && household) {
    const download = async () => {
      setDownloading(true);
      try {
        saveFile(
          await downloadFile(href, 'transactions.csv', EXPORT_FAILED, { [HOUSEHOLD_HEADER]: household }),
        );
      } catch (error) {
        toast.error(errorMessage(error));
      } finally {
        setDownloading(false);
      }
    };
    return (
      <Button
        variant="outline"
        onClick={() => void download()}
        aria-busy={downloading}
        disabled={downloading}
      >
        {label}
      </Button>
    );
  }
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
