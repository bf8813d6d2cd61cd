import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider, useLocation } from 'react-router';
import type { Page } from '../api/types';
import { INPUT_DEBOUNCE_MS } from '../hooks/useDebouncedValue';
import { DataTable } from './DataTable';

interface Fund {
  id: number;
  fund_name: string;
}

function Address() {
  const location = useLocation();
  return <output aria-label="address">{location.pathname + location.search}</output>;
}

/**
 * The search reaches the address after a debounce. A row link pressed before it settles opens a page
 * that may still be loading (a lazy screen keeps the table on screen meanwhile): the late search must
 * not be written onto that page's address (dropping its ?return=) nor pull the reader back.
 */
describe('DataTable search and leaving the table', () => {
  it('a search still waiting when a row link is followed never reaches the new address', async () => {
    let arrive: () => void = () => {};
    const arrived = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    // The report page is a chunk still on its way, as on a slow phone link.
    const ReportPage = lazy(async () => {
      await arrived;
      return { default: Address };
    });
    const fetchPage = async (): Promise<Page<Fund>> => ({
      data: [{ id: 7, fund_name: 'Building Fund' }],
      total_count: 1,
    });
    const router = createMemoryRouter(
      [
        {
          // As in the app shell: one Suspense around the pages, already on screen.
          element: (
            <Suspense fallback={<p>Loading</p>}>
              <Outlet />
            </Suspense>
          ),
          children: [
            {
              path: '/funds',
              element: (
                <DataTable<Fund>
                  queryKey={['funds']}
                  fetchPage={fetchPage}
                  searchLabel="Search funds"
                  columns={[
                    {
                      key: 'fund_name',
                      label: 'Fund',
                      render: (fund) => <Link to={`/funds/${fund.id}?return=%2Ffunds`}>{fund.fund_name}</Link>,
                    },
                  ]}
                  rowKey={(fund) => fund.id}
                />
              ),
            },
            {
              path: '/funds/:id',
              element: <ReportPage />,
            },
          ],
        },
      ],
      { initialEntries: ['/funds'] },
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Search funds' }), 'Bui');
    await user.click(screen.getByRole('link', { name: 'Building Fund' }));
    // Past the debounce while the page is still loading.
    await act(() => new Promise((resolve) => setTimeout(resolve, INPUT_DEBOUNCE_MS * 2)));
    await act(async () => arrive());
    expect(await screen.findByRole('status', { name: 'address' })).toHaveTextContent('/funds/7?return=%2Ffunds');
    expect(router.state.location.pathname + router.state.location.search).toBe('/funds/7?return=%2Ffunds');
  });
});
