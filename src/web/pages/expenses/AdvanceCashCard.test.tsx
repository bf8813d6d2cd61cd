import { configure, screen, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MESSAGES } from '../../../domain/messages';
import { renderGuarded, signedInApi, signOutApi } from '../../testing';
import { ReportEditorPage } from './ReportEditorPage';
import { fullReport } from './report-fixture';
import type { FullReport } from './types';

const userEvent = userEventLib.setup({ delay: null });
configure({ asyncUtilTimeout: 10_000 });
const SLOW = { timeout: 60_000 };

/**
 * Decision 34: an advance report's Submit is never enabled only to fail with "No file has been
 * chosen."; what keeps it from being submitted is listed before Submit, and the cash given back
 * counts towards the approved amount (312.40 + 87.60 = 400.00).
 */
function advanceReport(changes: Partial<FullReport> = {}): FullReport {
  const base = fullReport();
  return fullReport({
    type: 'advance',
    status: 'unsubmitted',
    submitted: 0,
    user_id: 7,
    total_amount: 312.4,
    distance_type: 'none',
    advance_request_id: 41,
    advance_request: {
      id: 41,
      user_id: 7,
      user_name: base.user_name,
      missionary_number: null,
      status: 'approved',
      amount_requested: 400,
      amount_approved: 400,
      dist_amount_approved: null,
      approved: 1,
      type: null,
      category: null,
      purpose: 'Fuel',
      needed_by: null,
      hold_account_id: null,
      hold_account: null,
      distribution_id: null,
      date_submitted: '2026-11-01',
      mat_date: null,
      paid_on: null,
      expense_report_id: 1,
      expense_report: null,
      archived_at: null,
      created_at: base.created_at,
      updated_at: base.updated_at,
    },
    ...changes,
  });
}

function open(report: FullReport) {
  const server = signedInApi('missionary', 7);
  server.on('GET', '/expense-report/1', () => ({ status: 200, body: report }));
  renderGuarded(
    [{ path: '/expense-report/:expense_report_id/edit', element: <ReportEditorPage /> }],
    '/expense-report/1/edit',
  );
  return server;
}

afterEach(signOutApi);

describe('an advance report’s Submit', () => {
  it('is disabled with the reasons shown while there is no receipt and the amounts fall short', SLOW, async () => {
    const server = open(advanceReport());
    const reasons = await screen.findByLabelText('Before you can submit');
    expect(within(reasons).getByText('Add a receipt: an advance report needs at least one.')).toBeInTheDocument();
    expect(within(reasons).getByText(MESSAGES.advanceReportTooLow)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Cash returned (unspent)'), '87.60');
    expect(screen.getByText(/\$400\.00/, { selector: 'strong' })).toBeInTheDocument();
    expect(within(reasons).queryByText(MESSAGES.advanceReportTooLow)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    expect(server.calls.filter((call) => call.startsWith('PATCH'))).toEqual([]);
  });

  it('is enabled once a receipt is there and expenses + cash returned meet the approved amount', SLOW, async () => {
    const stamp = '2026-11-21T10:00:00.000Z';
    const receipt = {
      id: 3,
      expense_report_id: 1,
      filename: 'r.jpg',
      file_url: '/api/fileUpload/3',
      content_type: 'image/jpeg',
      size_bytes: 10,
      created_at: stamp,
      updated_at: stamp,
    };
    open(advanceReport({ cash_returned: 87.6, file_upload: [receipt] }));
    expect(await screen.findByRole('button', { name: 'Submit' })).toBeEnabled();
    expect(screen.queryByLabelText('Before you can submit')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Cash returned (unspent)')).toHaveValue('87.60');
    // One verdict, counting the cash: nothing on the page still asks for more expenses.
    expect(screen.getByText('The total is within $1.00 of the approved amount. You can submit.')).toBeInTheDocument();
    expect(screen.queryByText(/add expenses until/i)).not.toBeInTheDocument();
  });
});
