import { configure, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Role } from '../../../domain/roles';
import { Guard } from '../../shell/guards';
import { AppProviders, fakeApi, sessionUser, setTokenCookie } from '../../testing';
import { DonationsTable } from './DonationsTable';
import type { Donation } from './types';

configure({ asyncUtilTimeout: 10_000 });

function donation(id: number, overrides: Partial<Donation> = {}): Donation {
  return {
    id,
    amount: 250,
    count: 3,
    user_id: 12,
    user_name: 'Ruth Okafor',
    fund_name: null,
    hold_account_id: null,
    upload_id: 1,
    upload_name: 'October 2026',
    approved: 0,
    distribution_id: null,
    donor_name: null,
    gift_date: null,
    created_at: '2026-10-31T10:00:00.000Z',
    missionary_number: '1001',
    ...overrides,
  };
}

function renderAs(role: Role, rows: Donation[]) {
  const server = fakeApi();
  setTokenCookie('token-of-test');
  server.on('POST', '/token', () => ({ status: 200, body: sessionUser(role) }));
  server.on('GET', '/paginated_donation', () => ({ status: 200, body: { data: rows, total_count: rows.length } }));
  const router = createMemoryRouter(
    [{ element: <Guard />, children: [{ path: '/admin/donations', element: <DonationsTable filter={{}} /> }] }],
    { initialEntries: ['/admin/donations'] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  setTokenCookie(null);
});

describe('Donations table actions', () => {
  it('offers Edit and Delete on free donations and a lock on the ones a distribution counted', async () => {
    renderAs('admin', [donation(7), donation(8, { distribution_id: 3 })]);
    expect(await screen.findByRole('button', { name: 'Edit donation 7' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete donation 7' })).toBeInTheDocument();
    // The server would refuse with 409; the table says so instead of offering the buttons.
    expect(screen.queryByRole('button', { name: 'Edit donation 8' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete donation 8' })).not.toBeInTheDocument();
    expect(screen.getByTitle('Donation 8 is part of a distribution')).toBeInTheDocument();
    // The tooltip describes the lock; it must not replace the name that says which donation it is.
    expect(screen.getByRole('img', { name: 'Donation 8 is part of a distribution' })).toBeInTheDocument();
  });

  it('gives employees no actions at all', async () => {
    renderAs('employee', [donation(7)]);
    expect(await screen.findByText('October 2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit donation 7' })).not.toBeInTheDocument();
    // No greyed controls whose reason never shows: the approval is a word.
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
