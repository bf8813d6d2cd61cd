import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { AppProviders, fakeApi } from '../../testing';
import { DonationsChart } from './DonationsChart';
import { DonationsTrendCard } from './DonationsTrendCard';
import type { TrendPointWire } from './types';

const points: TrendPointWire[] = [
  {
    distribution_id: 1,
    start_date: '2024-03-01',
    end_date: '2024-03-31',
    total_donations: 4200,
    ending_balance: -150.5,
  },
  {
    distribution_id: 2,
    start_date: '2024-04-01',
    end_date: '2024-04-30',
    total_donations: 3900.25,
    ending_balance: 80,
  },
  {
    distribution_id: 3,
    start_date: '2024-05-01',
    end_date: '2024-05-31',
    total_donations: 4450,
    ending_balance: 93.26,
  },
];

afterEach(() => vi.unstubAllGlobals());

describe('DonationsChart', () => {
  it('is an image with a spoken summary, one bar and one point per month', () => {
    const { container } = render(<DonationsChart points={points} label="Giving over time" />);
    const chart = screen.getByRole('img', { name: /Giving over time/ });
    expect(chart).toHaveAccessibleDescription(
      '3 approved distributions from Mar 2024 to May 2024. Latest: donations $4,450.00, ending balance $93.26. Highest donations $4,450.00, lowest $3,900.25.',
    );
    expect(container.querySelectorAll('rect')).toHaveLength(3);
    expect(container.querySelectorAll('circle')).toHaveLength(3);
    expect(container.querySelector('rect title')?.textContent).toBe('Mar 2024: donations $4,200.00');
    // the negative balance brings the axis below zero
    expect(within(chart).getByText('-$2,000')).toBeInTheDocument();
  });

  it('offers the same figures as a table', async () => {
    render(<DonationsChart points={points} label="Giving over time" />);
    const toggle = screen.getByRole('button', { name: 'Show as table' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await userEvent.click(toggle);
    const table = screen.getByRole('table', { name: 'Giving over time as a table' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'MonthDonationsEnding balance',
      'Mar 2024$4,200.00-$150.50',
      'Apr 2024$3,900.25$80.00',
      'May 2024$4,450.00$93.26',
    ]);
    expect(screen.getByRole('button', { name: 'Hide table' })).toHaveAttribute('aria-expanded', 'true');
  });
});

describe('DonationsTrendCard', () => {
  it('says so when there is no history yet', async () => {
    const server = fakeApi();
    server.on('GET', '/statements/trend', () => ({ status: 200, body: { user_id: 9, points: [] } }));
    render(
      <AppProviders>
        <MemoryRouter>
          <DonationsTrendCard userId={9} />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByText(/No approved distributions yet/)).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('draws the history it loads', async () => {
    const server = fakeApi();
    server.on('GET', '/statements/trend', () => ({ status: 200, body: { user_id: 9, points } }));
    render(
      <AppProviders>
        <MemoryRouter>
          <DonationsTrendCard userId={9} title="Donations received over time" />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByRole('img', { name: /Donations received over time/ })).toBeInTheDocument();
    expect(server.calls).toContain('GET /api/statements/trend');
  });
});
