import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../../testing';
import { ReportSummaryCard } from './ReportSummaryCard';
import { fullReport } from './report-fixture';
import type { Expense } from './types';

const expense = (id: number, usd: number, date = '2026-03-10') => ({ id, usd_amount: usd, date }) as Expense;

/** The value beside a label of the card ("Total" → its <dd>). */
const fieldValue = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

function renderCard(served: ReturnType<typeof fullReport>, shown?: ReturnType<typeof fullReport>) {
  render(
    <AppProviders>
      <MemoryRouter>
        <ReportSummaryCard report={served} withWaiting={shown} />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('the report’s total on the owner’s phone', () => {
  const served = fullReport({ submitted: 0, status: 'unsubmitted', total_amount: 36.75, expense: [expense(1, 36.75)] });

  it('counts what waits on this device and says how much of it is sent', () => {
    renderCard(served, { ...served, expense: [expense(1, 36.75), expense(-6, 10, '2026-03-12')] });
    // 36.75 sent + 10.00 waiting = 46.75, all of it due; the waiting line is the last date.
    expect(fieldValue('Total')).toHaveTextContent('$46.75$36.75 sent, $10.00 waiting to send');
    expect(fieldValue('Reimbursement due')).toHaveTextContent('$46.75');
    expect(fieldValue('End date')).toHaveTextContent('03/12/2026');
  });

  it('is the server’s total alone when nothing waiting changes it', () => {
    renderCard(served, served);
    expect(fieldValue('Total')).toHaveTextContent(/^\$36\.75$/);
    expect(screen.queryByText(/waiting to send/)).not.toBeInTheDocument();
  });
});
