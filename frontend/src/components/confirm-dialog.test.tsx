import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

function Asking({ onConfirm = () => {} }: { onConfirm?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Remove all
      </button>
      <ConfirmDialog
        open={open}
        title="Remove everything?"
        confirmLabel="Remove all"
        onConfirm={onConfirm}
        onCancel={() => setOpen(false)}
      >
        Your cart will be empty.
      </ConfirmDialog>
    </>
  );
}

describe('ConfirmDialog', () => {
  it('given it opens, then focus is on Cancel and Tab and Shift+Tab stay inside it', async () => {
    const user = userEvent.setup();
    render(<Asking />);
    await user.click(screen.getByRole('button', { name: 'Remove all' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Remove everything?' });
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    const confirm = dialog.querySelectorAll('button')[1];
    expect(document.activeElement).toBe(cancel);
    await user.tab();
    expect(document.activeElement).toBe(confirm);
    await user.tab();
    expect(document.activeElement).toBe(cancel);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(confirm);
  });

  it('when Escape is pressed, then it closes without confirming and focus returns to the button that opened it', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Asking onConfirm={onConfirm} />);
    const opener = screen.getByRole('button', { name: 'Remove all' });
    await user.click(opener);

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(opener);
  });
});
