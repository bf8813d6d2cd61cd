import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, sessionUser } from '../../testing';
import { MissionarySearch } from './MissionarySearch';

// A whole user as the contract sends it: the client parses every answer.
const boaz = {
  ...sessionUser('missionary', 5),
  name: 'Boaz Bethlehem',
  email: 'b@example.org',
  missionary_number: 'M-5',
};

function renderSearch(onChange: (value: unknown) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MissionarySearch value={null} onChange={onChange} />
    </QueryClientProvider>,
  );
}

describe('MissionarySearch', () => {
  it('asks the server only from 2 characters, 500 ms after typing stops, and picks a missionary', async () => {
    const api = fakeApi();
    api.on('GET', '/search_user', () => ({ status: 200, body: [boaz] }));
    const onChange = vi.fn();
    renderSearch(onChange);
    const user = userEvent.setup();
    const input = screen.getByLabelText('Missionary');

    await user.type(input, 'B');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(api.calls).toEqual([]);
    expect(screen.getByText('Type at least 2 characters')).toBeInTheDocument();

    await user.type(input, 'o');
    const typed = Date.now();
    await waitFor(() => expect(api.calls).toEqual(['GET /api/search_user']), { timeout: 2000 });
    expect(Date.now() - typed).toBeGreaterThanOrEqual(450);

    await user.click(await screen.findByRole('option', { name: 'Boaz Bethlehem (#M-5)' }));
    expect(onChange).toHaveBeenCalledWith({ id: 5, name: 'Boaz Bethlehem', missionary_number: 'M-5' });
  }, 20_000);

  it('says when nobody matches', async () => {
    const api = fakeApi();
    api.on('GET', '/search_user', () => ({ status: 200, body: [] }));
    renderSearch(vi.fn());
    await userEvent.setup().type(screen.getByLabelText('Missionary'), 'Zz');
    expect(await screen.findByText('No missionary found', {}, { timeout: 2000 })).toBeInTheDocument();
  }, 20_000);
});
