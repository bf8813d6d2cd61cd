import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { Page } from '../api/types';
import { cursorTo, DataTable, type ListParams } from './DataTable';

interface Row {
  id: number;
  name: string;
}

/** A fake list of 25 rows whose pages name their cursors as the server does ("after:<id>", "before:<id>"). */
async function pageOf(params: ListParams): Promise<Page<Row>> {
  const all = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `Row ${i + 1}` }));
  const rows = all.slice(params.page * params.limit, (params.page + 1) * params.limit);
  const last = rows.at(-1)!;
  return {
    data: rows,
    total_count: all.length,
    next_cursor: last.id < 25 ? `after:${last.id}` : null,
    prev_cursor: params.page > 0 ? `before:${rows[0].id}` : null,
  };
}

function renderList() {
  const fetchPage = vi.fn(pageOf);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/rows']}>
        <DataTable<Row>
          queryKey={['rows']}
          fetchPage={fetchPage}
          columns={[{ key: 'name', label: 'Name', sortKey: 'name' }]}
          rowKey={(row) => row.id}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchPage;
}

describe('cursorTo', () => {
  it.each([
    // [page pressed, page shown, cursor sent]
    [1, 0, 'n'], // next arrow: the shown page's next_cursor
    [0, 1, undefined], // back to the first page: OFFSET 0 is already cheap
    [2, 3, 'p'], // previous arrow: prev_cursor
    [5, 1, undefined], // a jump has no cursor
  ] as const)('page %i from page %i sends %s', (page, current, expected) => {
    expect(cursorTo(page, current, { next_cursor: 'n', prev_cursor: 'p' })).toBe(expected);
  });
});

describe('DataTable keyset paging', () => {
  it('sends the next and previous cursors with the arrows and drops them when the sort changes', async () => {
    const fetchPage = renderList();
    await screen.findByText('Row 1');
    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    await screen.findByText('Row 11');
    expect(fetchPage.mock.calls.at(-1)?.[0]).toMatchObject({ page: 1, cursor: 'after:10' });
    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    await screen.findByText('Row 21');
    expect(fetchPage.mock.calls.at(-1)?.[0]).toMatchObject({ page: 2, cursor: 'after:20' });
    await userEvent.click(screen.getByRole('button', { name: /previous page/i }));
    await screen.findByText('Row 11');
    expect(fetchPage.mock.calls.at(-1)?.[0]).toMatchObject({ page: 1, cursor: 'before:21' });
    await userEvent.click(screen.getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(fetchPage.mock.calls.at(-1)?.[0]).toMatchObject({ order_by: 'name', page: 0 }));
    expect(fetchPage.mock.calls.at(-1)?.[0].cursor).toBeUndefined();
  });
});
