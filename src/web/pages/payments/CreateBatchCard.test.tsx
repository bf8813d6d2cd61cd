import { configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { AppProviders, fakeApi } from '../../testing';
import { distributionRow } from '../distributions/test-fixtures';
import { CreateBatchCard } from './CreateBatchCard';

// A shared 2-core machine: give the fake API time.
configure({ asyncUtilTimeout: 10_000 });
const SLOW = { timeout: 60_000 };

function renderCard() {
  render(
    <AppProviders>
      <MemoryRouter>
        <CreateBatchCard />
      </MemoryRouter>
    </AppProviders>,
  );
}

const page = (rows: ReturnType<typeof distributionRow>[]) => ({
  status: 200,
  body: { data: rows, total_count: rows.length, next_cursor: null, prev_cursor: null },
});

describe('CreateBatchCard (docs/payments.md "Batches")', () => {
  it('starts on the MAT date of the distribution approved last, and keeps what the office types', SLOW, async () => {
    const api = fakeApi();
    api.on('GET', '/paginated_distribution', () =>
      page([
        distributionRow(9, { status: 'approved', end_date: '2026-11-30', approved_at: '2026-11-30T16:00:00.000Z' }),
      ]),
    );
    renderCard();
    const field = screen.getByLabelText('MAT date');
    expect(await screen.findByDisplayValue('2026-11-30')).toBe(field);
    await userEvent.clear(field);
    await userEvent.type(field, '2026-10-31');
    expect(field).toHaveValue('2026-10-31');
  });

  it('leaves the date empty when nothing is approved, and asks for one', SLOW, async () => {
    const api = fakeApi();
    api.on('GET', '/paginated_distribution', () => page([]));
    renderCard();
    await userEvent.click(screen.getByRole('button', { name: 'Draft batch' }));
    expect(await screen.findByText('Choose the MAT date to pay.')).toBeInTheDocument();
    expect(screen.getByLabelText('MAT date')).toHaveValue('');
    expect(api.calls).toEqual(['GET /api/paginated_distribution']);
  });
});
