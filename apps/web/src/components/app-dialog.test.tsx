import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AppDialog } from './app-dialog';

/** A dialog as the app's forms use it: Cancel closes it, Escape must do the same. */
function FormDialog({
  busy = false,
  withClose = true,
  closeOnBackdropClick = false,
}: {
  busy?: boolean;
  withClose?: boolean;
  closeOnBackdropClick?: boolean;
}) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <span>{open ? 'open' : 'closed'}</span>
      <AppDialog
        open={open}
        onClose={withClose ? () => setOpen(false) : undefined}
        busy={busy}
        closeOnBackdropClick={closeOnBackdropClick}
        aria-labelledby="title"
      >
        <DialogTitle id="title">Add invoice</DialogTitle>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy}>
            Cancel
          </Button>
        </DialogActions>
      </AppDialog>
    </>
  );
}

function backdrop(): Element {
  return document.querySelector('.MuiBackdrop-root')!;
}

describe('AppDialog', () => {
  it('closes on Escape, as its Cancel button does', async () => {
    const user = userEvent.setup();
    render(<FormDialog />);
    expect(screen.getByRole('dialog', { name: 'Add invoice' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.getByText('closed')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('stays open on Escape while it is busy', async () => {
    const user = userEvent.setup();
    render(<FormDialog busy />);
    await user.keyboard('{Escape}');
    fireEvent.click(backdrop());
    expect(screen.getByText('open')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Add invoice' })).toBeTruthy();
  });

  it('stays open on Escape when it has no close action (it must be answered)', async () => {
    const user = userEvent.setup();
    render(<FormDialog withClose={false} />);
    await user.keyboard('{Escape}');
    expect(screen.getByText('open')).toBeTruthy();
  });

  it('keeps a form open on a click outside; a viewer may close on it', async () => {
    const { unmount } = render(<FormDialog />);
    fireEvent.mouseDown(backdrop());
    fireEvent.click(backdrop());
    expect(screen.getByText('open')).toBeTruthy();
    unmount();
    render(<FormDialog closeOnBackdropClick />);
    fireEvent.mouseDown(backdrop());
    fireEvent.click(backdrop());
    expect(screen.getByText('closed')).toBeTruthy();
  });
});
