import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { localToday } from '../../format';
import { AppProviders, fakeApi } from '../../testing';
import { ExpenseDialog } from './ExpenseDialog';
import { ProcessReportDialog } from './ProcessReportDialog';
import { ReturnNotice } from './ReportHistoryCard';
import { ReturnReportDialog } from './ReturnReportDialog';
import { fullReport as report } from './report-fixture';
import type { FullReport } from './types';

function renderWithApp(ui: React.ReactNode) {
  return render(
    <AppProviders>
      <MemoryRouter>{ui}</MemoryRouter>
    </AppProviders>,
  );
}

const formOf = (init: RequestInit | undefined) =>
  Object.fromEntries((init?.body as FormData | undefined)?.entries() ?? []);

describe('ProcessReportDialog', () => {
  it('shows the new unreimbursed total, refuses more than is due, and confirms the payout', async () => {
    const api = fakeApi();
    let sent: Record<string, FormDataEntryValue> = {};
    api.on('POST', '/process-expense-report/1', (init) => {
      sent = formOf(init);
      return { status: 200, body: report({ processed: 1, payout: 200, unreimbursed_amount: 91.83 }) };
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    // Its lines: one general expense of 291.83; the missionary's fund holds nothing (profile unknown).
    const line = { id: 5, usd_amount: 291.83, hold_account_id: null } as FullReport['expense'][number];
    renderWithApp(<ProcessReportDialog report={report({ expense: [line] })} onClose={onClose} />);

    expect(screen.getByText('Reimbursement due')).toBeInTheDocument();
    const payout = screen.getByLabelText('Payout');
    expect(payout).toHaveValue('291.83');
    await user.clear(payout);
    await user.type(payout, '400');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Payout cannot be more than the reimbursement due.')).toBeInTheDocument();
    expect(api.calls).toEqual([]);

    await user.clear(payout);
    await user.type(payout, '200');
    // 291.83 − 200.00
    expect(screen.getByText('$91.83')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('dialog', { name: 'Confirm Payout' })).toHaveTextContent(
      'Pay Naomi Field $200.00 now? It comes from their fund and leaves -$200.00; $91.83 stays owed.',
    );
    await user.click(screen.getByRole('button', { name: 'Confirm Payout' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual({ payout: '200.00', new_unreimbursed_total: '91.83', _method: 'PATCH' });
    expect(await screen.findByText('Expense Report has been processed.')).toBeInTheDocument();
  }, 30_000);

  it('confirms the receipt of an advance report without a payout', async () => {
    const api = fakeApi();
    let sent: Record<string, FormDataEntryValue> = {};
    api.on('POST', '/process-expense-report/1', (init) => {
      sent = formOf(init);
      return { status: 200, body: report({ type: 'advance', processed: 1 }) };
    });
    const user = userEvent.setup();
    renderWithApp(
      <ProcessReportDialog report={report({ type: 'advance', advance_request_id: 4 })} onClose={() => undefined} />,
    );
    expect(screen.getByText(/closes advance request #4/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm Receipt' }));
    expect(await screen.findByText('You have processed the advance request.')).toBeInTheDocument();
    expect(sent).toEqual({ _method: 'PATCH' });
  });
});

describe('ReturnReportDialog', () => {
  it('needs a comment before it sends the report back, then sends the comment', async () => {
    const api = fakeApi();
    let sent: Record<string, FormDataEntryValue> = {};
    api.on('POST', '/return-expense-report/1', (init) => {
      sent = formOf(init);
      return { status: 200, body: report({ status: 'returned', submitted: 0, return_comment: 'Taxi receipt?' }) };
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<ReturnReportDialog report={report()} onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Return Report' }));
    expect(screen.getByText('Comment is required.')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
    await user.type(screen.getByLabelText(/Comment/), 'Taxi receipt?');
    await user.click(screen.getByRole('button', { name: 'Return Report' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual({ comment: 'Taxi receipt?', _method: 'PATCH' });
  }, 30_000);

  it('shows the comment on a returned report, with who returned it', () => {
    renderWithApp(
      <ReturnNotice
        report={report({
          status: 'returned',
          submitted: 0,
          return_comment: 'The taxi receipt is missing.',
          events: [
            {
              id: 3,
              action: 'returned',
              actor_id: 1,
              actor_name: 'Grace Office',
              comment: 'The taxi receipt is missing.',
              created_at: '2026-03-12T10:00:00.000Z',
            },
          ],
        })}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(/Returned by Grace Office on 03\/12\/2026/);
    expect(screen.getByRole('status')).toHaveTextContent('The taxi receipt is missing.');
  });
});

describe('ExpenseDialog', () => {
  it('previews the USD amount as typed, fixes the rate at 1 for dollars, and sends the raw fields', async () => {
    const api = fakeApi();
    api.on('GET', '/categories', () => ({
      status: 200,
      body: [
        { id: 3, expense_category: 'Lodging', description: 'Rooms', expense: 1, mileage: 0, advance: 0 },
        { id: 4, expense_category: 'Advance only', description: 'x', expense: 0, mileage: 0, advance: 1 },
      ],
    }));
    api.on('GET', '/user/7/hold-accounts', () => ({ status: 200, body: [{ id: 9, fund_name: 'Vehicle Fund' }] }));
    let sent: Record<string, FormDataEntryValue> = {};
    api.on('POST', '/expense', (init) => {
      sent = formOf(init);
      return { status: 201, body: {} };
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithApp(
      <ExpenseDialog report={report({ submitted: 0, status: 'unsubmitted' })} expense={null} onClose={onClose} />,
    );

    // A new expense is dated today by default (the phone form); the category must still be chosen.
    expect(screen.getByLabelText(/^Date/)).toHaveValue(localToday());
    await user.click(screen.getByRole('button', { name: 'Add Expense' }));
    expect(await screen.findByText('Category is required.')).toBeInTheDocument();
    expect(screen.queryByText('Date is required.')).not.toBeInTheDocument();
    expect(api.calls).not.toContain('POST /api/expense');

    await user.type(screen.getByLabelText(/Amount \(local currency\)/), '1000');
    await user.type(screen.getByLabelText(/Exchange rate/), '3.75');
    expect(screen.getByRole('status')).toHaveTextContent('US$ amount:$266.67');
    await user.click(screen.getByLabelText('The amount is in US dollars'));
    expect(screen.getByLabelText(/Exchange rate/)).toHaveValue('1');
    expect(screen.getByLabelText(/Exchange rate/)).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('US$ amount:$1,000.00');

    await user.clear(screen.getByLabelText(/^Date/));
    await user.type(screen.getByLabelText(/^Date/), '2026-03-10');
    await user.click(screen.getByRole('combobox', { name: /Category/ }));
    expect(screen.queryByRole('option', { name: 'Advance only' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Lodging' }));
    await user.click(screen.getByRole('button', { name: 'Add Expense' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // Ticking "in US dollars" sends the currency too (decision 22).
    expect(sent).toEqual({
      currency: 'USD',
      date: '2026-03-10',
      expense_code: '3',
      description: '',
      field_currency: '1000',
      exchange_rate: '1',
      hold_account_id: '',
      expense_report_id: '1',
    });
  }, 30_000);
});
