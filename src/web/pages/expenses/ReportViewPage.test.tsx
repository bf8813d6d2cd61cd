import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { MESSAGES } from '../../../domain/messages';
import { Guard } from '../../shell/guards';
import { AppProviders, type FakeApi, fakeApi, sessionUser, setTokenCookie } from '../../testing';
import { ReportViewPage } from './ReportViewPage';
import type { FullReport } from './types';

const userEvent = userEventLib.setup({ delay: null });
// A shared 2-core machine: give the fake API and MUI's transitions time.
configure({ asyncUtilTimeout: 10_000 });
const SLOW = { timeout: 60_000 };
const STAMP = '2026-11-01T00:00:00.000Z';

function report(overrides: Partial<FullReport>): FullReport {
  return {
    id: 1,
    type: 'reimbursement',
    user_id: 7,
    user_name: 'Ruth Okafor',
    missionary_number: 'R-1',
    status: 'submitted',
    total_amount: 100,
    unreimbursed_amount: 100,
    payout: null,
    start_date: '2026-11-02',
    end_date: '2026-11-03',
    date_submitted: '2026-11-04',
    submitted: 1,
    processed: 0,
    processed_at: null,
    processed_by: null,
    processed_by_name: null,
    distance_type: 'mi',
    advance_request_id: null,
    distribution_id: null,
    dist_amount_reimbursed: null,
    dist_hold_account_withdrawals: null,
    dist_amount_unreimbursed: null,
    archived_at: null,
    returned_at: null,
    created_at: STAMP,
    updated_at: STAMP,
    expense: [],
    mileage: [],
    file_upload: [],
    advance_request: null,
    user: null,
    events: [],
    return_comment: null,
    ...overrides,
  };
}

function serve(value: FullReport): FakeApi {
  const server = fakeApi();
  setTokenCookie('token-of-test');
  server.on('POST', '/token', () => ({ status: 200, body: sessionUser('admin', 1) }));
  server.on('GET', '/expense-report/1', () => ({ status: 200, body: value }));
  server.on('DELETE', '/expense-report/processed/1', () => ({ status: 200, body: { success: true } }));
  return server;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Guard />,
        children: [
          { path: '/expense-report/:expense_report_id', element: <ReportViewPage /> },
          { path: '/admin/expense-reports/processed', element: <p>the processed list</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setTokenCookie(null);
});

describe('ReportViewPage: an admin’s delete and archive', () => {
  it('archives a processed report after asking, then goes back to the list it came from', SLOW, async () => {
    const server = serve(report({ processed: 1, status: 'processed' }));
    const router = renderAt('/expense-report/1?return=processed');
    await userEvent.click(await screen.findByRole('button', { name: 'Archive' }));
    const dialog = screen.getByRole('dialog', { name: 'Archive this expense report?' });
    expect(dialog).toHaveTextContent(
      'The report leaves the processed list. It stays on record and can still be opened.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/expense-reports/processed'));
    expect(server.calls).toContain('DELETE /api/expense-report/processed/1');
  });

  it('says in words why a report a distribution references cannot be processed or deleted', SLOW, async () => {
    const server = serve(report({ distribution_id: 5 }));
    renderAt('/expense-report/1?return=unprocessed');
    expect(await screen.findByText(MESSAGES.reportInDistribution)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Process' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('dialog', { name: 'This report cannot be deleted' })).toBeInTheDocument();
    expect(server.calls.filter((call) => call.startsWith('DELETE'))).toEqual([]);
  });
});
