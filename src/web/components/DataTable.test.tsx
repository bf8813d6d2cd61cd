import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { Page } from '../api/types';
import { DataTable, type ListParams } from './DataTable';

interface Fund {
  id: number;
  fund_name: string;
}

const funds: Fund[] = [
  { id: 1, fund_name: 'Building Fund' },
  { id: 2, fund_name: 'Vehicle Fund' },
];

function renderTable(props: { address: string; defaultOrder?: 'asc' | 'desc' }) {
  const fetchPage = vi.fn(async (_params: ListParams): Promise<Page<Fund>> => ({ data: funds, total_count: 2 }));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[props.address]}>
        <DataTable<Fund>
          queryKey={['funds']}
          fetchPage={fetchPage}
          columns={[{ key: 'fund_name', label: 'Fund', sortKey: 'fund_name' }]}
          rowKey={(fund) => fund.id}
          defaultOrderBy="fund_name"
          defaultOrder={props.defaultOrder}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchPage;
}

const lastCall = (fetchPage: ReturnType<typeof renderTable>) => fetchPage.mock.calls.at(-1)?.[0];

describe('DataTable sort order', () => {
  it.each([
    // [address query, defaultOrder, order sent to the server]
    ['/funds', undefined, 'desc'], // lists default to newest first
    ['/funds', 'asc', 'asc'], // names read A to Z
    ['/funds?order=desc', 'asc', 'desc'], // the address wins over the default
    ['/funds?order=sideways', 'asc', 'asc'], // nonsense falls back to the default
  ] as const)('%s with default %s asks for %s', async (address, defaultOrder, expected) => {
    const fetchPage = renderTable({ address, defaultOrder });
    await waitFor(() => expect(fetchPage).toHaveBeenCalled());
    expect(lastCall(fetchPage)).toMatchObject({ order_by: 'fund_name', order: expected, page: 0, limit: 10 });
  });

  it('flips the active column between asc and desc from its default', async () => {
    const fetchPage = renderTable({ address: '/funds', defaultOrder: 'asc' });
    await screen.findByText('Building Fund');
    await userEvent.click(screen.getByRole('button', { name: /Fund/ }));
    await waitFor(() => expect(lastCall(fetchPage)).toMatchObject({ order: 'desc' }));
    await userEvent.click(screen.getByRole('button', { name: /Fund/ }));
    await waitFor(() => expect(lastCall(fetchPage)).toMatchObject({ order: 'asc' }));
  });
});
