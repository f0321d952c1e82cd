import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useProviders } from '../queries';
import { SimplefinConnectForm } from './simplefin-connect-form';

/**
 * Reconnect with a new SimpleFIN setup token (a revoked access cannot be signed in again in place):
 * the claim flow of the Banks page, for this connection. `name` is the connection's name as shown.
 */
export function SimplefinReconnect({
  connectionId,
  name,
  describedBy,
  disabled = false,
}: {
  connectionId: string;
  name: string;
  describedBy: string;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const providers = useProviders();
  const setupUrl = providers.data?.find((item) => item.id === 'simplefin')?.setupUrl ?? null;
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        aria-describedby={describedBy}
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        <RefreshCw aria-hidden="true" />
        Reconnect
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-xl">
          <DialogHeader>
            <DialogTitle>Reconnect {name}</DialogTitle>
            <DialogDescription>
              SimpleFIN no longer accepts the old access. Create a new setup token in SimpleFIN Bridge and
              paste it here; the connection and its history stay.
            </DialogDescription>
          </DialogHeader>
          <SimplefinConnectForm
            setupUrl={setupUrl}
            connectionId={connectionId}
            onCancel={() => setOpen(false)}
            onConnected={() => setOpen(false)}
          />
        </DialogContent>
      </Dialog>
    </>
  );
}
