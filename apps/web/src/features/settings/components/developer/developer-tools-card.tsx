import { useMutation } from '@tanstack/react-query';
import { Timer } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useSessionExpiredHandler } from '@/lib/session';
import { developerApi } from '../../developer-api';
import { Highlight } from '../../search';
import { SettingsGroup } from '../settings-form-kit';

export const CRON_TOASTS = {
  triggered: 'Cron jobs triggered',
  failed: 'Failed to trigger cron jobs',
} as const;

/**
 * Developer tools: 'Run All Cron Jobs' queues the signed-in user's scheduled jobs now and, once the
 * background run ends, toasts its counts (spec §2, §8).
 */
export function DeveloperToolsCard() {
  const onSessionExpired = useSessionExpiredHandler();
  const trigger = useMutation({
    mutationFn: () => developerApi.triggerAllCronJobs(),
    onSuccess: (result) => {
      toast.success(CRON_TOASTS.triggered, {
        description: `${result.successful} successful, ${result.failed} failed`,
      });
    },
    onError: (failure) => {
      console.error('Triggering the cron jobs failed', failure);
      if (onSessionExpired(failure)) return;
      toast.error(CRON_TOASTS.failed);
    },
  });
  return (
    <SettingsGroup title="Developer tools" description="Run background work now instead of waiting for it.">
      <div className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 gap-3">
          <Timer aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
          <div className="min-w-0">
            <p className="text-sm font-medium">
              <Highlight text="Scheduled jobs" />
            </p>
            <p className="mt-0.5 text-sm text-muted-foreground">
              <Highlight text="Syncs each of your connections and checks your notifications now. This can take a minute." />
            </p>
          </div>
        </div>
        <Button
          variant="outline"
          className="shrink-0"
          disabled={trigger.isPending}
          aria-busy={trigger.isPending || undefined}
          onClick={() => trigger.mutate()}
        >
          {trigger.isPending ? 'Running...' : <Highlight text="Run All Cron Jobs" />}
        </Button>
      </div>
    </SettingsGroup>
  );
}
