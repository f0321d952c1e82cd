import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Button } from './button';
import { useReturnFocus } from './return-focus';

/**
 * A panel that slides in from the edge of the screen: a Radix Dialog, so focus is trapped inside,
 * Escape and the overlay close it, and focus returns to the control that opened it (useReturnFocus).
 */
export const Sheet = Dialog.Root;
export const SheetTrigger = Dialog.Trigger;
export const SheetClose = Dialog.Close;

type SheetContentProps = ComponentProps<typeof Dialog.Content> & {
  side?: 'left' | 'right';
  /** Accessible name of the close button. */
  closeLabel?: string;
  header?: ReactNode;
};

export function SheetContent({
  side = 'left',
  closeLabel = 'Close',
  header,
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: SheetContentProps) {
  const returnFocus = useReturnFocus(onOpenAutoFocus, onCloseAutoFocus);
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50 motion-safe:animate-fade-in" />
      <Dialog.Content
        className={cn(
          'fixed inset-y-0 z-50 flex w-72 max-w-[85vw] flex-col bg-sidebar text-sidebar-foreground shadow-xl outline-none',
          side === 'left'
            ? 'left-0 border-r motion-safe:animate-sheet-in-left'
            : 'right-0 border-l motion-safe:animate-sheet-in-right',
          className,
        )}
        {...props}
        {...returnFocus}
      >
        <div className="flex h-14 items-center justify-between gap-2 border-b px-3">
          {header}
          <Dialog.Close asChild>
            <Button variant="ghost" size="icon" aria-label={closeLabel}>
              <X aria-hidden="true" />
            </Button>
          </Dialog.Close>
        </div>
        {children}
      </Dialog.Content>
    </Dialog.Portal>
  );
}

export const SheetTitle = Dialog.Title;

export function SheetDescription({ className, ...props }: ComponentProps<typeof Dialog.Description>) {
  return <Dialog.Description className={cn('sr-only', className)} {...props} />;
}
