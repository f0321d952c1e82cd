import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle } from 'lucide-react';
import { useId, useRef, useState } from 'react';
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
  DATA_MESSAGES,
  dataApi,
  describeCounts,
  type ExportDocument,
  exportCounts,
  readExportFile,
  restoredCounts,
} from '../../data-api';
import { useSettingsDates } from '../../format';

type Chosen =
  | { kind: 'none' }
  | { kind: 'reading'; fileName: string }
  | { kind: 'invalid'; fileName: string; problem: string }
  | { kind: 'ready'; fileName: string; document: ExportDocument };

/** What a failed restore means for the user: a 409 is the "account must be empty" rule. */
function restoreProblem(failure: unknown): string {
  if (failure instanceof ApiError && failure.status === 409) return DATA_MESSAGES.restoreNeedsEmptyAccount;
  if (failure instanceof ApiError && failure.items.length > 0) {
    return `${failure.message}: ${failure.items.map((item) => `${item.field} — ${item.message}`).join('; ')}`;
  }
  return errorMessage(failure);
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

  const close = () => {
    setChosen({ kind: 'none' });
    setProblem(undefined);
  };

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setProblem(undefined);
    setChosen({ kind: 'reading', fileName: file.name });
    try {
      setChosen({ kind: 'ready', fileName: file.name, document: await readExportFile(file) });
    } catch (failure) {
      setChosen({ kind: 'invalid', fileName: file.name, problem: errorMessage(failure) });
    }
  };

  const restore = async () => {
    if (busy || chosen.kind !== 'ready') return;
    setBusy(true);
    setProblem(undefined);
    try {
      const answer = await dataApi.restore(chosen.document);
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

  const counts = chosen.kind === 'ready' ? exportCounts(chosen.document) : [];
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
              <p>{sourceOf(chosen.document, dates)} It holds:</p>
              <ul aria-label="What the file holds" className="list-disc space-y-0.5 pl-5">
                {counts.map((entry) => (
                  <li key={entry.kind}>{entry.label}</li>
                ))}
              </ul>
              <p className="text-muted-foreground">
                Restoring adds all of this to your account. It works only for an account without data;
                restored accounts are not connected, so reconnect them to sync again. API keys are not
                restored.
              </p>
              {busy ? <p role="status">Restoring… a large export can take a minute.</p> : null}
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
