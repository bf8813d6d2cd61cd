import { configure, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { TAccountableFlag, TAccountablePlanResponse } from '../../../domain/accountable-plan/contract';
import type { Role } from '../../../domain/roles';
import { Guard } from '../../shell/guards';
import { AppProviders, fakeApi, sessionUser, setTokenCookie } from '../../testing';
import { AccountablePlanCard } from './AccountablePlanCard';

configure({ asyncUtilTimeout: 10_000 });

const flag = (over: Partial<TAccountableFlag>): TAccountableFlag => ({
  kind: 'advance_not_reported',
  user_id: 3,
  user_name: 'Ruth Okafor',
  days: 61,
  limit_days: 60,
  advance_id: 12,
  expense_report_id: null,
  expense_id: null,
  since: '2026-11-21',
  amount: 300,
  message: 'Advance #12 ($300.00, paid 11/21/2026) has no report after 61 days (due within 60).',
  ...over,
});

function renderCard(role: Role, answer: TAccountablePlanResponse) {
  const server = fakeApi();
  setTokenCookie('token-of-test');
  server.on('POST', '/token', () => ({ status: 200, body: sessionUser(role) }));
  server.on('GET', '/accountable-plan', () => ({ status: 200, body: answer }));
  const router = createMemoryRouter(
    [{ element: <Guard />, children: [{ path: '/here', element: <AccountablePlanCard /> }] }],
    { initialEntries: ['/here'] },
  );
  return render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  setTokenCookie(null);
});

const late = flag({
  kind: 'expense_late',
  days: 81,
  advance_id: null,
  expense_report_id: 5,
  expense_id: 9,
  message: 'Expense of 09/01/2026 ($42.50) on report #5 was submitted 81 days after its date (due within 60).',
});

describe('AccountablePlanCard', () => {
  it('staff: each flag with its days, owner, words and a link', async () => {
    renderCard('employee', { as_of: '2027-01-21', flags: [late, flag({})] });
    expect(await screen.findByText('Expense past 60 days: 81 days — Ruth Okafor')).toBeInTheDocument();
    expect(screen.getByText('Advance not reported: 61 days — Ruth Okafor')).toBeInTheDocument();
    expect(screen.getByText(/has no report after 61 days/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open report #5' })).toHaveAttribute('href', '/expense-report/5');
    expect(screen.getByRole('link', { name: "Open Ruth Okafor's advances" })).toHaveAttribute(
      'href',
      '/admin/user/3/profile',
    );
  });

  it('staff: says when nothing is overdue', async () => {
    renderCard('admin', { as_of: '2027-01-21', flags: [] });
    expect(await screen.findByText('Nothing is overdue.')).toBeInTheDocument();
  });

  it('a missionary: their own flags link to the advance page, no name', async () => {
    renderCard('missionary', { as_of: '2027-01-21', flags: [flag({ kind: 'advance_not_returned', days: 121 })] });
    expect(await screen.findByText('Advance not settled: 121 days')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open advance #12' })).toHaveAttribute('href', '/advance-request');
  });
});
