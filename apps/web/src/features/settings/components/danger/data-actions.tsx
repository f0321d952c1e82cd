import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/api-client';
import { useSessionExpiredHandler } from '@/lib/session';
import { DATA_MESSAGES, dataApi, exportThroughJob, saveFile } from '../../data-api';
import { ConfirmActionDialog } from '../confirm-action-dialog';
import { ProgressBar } from '@/components/progress-bar';

/** Query keys whose data changes when every connection is removed. */
export const DISCONNECT_ALL_INVALIDATES = [['accounts'], ['dashboard'], ['transactions']] as const;

/** A failure's own words as a toast description, unless they only repeat the title. */
function reason(failure: unknown, title: string): { description?: string } {
  const message = errorMessage(failure);
  return message === title ? {} : { description: message };
}

type ExportProgress = { rowsWritten: number; totalRows: number | null };

/** 'Exporting… 12,345 of 1,000,000 transactions written', with a bar once the total is known. */
function ExportProgressView({ progress }: { progress: ExportProgress | null }) {
  const count = (n: number) => n.toLocaleString('en-US');
  const total = progress?.totalRows ?? null;
  const share =
    progress && total ? Math.min(100, Math.round((progress.rowsWritten / Math.max(total, 1)) * 100)) : null;
  return (
    <div className="space-y-2 text-sm">
      <p role="status">
        {progress === null
          ? 'Exporting… preparing the file.'
          : total === null
            ? `Exporting… ${count(progress.rowsWritten)} transactions written`
            : `Exporting… ${count(progress.rowsWritten)} of ${count(total)} transactions written`}
      </p>
      {share !== null ? <ProgressBar label="Transactions exported" share={share} /> : null}
    </div>
  );
}

/**
 * Request data export (spec §2, §8): runs the export as a job on the server (POST /user/exports, its
 * progress every second), downloads its JSON file under the server's file name, then the transactions
 * CSV. The dialog keeps the spec's two readings: emailed within 24 hours, and
 * downloaded now.
 */
export function ExportData() {
  const onSessionExpired = useSessionExpiredHandler();
  const [running, setRunning] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const run = async (): Promise<boolean> => {
    setProblem(undefined);
    setProgress(null);
    setRunning(true);
    try {
      // A job on the server (any instance answers how far it is), then its file.
      saveFile(
        await exportThroughJob((job) =>
          setProgress(
            job.state === 'queued' ? null : { rowsWritten: job.rowsWritten, totalRows: job.totalRows },
          ),
        ),
      );
    } catch (failure) {
      console.error('Exporting data failed', failure);
      if (onSessionExpired(failure)) return true;
      const why = reason(failure, DATA_MESSAGES.exportFailed);
      toast.error(DATA_MESSAGES.exportFailed, why);
      setProblem(
        `${DATA_MESSAGES.exportFailed}${why.description ? `: ${why.description}` : ''}. Nothing was saved; try again.`,
      );
      return false;
    } finally {
      setRunning(false);
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
      busyLabel="Exporting..."
      extra={
        running ? (
          <ExportProgressView progress={progress} />
        ) : problem ? (
          <p
            role="alert"
            className="flex gap-2 rounded-md border border-destructive/40 p-3 text-sm text-foreground"
          >
            <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
            <span>{problem}</span>
          </p>
        ) : null
      }
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
