import { TextField } from '@mui/material';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormEvent } from 'react';
import { FormDialog } from './FormDialog';

function renderDialog(submitting: boolean) {
  const onSubmit = vi.fn((event: FormEvent<HTMLFormElement>) => event.preventDefault());
  const onClose = vi.fn();
  render(
    <FormDialog title="Edit Donation" submitLabel="Save" submitting={submitting} onSubmit={onSubmit} onClose={onClose}>
      <TextField label="Amount" required />
    </FormDialog>,
  );
  return { onSubmit, onClose };
}

describe('FormDialog', () => {
  it('is a dialog named by its title, holding the fields in a form', () => {
    renderDialog(false);
    const dialog = screen.getByRole('dialog', { name: 'Edit Donation' });
    expect(dialog.querySelector('form')).toContainElement(screen.getByLabelText(/Amount/));
  });

  it('submits through the form, leaving validation to the schema rather than the browser', async () => {
    const { onSubmit, onClose } = renderDialog(false);
    // The required field is empty: with the browser's validation on, the form would never submit.
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('cancels without submitting', async () => {
    const { onSubmit, onClose } = renderDialog(false);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('disables the submit button while a save is in flight, so a double click posts once', () => {
    renderDialog(true);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });
});
