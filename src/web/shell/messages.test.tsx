import { Button, Dialog, DialogActions } from '@mui/material';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MessageProvider, useMessages } from './messages';

let messages: ReturnType<typeof useMessages>;
function Grab() {
  messages = useMessages();
  return null;
}

describe('messages (a message goes once its cause is gone)', () => {
  it('dismisses the message only while it still says the same', async () => {
    render(
      <MessageProvider>
        <Grab />
      </MessageProvider>,
    );
    act(() => messages.error('Must Select A Distance Type to Add A Mileage Expense'));
    expect(await screen.findByText('Must Select A Distance Type to Add A Mileage Expense')).toBeInTheDocument();
    act(() => messages.dismiss('Some other message'));
    expect(screen.getByText('Must Select A Distance Type to Add A Mileage Expense')).toBeInTheDocument();
    act(() => messages.dismiss('Must Select A Distance Type to Add A Mileage Expense'));
    await waitFor(() =>
      expect(screen.queryByText('Must Select A Distance Type to Add A Mileage Expense')).not.toBeInTheDocument(),
    );
  });

  it('a later success replaces an earlier error', async () => {
    render(
      <MessageProvider>
        <Grab />
      </MessageProvider>,
    );
    act(() => messages.error('The preview failed.'));
    expect(await screen.findByText('The preview failed.')).toBeInTheDocument();
    act(() => messages.success('Imported 12 donations.'));
    expect(await screen.findByText('Imported 12 donations.')).toBeInTheDocument();
    expect(screen.queryByText('The preview failed.')).not.toBeInTheDocument();
  });
});

describe('a message and a dialog', () => {
  const snackbar = (text: string) => screen.getByText(text).closest('.MuiSnackbar-root');

  it('shows at the top while a dialog is open, never over its buttons at the bottom', async () => {
    function Page({ dialog }: { dialog: boolean }) {
      return (
        <MessageProvider>
          <Grab />
          <Dialog open={dialog} aria-label="Add Expense">
            <DialogActions>
              <Button>Add Expense</Button>
            </DialogActions>
          </Dialog>
        </MessageProvider>
      );
    }
    const { rerender } = render(<Page dialog={false} />);
    act(() => messages.success('Expense added.'));
    expect(await screen.findByText('Expense added.')).toBeInTheDocument();
    expect(snackbar('Expense added.')).toHaveClass('MuiSnackbar-anchorOriginBottomCenter');
    // The next expense's dialog opens while the message is still up: the message moves to the top.
    rerender(<Page dialog />);
    await waitFor(() => expect(snackbar('Expense added.')).toHaveClass('MuiSnackbar-anchorOriginTopCenter'));
    act(() => messages.error('Category is required.'));
    expect(await screen.findByText('Category is required.')).toBeInTheDocument();
    expect(snackbar('Category is required.')).toHaveClass('MuiSnackbar-anchorOriginTopCenter');
  });
});
