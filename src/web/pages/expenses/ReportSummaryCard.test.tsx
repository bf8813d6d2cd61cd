import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../../testing';
import { ReportSummaryCard } from './ReportSummaryCard';
import { fullReport } from './report-fixture';
import type { Expense } from './types';

const expense = (id: number, usd: number) => ({ id, usd_amount: usd }) as Expense;

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
    renderCard(served, { ...served, expense: [expense(1, 36.75), expense(-6, 10)] });
    // 36.75 sent + 10.00 waiting = 46.75
    expect(screen.getByText('$46.75')).toBeInTheDocument();
    expect(screen.getByText('$36.75 sent, $10.00 waiting to send')).toBeInTheDocument();
  });

  it('is the server’s total alone when nothing waiting changes it', () => {
    renderCard(served, served);
    expect(screen.getByText('$36.75')).toBeInTheDocument();
    expect(screen.queryByText(/waiting to send/)).not.toBeInTheDocument();
  });
});
