import { configure, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MESSAGES } from '../../../domain/messages';
import { type FakeApi, renderGuarded, signedInApi, signOutApi } from '../../testing';
import { ReportViewPage } from './ReportViewPage';
import { fullReport } from './report-fixture';
import type { FullReport } from './types';

const userEvent = userEventLib.setup({ delay: null });
// A shared 2-core machine: give the fake API and MUI's transitions time.
configure({ asyncUtilTimeout: 10_000 });
const SLOW = { timeout: 60_000 };

function serve(value: FullReport): FakeApi {
  const server = signedInApi('admin', 1);
  server.on('GET', '/expense-report/1', () => ({ status: 200, body: value }));
  server.on('DELETE', '/expense-report/processed/1', () => ({ status: 200, body: value }));
  return server;
}

function renderAt(path: string) {
  return renderGuarded(
    [
      { path: '/expense-report/:expense_report_id', element: <ReportViewPage /> },
      { path: '/admin/expense-reports/processed', element: <p>the processed list</p> },
    ],
    path,
  );
}

afterEach(signOutApi);

describe('ReportViewPage: an admin’s delete and archive', () => {
  it('archives a processed report after asking, then goes back to the list it came from', SLOW, async () => {
    const server = serve(fullReport({ processed: 1, status: 'processed' }));
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
    const server = serve(fullReport({ distribution_id: 5 }));
    renderAt('/expense-report/1?return=unprocessed');
    expect(await screen.findByText(MESSAGES.reportInDistribution)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Process' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('dialog', { name: 'This report cannot be deleted' })).toBeInTheDocument();
    expect(server.calls.filter((call) => call.startsWith('DELETE'))).toEqual([]);
  });
});
