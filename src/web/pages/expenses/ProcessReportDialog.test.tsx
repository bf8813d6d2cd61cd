import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { User } from '../../api/types';
import { AppProviders, fakeApi, sessionUser } from '../../testing';
import type { HoldAccount } from '../hold-accounts/types';
import { ProcessReportDialog } from './ProcessReportDialog';
import { fullReport } from './report-fixture';
import type { Expense, FullReport, Mileage } from './types';

/** Decision 14 (docs/decisions.md): the processing dialog says where the payout comes from and what stays owed. */

const SLOW = 60_000;
const STAMP = '2026-11-01T00:00:00.000Z';

function owner(fundBalance: number): User {
  const { api_token: _token, ...user } = sessionUser('missionary', 7);
  return {
    ...user,
    name: 'Ruth Okafor',
    profile: {
      missionary_number: 'R-1',
      tax_status: 'W2',
      fica_tax: 0,
      retirement_amount: 0,
      fund_balance: fundBalance,
      unreimbursed_amount: 0,
      net_salary: 0,
      social_security: null,
      medicare: null,
      federal_income_tax: 0,
      wire_fee: 0,
      housing_allowance: 0,
      insurance_amount: 0,
      admin_fee_percentage: null,
      admin_fee_cap: null,
    },
  };
}

function expense(id: number, usd: number, holdAccountId: number | null = null): Expense {
  return {
    id,
    expense_report_id: 1,
    date: '2026-11-02',
    expense_code: null,
    category: null,
    description: `Line ${id}`,
    field_currency: usd,
    exchange_rate: 1,
    currency: 'USD',
    usd_amount: usd,
    hold_account_id: holdAccountId,
    hold_account: holdAccountId === null ? null : { id: holdAccountId, fund_name: 'Kenya Project' },
    created_at: STAMP,
    updated_at: STAMP,
  };
}

function trip(id: number, cost: number): Mileage {
  return {
    id,
    expense_report_id: 1,
    date: '2026-11-03',
    odometer_start: null,
    odometer_end: null,
    total_distance: 100,
    distance: 100,
    miles: 100,
    total_cost: cost,
    type: null,
    category: null,
    created_at: STAMP,
    updated_at: STAMP,
  };
}

function report(total: number, fundBalance: number, lines: Pick<FullReport, 'expense' | 'mileage'>): FullReport {
  return fullReport({
    user_name: 'Ruth Okafor',
    total_amount: total,
    unreimbursed_amount: total,
    user: owner(fundBalance),
    ...lines,
  });
}

function kenya(balance: number): HoldAccount {
  return {
    id: 9,
    user_id: 7,
    user: { id: 7, name: 'Ruth Okafor', missionary_number: 'R-1' },
    user_name: 'Ruth Okafor',
    fund_name: 'Kenya Project',
    opening_balance: 0,
    balance,
    unreimbursed_amount: 0,
    mat_day_recurring_deposit: 0,
    mat_day_recurring_transfer: 0,
    mat_day_recurring_withdrawal: 0,
    status: 'active',
    archived_at: null,
    created_at: STAMP,
    updated_at: STAMP,
  };
}

function renderDialog(value: FullReport) {
  render(
    <AppProviders>
      <MemoryRouter>
        <ProcessReportDialog report={value} onClose={() => undefined} />
      </MemoryRouter>
    </AppProviders>,
  );
}

async function payAndContinue(amount: string) {
  const user = userEvent.setup();
  const payout = screen.getByLabelText('Payout');
  await user.clear(payout);
  await user.type(payout, amount);
  await waitFor(() => expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled());
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('ProcessReportDialog says what the payout does', () => {
  it(
    'general lines only: "Pay Ruth Okafor $150.00 now? It comes from their fund and leaves $4,850.00; $84.62 stays owed."',
    async () => {
      fakeApi();
      // 194.62 + a 40.00 trip = 234.62; fund 5,000.00 − 150.00 = 4,850.00; 234.62 − 150.00 = 84.62 owed
      renderDialog(report(234.62, 5000, { expense: [expense(1, 194.62)], mileage: [trip(2, 40)] }));
      await payAndContinue('150');
      expect(screen.getByRole('dialog', { name: 'Confirm Payout' })).toHaveTextContent(
        'Pay Ruth Okafor $150.00 now? It comes from their fund and leaves $4,850.00; $84.62 stays owed.',
      );
    },
    SLOW,
  );

  it(
    'hold-account lines: the fund pays its lines first, the hold account the rest, and says who pays what stays owed',
    async () => {
      const api = fakeApi();
      api.on('GET', '/hold-account', () => ({ status: 200, body: [kenya(500)] }));
      // Fund 1,000.00, Kenya Project 500.00; report 100.00 general + 200.00 on Kenya Project; payout 150.00:
      // 100.00 from the fund (→ 900.00), 50.00 from Kenya Project (→ 450.00), 150.00 stays owed on it.
      renderDialog(report(300, 1000, { expense: [expense(1, 100), expense(2, 200, 9)], mileage: [] }));
      await payAndContinue('150');
      expect(screen.getByRole('dialog', { name: 'Confirm Payout' })).toHaveTextContent(
        'Pay Ruth Okafor $150.00 now? $100.00 comes from their fund and leaves $900.00; ' +
          '$50.00 comes from Kenya Project and leaves $450.00; $150.00 stays owed; ' +
          'the next distribution pays it from Kenya Project.',
      );
      expect(api.calls).toContain('GET /api/hold-account');
    },
    SLOW,
  );

  it(
    'says who pays now and that MAT Day is the alternative, before anything is paid',
    async () => {
      const api = fakeApi();
      api.on('GET', '/hold-account', () => ({ status: 200, body: [kenya(500)] }));
      // 100.00 general + 200.00 on Kenya Project (holds 500.00): 150.00 = 100.00 from the fund + 50.00 from Kenya
      renderDialog(report(300, 1000, { expense: [expense(1, 100), expense(2, 200, 9)], mileage: [] }));
      const user = userEvent.setup();
      const payout = screen.getByLabelText('Payout');
      await waitFor(() =>
        expect(screen.getByTestId('payout-choice')).toHaveTextContent(
          "Pay $300.00 now: $100.00 from Ruth Okafor's fund and $200.00 from Kenya Project. Leave it at $0.00 and MAT Day pays it with their next distribution.",
        ),
      );
      await user.clear(payout);
      await user.type(payout, '150');
      expect(screen.getByTestId('payout-choice')).toHaveTextContent(
        "Pay $150.00 now: $100.00 from Ruth Okafor's fund and $50.00 from Kenya Project. Leave it at $0.00 and MAT Day pays it with their next distribution.",
      );
      await user.clear(payout);
      await user.type(payout, '0');
      expect(screen.getByTestId('payout-choice')).toHaveTextContent(
        'Nothing is paid now: MAT Day pays the $300.00 with their next distribution.',
      );
      expect(screen.getByRole('dialog', { name: 'Process Reimbursement' })).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'refuses taking more from a hold account than it holds, and says the most that can be paid',
    async () => {
      const api = fakeApi();
      api.on('GET', '/hold-account', () => ({ status: 200, body: [kenya(50)] }));
      renderDialog(report(300, 1000, { expense: [expense(1, 100), expense(2, 200, 9)], mileage: [] }));
      await payAndContinue('300');
      expect(
        screen.getByText(
          'Kenya Project holds $50.00, less than the $200.00 line charged to it, so that line stays owed. Pay at most $100.00 now.',
        ),
      ).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'Process Reimbursement' })).toBeInTheDocument();
    },
    SLOW,
  );
});
