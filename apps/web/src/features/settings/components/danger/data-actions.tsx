import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/api-client';
import { useSessionExpiredHandler } from '@/lib/session';
import { DATA_MESSAGES, dataApi, saveFile } from '../../data-api';
import { ConfirmActionDialog } from '../confirm-action-dialog';

/** Query keys whose data changes when every connection is removed. */
export const DISCONNECT_ALL_INVALIDATES = [['accounts'], ['dashboard'], ['transactions']] as const;

/** A failure's own words as a toast description, unless they only repeat the title. */
function reason(failure: unknown, title: string): { description?: string } {
  const message = errorMessage(failure);
  return message === title ? {} : { description: message };
}

/**
 * Request data export (spec §2, §8): downloads the server's JSON export under the server's file name,
 * then the transactions CSV. The dialog keeps the spec's two readings: emailed within 24 hours, and
 * downloaded now.
 */
export function ExportData() {
  const onSessionExpired = useSessionExpiredHandler();
  const run = async (): Promise<boolean> => {
    try {
      saveFile(await dataApi.exportJson());
    } catch (failure) {
      console.error('Exporting data failed', failure);
      if (onSessionExpired(failure)) return true;
      toast.error(DATA_MESSAGES.exportFailed, reason(failure, DATA_MESSAGES.exportFailed));
      return false;
    }
    let csvSaved = true;
    try {
      saveFile(await dataApi.exportTransactionsCsv());
    } catch (failure) {
      // The JSON export holds every transaction too, so the export as a whole has succeeded.
      console.error('Exporting the transactions CSV failed', failure);
      csvSaved = false;
    }
    toast.success(DATA_MESSAGES.exported, {
      description: csvSaved ? DATA_MESSAGES.exportedWithCsvDescription : DATA_MESSAGES.exportedDescription,
    });
    if (!csvSaved) toast.warning(DATA_MESSAGES.csvFailed);
    return true;
  };
  return (
    <ConfirmActionDialog
      trigger="Export Data"
      title="Request a data export?"
      destructive={false}
      description={
        <>
          <p>Your data export will be emailed to you within 24 hours.</p>
          <p>
            A copy is also downloaded to this device now: a JSON file with everything in your account
            (passwords and connection secrets left out) and a CSV file of your transactions. Keep these files
            somewhere safe: they hold your financial history.
          </p>
        </>
      }
      confirmLabel="Export Data"
      busyLabel="Requesting..."
      onConfirm={run}
    />
  );
}

/** Disconnect all accounts (spec §2, §8): connections go, accounts and their history stay. */
export function DisconnectAll() {
  const queryClient = useQueryClient();
  const onSessionExpired = useSessionExpiredHandler();
  const run = async (): Promise<boolean> => {
    try {
      await dataApi.disconnectAll();
    } catch (failure) {
      console.error('Disconnecting all accounts failed', failure);
      if (onSessionExpired(failure)) return true;
      toast.error(DATA_MESSAGES.disconnectFailed, reason(failure, DATA_MESSAGES.disconnectFailed));
      return false;
    }
    toast.success(DATA_MESSAGES.disconnected, { description: DATA_MESSAGES.disconnectedDescription });
    for (const queryKey of DISCONNECT_ALL_INVALIDATES) void queryClient.invalidateQueries({ queryKey });
    return true;
  };
  return (
    <ConfirmActionDialog
      trigger="Disconnect All"
      title="Disconnect all accounts?"
      description={
        <>
          <p>
            Every bank, exchange and wallet connection is removed, together with its saved credentials.
            Nothing syncs any more until you connect again.
          </p>
          <p>Your accounts stay, marked disconnected, and your transaction history is kept.</p>
        </>
      }
      confirmLabel="Disconnect All"
      busyLabel="Disconnecting..."
      onConfirm={run}
    />
  );
}
