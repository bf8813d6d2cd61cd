import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { AppProviders, fakeApi } from '../../testing';
import { PayoutPaidDialog, payoutToRecord } from './PayoutPaidDialog';
import { fullReport } from './report-fixture';

/** Recording that the payout made at processing was paid by check or cash (docs/distribution.md). */

const SLOW = 60_000;
const processed = fullReport({ status: 'processed', processed: 1, payout: 133.68, distribution_id: null });

describe('PayoutPaidDialog', () => {
  it('only a processed reimbursement with a payout not yet recorded offers it', () => {
    expect(payoutToRecord(processed)).toBe(true);
    expect(payoutToRecord({ ...processed, payout: 0 })).toBe(false);
    expect(payoutToRecord({ ...processed, processed: 0 })).toBe(false);
    expect(
      payoutToRecord({
        ...processed,
        payout_paid: { method: 'check', reference: '1042', recorded_at: '2026-11-21T15:00:00.000Z', label: 'x' },
      }),
    ).toBe(false);
  });

  it(
    'sends the method and the check number, and shows the server message under the field',
    async () => {
      const api = fakeApi();
      const bodies: unknown[] = [];
      api.on('POST', `/expense-report/${processed.id}/payout-paid`, (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return bodies.length === 1
          ? { status: 422, body: { message: 'Invalid.', errors: { reference: ['Reference is too odd.'] } } }
          : { status: 200, body: processed };
      });
      const closed = vi.fn();
      render(
        <AppProviders>
          <MemoryRouter>
            <PayoutPaidDialog report={processed} onClose={closed} />
          </MemoryRouter>
        </AppProviders>,
      );
      const user = userEvent.setup();
      expect(screen.getByRole('dialog')).toHaveTextContent('The $133.68 paid at processing was handed to');
      await user.click(screen.getByRole('button', { name: 'Record' }));
      expect(screen.getByText('Reference is required.')).toBeInTheDocument();
      await user.type(screen.getByLabelText(/Check number/), '1042');
      await user.click(screen.getByRole('button', { name: 'Record' }));
      await waitFor(() => expect(screen.getByText('Reference is too odd.')).toBeInTheDocument());
      await user.click(screen.getByRole('button', { name: 'Record' }));
      await waitFor(() => expect(closed).toHaveBeenCalled());
      expect(bodies).toEqual([
        { method: 'check', reference: '1042' },
        { method: 'check', reference: '1042' },
      ]);
    },
    SLOW,
  );
});
