import { type ReactNode, useState } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';

/**
 * A settings confirmation (spec §4 danger actions, revoking a key): idle, then busy (buttons disabled,
 * the action shows `busyLabel`), then idle. `onConfirm` resolves true to close the dialog, false to keep
 * it open.
 */
export function ConfirmActionDialog({
  trigger,
  triggerVariant = 'outline',
  triggerSize,
  triggerLabel,
  title,
  description,
  confirmLabel,
  busyLabel,
  destructive = true,
  extra,
  onConfirm,
}: {
  trigger: string;
  triggerVariant?: 'outline' | 'destructive';
  triggerSize?: 'sm';
  /** An accessible name when the trigger's text alone is ambiguous (one Revoke button per key). */
  triggerLabel?: string;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  destructive?: boolean;
  /** Shown under the description: how far the action has got, or why it failed. */
  extra?: ReactNode;
  onConfirm: () => Promise<boolean>;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (busy) return;
    setBusy(true);
    const close = await onConfirm();
    setBusy(false);
    if (close) setOpen(false);
  };
  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button variant={triggerVariant} size={triggerSize} aria-label={triggerLabel}>
          {trigger}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div className="space-y-2">{description}</div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        {extra}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant={destructive ? 'destructive' : 'primary'}
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={(event) => {
              event.preventDefault();
              void run();
            }}
          >
            {busy ? busyLabel : confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
