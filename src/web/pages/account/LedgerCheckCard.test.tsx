import { configure, render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { TLedgerCheckResponse } from '../../../domain/ledger/contract';
import type { Role } from '../../../domain/roles';
import { Guard } from '../../shell/guards';
import { AppProviders, fakeApi, sessionUser, setTokenCookie } from '../../testing';
import { LedgerCheckCard } from './LedgerCheckCard';

const userEvent = userEventLib.setup({ delay: null });
configure({ asyncUtilTimeout: 10_000 });

const checks = (failing: Record<string, number> = {}): TLedgerCheckResponse['checks'] =>
  ['fund_balance_journal', 'advance_paid_once', 'money_conserved', 'fica_tax_status'].map((id) => ({
    id,
    title: `Title of ${id}`,
    severity: id === 'fica_tax_status' ? 'warning' : 'error',
    findings: failing[id] ?? 0,
  }));

function serve(role: Role, answer: TLedgerCheckResponse) {
  const server = fakeApi();
  setTokenCookie('token-of-test');
  server.on('POST', '/token', () => ({ status: 200, body: sessionUser(role) }));
  server.on('GET', '/ledger-check', () => ({ status: 200, body: answer }));
  return server;
}

const totals = { money: 1500, openings: 1500, donations: 0, paid_out: 0 };
const finding = (check: string, message: string, severity: 'error' | 'warning' = 'error') => ({
  check,
  severity,
  message,
  records: [{ type: 'user', id: 3 }],
});

function renderCard() {
  const router = createMemoryRouter(
    [{ element: <Guard />, children: [{ path: '/admin/dashboard', element: <LedgerCheckCard /> }] }],
    { initialEntries: ['/admin/dashboard'] },
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

describe('LedgerCheckCard', () => {
  it('says all checks hold', async () => {
    serve('admin', { holds: true, checks: checks(), violations: [], violation_count: 0, totals });
    renderCard();
    expect(await screen.findByText(/All 4 checks hold/)).toBeInTheDocument();
    expect(screen.getByText(/\$1,500\.00 held/)).toBeInTheDocument();
  });

  it('lists the failing checks and their findings, and shows all on request', async () => {
    const violations = [
      ...Array.from({ length: 6 }, (_, i) => finding('fund_balance_journal', `Fund ${i} is off by $1.00.`)),
      finding('money_conserved', 'Ruth Okafor: $300.00 appeared.'),
    ];
    serve('admin', {
      holds: false,
      checks: checks({ fund_balance_journal: 6, money_conserved: 1 }),
      violations,
      violation_count: violations.length,
      totals,
    });
    renderCard();
    expect(await screen.findByText('2 of 4 checks fail')).toBeInTheDocument();
    expect(screen.getByText('Title of fund_balance_journal: 6 failures')).toBeInTheDocument();
    expect(screen.getByText('Title of money_conserved: 1 failure')).toBeInTheDocument();
    expect(screen.getByText('Fund 4 is off by $1.00.')).toBeInTheDocument();
    expect(screen.queryByText('Ruth Okafor: $300.00 appeared.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show all 7' }));
    expect(screen.getByText('Ruth Okafor: $300.00 appeared.')).toBeInTheDocument();
  });

  it('shows warnings alone as holding', async () => {
    const violations = [finding('fica_tax_status', 'Joseph Tanaka is stored as 1099 with FICA ticked.', 'warning')];
    serve('admin', { holds: true, checks: checks({ fica_tax_status: 1 }), violations, violation_count: 1, totals });
    renderCard();
    expect(await screen.findByText('All 4 checks hold, with 1 warning')).toBeInTheDocument();
    expect(screen.getByText('Joseph Tanaka is stored as 1099 with FICA ticked.')).toBeInTheDocument();
  });

  it('is not shown to employees and never asks for the check', async () => {
    const server = serve('employee', { holds: true, checks: checks(), violations: [], violation_count: 0, totals });
    renderCard();
    await waitFor(() => expect(server.calls).toContain('POST /api/token'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText('Ledger check')).not.toBeInTheDocument();
    expect(server.calls).not.toContain('GET /api/ledger-check');
  });
});
