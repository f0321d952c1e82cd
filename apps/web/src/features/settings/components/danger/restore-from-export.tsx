import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSessionExpiredHandler } from '@/lib/session';
import {
  type ChosenExport,
  DATA_MESSAGES,
  dataApi,
  describeCounts,
  type ExportDocument,
  exportCounts,
  readExportFile,
  restoredCounts,
} from '../../data-api';
import { useSettingsDates } from '../../format';
import { ProgressBar } from '@/components/progress-bar';

type Chosen =
  | { kind: 'none' }
  | { kind: 'reading'; fileName: string }
  | { kind: 'invalid'; fileName: string; problem: string }
  | ({ kind: 'ready'; fileName: string } & ChosenExport);

type Progress = {
  phase: 'reading' | 'writing' | null;
  rowsRead: number;
  rowsRestored: number;
  totalRows: number | null;
};

/** How often the running restore's progress is asked for. */
const PROGRESS_EVERY_MS = 1_000;

/** 'Restoring… 12,345 rows' while the file is read; '… 12,345 of 1,000,000 rows' once the total is known. */
function progressText(progress: Progress | null): string {
  if (!progress?.phase) return 'Restoring… a large export can take a few minutes.';
  const count = (n: number) => n.toLocaleString('en-US');
  if (progress.phase === 'reading') {
    return `Restoring… ${count(progress.rowsRead)} ${progress.rowsRead === 1 ? 'row' : 'rows'} read and checked`;
  }
  return `Restoring… ${count(progress.rowsRestored)} of ${count(progress.totalRows ?? 0)} rows written`;
}

/** The running restore's progress, asked for every second while `running`. */
function useRestoreProgress(running: boolean): Progress | null {
  const [progress, setProgress] = useState<Progress | null>(null);
  useEffect(() => {
    if (!running) return;
    let stopped = false;
    const ask = async () => {
      try {
        const answer = await dataApi.restoreProgress();
        if (!stopped && answer.running) setProgress(answer);
      } catch {
        // Progress is a nicety: the restore's own answer says how it ended.
      }
    };
    const timer = setInterval(() => void ask(), PROGRESS_EVERY_MS);
    void ask();
    return () => {
      stopped = true;
      clearInterval(timer);
      setProgress(null);
    };
  }, [running]);
  return running ? progress : null;
}

/** What a failed restore means for the user: a 409 is the "account must be empty" rule. */
function restoreProblem(failure: unknown): string {
  if (failure instanceof ApiError && failure.status === 409) return DATA_MESSAGES.restoreNeedsEmptyAccount;
  if (failure instanceof ApiError && failure.items.length > 0) {
    return `${failure.message}: ${failure.items.map((item) => `${item.field} — ${item.message}`).join('; ')}`;
  }
  return errorMessage(failure);
}

/** '676 MB' for a file's size. */
function sizeText(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  return `${Math.round(bytes / 1024 ** 2)} MB`;
}

/** 'A data export, made 11/03/2026, 4:05 PM, from ada@example.com.' — whatever of that the file says. */
function sourceOf(document: ExportDocument, dates: ReturnType<typeof useSettingsDates>): string {
  const when = document.exportedAt ? ` ${dates.dateTime(document.exportedAt)}` : '';
  const from = document.profile?.email ? ` from ${document.profile.email}` : '';
  return `A data export${when ? `, made${when}` : ''}${from}.`;
}

function Problem({ children }: { children: string }) {
  return (
    <p
      role="alert"
      className="flex gap-2 rounded-md border border-destructive/40 p-3 text-sm text-foreground"
    >
      <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
      <span>{children}</span>
    </p>
  );
}

/**
 * Restore from an export (docs/settings-api.md "Data"): choose the JSON file of a data export, see what
 * it holds, then confirm. The server restores only into an account that holds no accounts yet.
 */
