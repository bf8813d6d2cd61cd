import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TPaymentBatch } from '../../../domain/payments/contract';
import { AppProviders, fakeApi } from '../../testing';
import { ReleaseDialog } from './ReleaseDialog';

const batch: TPaymentBatch = {
  id: 4,
  status: 'draft',
  mat_date: '2026-12-15',
  effective_date: null,
  total: 1200.5,
  totals: [{ method: 'ach', currency: 'USD', count: 1, amount: 1200.5 }],
  held_count: 0,
  prenote_count: 0,
  returned_total: 0,
  created_at: '2026-12-01T10:00:00.000Z',
  released_at: null,
  released_by: null,
  files: [],
  lines: [],
};
const STALE =
  'Confirm your second factor again before releasing a payment batch: enter a code from your authenticator app (it must have been verified within the last 15 minutes).';

// A shared 2-core machine: give the dialog and the fake API time.
const SLOW = { timeout: 60_000 };

describe('ReleaseDialog (docs/payments.md "Release")', () => {
  it(
    "says what it pays, then asks for a code when the server's second factor is stale, and proves it first",
    SLOW,
    async () => {
      const api = fakeApi();
      let releases = 0;
      let sentCode: unknown = null;
      api.on('POST', '/payment-batches/4/release', () => {
        releases += 1;
        return releases === 1
          ? { status: 403, body: { message: STALE } }
          : { status: 200, body: { ...batch, status: 'released', released_at: '2026-12-10T15:00:00.000Z' } };
      });
      api.on('POST', '/account/second-factor/verify', (init) => {
        sentCode = JSON.parse(String(init?.body)).code;
        return { status: 200, body: { verified_at: '2026-12-10T15:00:00.000Z' } };
      });
      const onReleased = vi.fn();
      const actor = userEvent.setup();
      render(
        <AppProviders>
          <ReleaseDialog batch={batch} onReleased={onReleased} onClose={() => {}} />
        </AppProviders>,
      );
      expect(screen.getByText('Pays $1,200.50 to 1 payee: ACH $1,200.50 (1 payee).')).toBeInTheDocument();
      await actor.click(screen.getByRole('button', { name: 'Release $1,200.50' }));
      expect(await screen.findByText(STALE)).toBeInTheDocument();
      expect(onReleased).not.toHaveBeenCalled();

      // No code: refused here, nothing sent.
      await actor.click(screen.getByRole('button', { name: 'Release $1,200.50' }));
      expect(await screen.findByText('Code is required.')).toBeInTheDocument();
      expect(api.calls.filter((call) => call.includes('verify'))).toEqual([]);

      await actor.type(screen.getByRole('textbox', { name: /Code from your authenticator app/ }), '123456');
      await actor.click(screen.getByRole('button', { name: 'Release $1,200.50' }));
      await waitFor(() => expect(onReleased).toHaveBeenCalled());
      expect(sentCode).toBe('123456');
      expect(api.calls).toEqual([
        'POST /api/payment-batches/4/release',
        'POST /api/account/second-factor/verify',
        'POST /api/payment-batches/4/release',
      ]);
    },
  );
});
