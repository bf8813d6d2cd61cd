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