export function RestoreFromExport() {
  const dates = useSettingsDates();
  const queryClient = useQueryClient();
  const onSessionExpired = useSessionExpiredHandler();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [chosen, setChosen] = useState<Chosen>({ kind: 'none' });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const progress = useRestoreProgress(busy);

  const close = () => {
    setChosen({ kind: 'none' });
    setProblem(undefined);
  };

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setProblem(undefined);
    setChosen({ kind: 'reading', fileName: file.name });
    try {
      setChosen({ kind: 'ready', fileName: file.name, ...(await readExportFile(file)) });
    } catch (failure) {
      setChosen({ kind: 'invalid', fileName: file.name, problem: errorMessage(failure) });
    }
  };

  const restore = async () => {
    if (busy || chosen.kind !== 'ready') return;
    setBusy(true);
    setProblem(undefined);
    try {
      const answer = await dataApi.restore(chosen.file);
      toast.success(DATA_MESSAGES.restored, {
        description: `Restored ${describeCounts(restoredCounts(answer))}.`,
      });
      // Every list in the app may have changed.
      void queryClient.invalidateQueries();
      close();
    } catch (failure) {
      console.error('Restoring data failed', failure);
      if (onSessionExpired(failure)) {
        close();
      } else {
        setProblem(restoreProblem(failure));
        toast.error(DATA_MESSAGES.restoreFailed);
      }
    } finally {
      setBusy(false);
    }
  };

  const counts = chosen.kind === 'ready' && chosen.complete ? exportCounts(chosen.document) : [];
  const share =
    progress?.phase === 'writing' && progress.totalRows
      ? Math.min(100, Math.round((progress.rowsRestored / progress.totalRows) * 100))
      : null;
  return (
    <>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept="application/json,.json"
        aria-label="Export file to restore"
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so that choosing the same file again is noticed.
          event.target.value = '';
          void choose(file);
        }}
      />
      <Button variant="outline" onClick={() => input.current?.click()}>
        Choose Export File
      </Button>
      <AlertDialog open={chosen.kind !== 'none'} onOpenChange={(next) => !next && !busy && close()}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Restore from an export?</AlertDialogTitle>
            <AlertDialogDescription>
              {chosen.kind === 'none' ? '' : `File: ${chosen.fileName}`}
            </AlertDialogDescription>
          </AlertDialogHeader>
          {chosen.kind === 'reading' ? (
            <p role="status" className="text-sm">
              Reading the file…
            </p>
          ) : null}
          {chosen.kind === 'invalid' ? <Problem>{chosen.problem}</Problem> : null}
          {chosen.kind === 'ready' ? (
            <div className="space-y-3 text-sm">
              {chosen.complete ? (
                <>
                  <p>{sourceOf(chosen.document, dates)} It holds:</p>
                  <ul aria-label="What the file holds" className="list-disc space-y-0.5 pl-5">
                    {counts.map((entry) => (
                      <li key={entry.kind}>{entry.label}</li>
                    ))}
                  </ul>
                </>
              ) : (
                <p>
                  {sourceOf(chosen.document, dates)} It is large ({sizeText(chosen.file.size)}), so what it
                  holds is counted as it is restored.
                </p>
              )}
              <p className="text-muted-foreground">
                Restoring adds all of this to your account. It works only for an account without data;
                restored accounts are not connected, so reconnect them to sync again. API keys are not
                restored.
              </p>
              {busy ? (
                <div className="space-y-2">
                  <p role="status">{progressText(progress)}</p>
                  {share !== null ? <ProgressBar label="Rows restored" share={share} /> : null}
                </div>
              ) : null}
            </div>
          ) : null}
          {problem ? <Problem>{problem}</Problem> : null}
          <AlertDialogFooter>
            <AlertDialogCancel disabled={busy}>
              {chosen.kind === 'ready' ? 'Cancel' : 'Close'}
            </AlertDialogCancel>
            {chosen.kind === 'ready' ? (
              <AlertDialogAction
                disabled={busy}
                aria-busy={busy || undefined}
                onClick={(event) => {
                  event.preventDefault();
                  void restore();
                }}
              >
                {busy ? 'Restoring...' : 'Restore'}
              </AlertDialogAction>
            ) : null}
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
