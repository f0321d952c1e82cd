import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from './sheet';

/** A dialog opened from state, not from a Radix Trigger (as a list row or a menu item opens one). */
function OpenedFromState({ kind }: { kind: 'dialog' | 'sheet' }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Open details
      </button>
      {kind === 'dialog' ? (
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogContent>
            <DialogTitle>Details</DialogTitle>
            <DialogDescription>About one thing</DialogDescription>
          </DialogContent>
        </Dialog>
      ) : (
        <Sheet open={open} onOpenChange={setOpen}>
          <SheetContent side="right" header={<SheetTitle>Details</SheetTitle>}>
            <SheetDescription>About one thing</SheetDescription>
          </SheetContent>
        </Sheet>
      )}
    </>
  );
}

describe('closing a dialog returns focus to the control that opened it', () => {
  it.each(['dialog', 'sheet'] as const)('%s opened from state, closed with Escape or Close', async (kind) => {
    const user = userEvent.setup();
    render(<OpenedFromState kind={kind} />);
    const opener = screen.getByRole('button', { name: 'Open details' });
    await user.click(opener);
    expect(await screen.findByRole('dialog', { name: 'Details' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();

    opener.focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });
});
