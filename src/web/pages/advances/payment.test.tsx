import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../../testing';
import { ReportSummaryCard } from '../expenses/ReportSummaryCard';
import { fullReport } from '../expenses/report-fixture';
import { ADVANCE_COLUMNS } from './AdminAdvancesPage';
import { StatusCell } from './MyAdvanceRequestsTable';
import type { Advance } from './types';

/** Decision 14 (docs/decisions.md): where an approved advance is shown, the screen says when it is paid. */

const STAMP = '2026-11-21T10:00:00.000Z';

function advance(changes: Partial<Advance> = {}): Advance {
  return {
    id: 41,
    user_id: 7,
    user_name: 'Ruth Okafor',
    missionary_number: 'R-1',
    status: 'approved',
    amount_requested: 300,
    amount_approved: 300,
    dist_amount_approved: null,
    approved: 1,
    type: null,
    category: null,
    purpose: null,
    needed_by: null,
    hold_account_id: null,
    hold_account: null,
    distribution_id: null,
    date_submitted: '2026-11-21',
    mat_date: '2026-11-30',
    paid_on: null,
    expense_report_id: null,
    expense_report: null,
    archived_at: null,
    created_at: STAMP,
    updated_at: STAMP,
    ...changes,
  };
}

const amountCell = ADVANCE_COLUMNS.find((column) => column.key === 'amount_requested')!;

describe('the missionary’s advance list (status cell)', () => {
  it.each([
    [advance({ status: 'requested', amount_approved: null }), '$300.00'],
    [advance(), 'Approved: $300.00, paid on MAT Day 11/30/2026'],
    [advance({ mat_date: null }), 'Approved: $300.00, paid by the next distribution'],
    // Reported and closed, still unpaid: still payable by MAT Day (decision 14).
    [advance({ status: 'closed' }), 'Approved: $300.00, paid on MAT Day 11/30/2026'],
    [
      advance({ status: 'closed', dist_amount_approved: 300, distribution_id: 12, paid_on: '2026-12-01' }),
      'Approved: $300.00, paid on 12/01/2026',
    ],
  ])('%# shows %s', (row, text) => {
    render(<StatusCell advance={row} />);
    expect(screen.getByText(text)).toBeInTheDocument();
  });
});

describe('the staff advance lists (amount column)', () => {
  it('shows the request and when the approved amount is paid', () => {
    render(<div>{amountCell.render!(advance())}</div>);
    expect(screen.getByText('Requested $300.00')).toBeInTheDocument();
    expect(screen.getByText('Approved: $300.00, paid on MAT Day 11/30/2026')).toBeInTheDocument();
  });

  it('says the day a distribution paid it', () => {
    render(<div>{amountCell.render!(advance({ dist_amount_approved: 300, paid_on: '2026-11-30' }))}</div>);
    expect(screen.getByText('Approved: $300.00, paid on 11/30/2026')).toBeInTheDocument();
  });
});

describe('an advance report’s summary (missionary and staff)', () => {
  it('names the advance with its approved amount and MAT Day', () => {
    const report = fullReport({
      id: 3,
      type: 'advance',
      status: 'unsubmitted',
      user_name: 'Ruth Okafor',
      missionary_number: 'R-1',
      total_amount: 0,
      unreimbursed_amount: 0,
      submitted: 0,
      processed: 0,
      date_submitted: null,
      start_date: null,
      end_date: null,
      advance_request_id: 41,
      advance_request: advance({ status: 'submitted', expense_report_id: 3 }),
    });
    render(
      <AppProviders>
        <MemoryRouter>
          <ReportSummaryCard report={report} />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(screen.getByText('Approved: $300.00, paid on MAT Day 11/30/2026')).toBeInTheDocument();
  });
});
