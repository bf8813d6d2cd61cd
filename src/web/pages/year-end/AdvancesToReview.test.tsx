import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ZAdvanceToReviewSchema } from '../../../domain/year-end/contract';
import { AppProviders, fakeApi } from '../../testing';
import { AdvancesToReview } from './AdvancesToReview';

// Parsed as the client parses the answer, so the amounts are the contract's dollars.
const OPEN = ZAdvanceToReviewSchema.parse({
  advance_id: 41,
  user_id: 12,
  user_name: 'Ruth Minister',
  paid_on: '2026-03-02',
  due_on: '2026-06-30',
  amount: 450,
  confirmed_amount: null,
});

// A shared 2-core machine: give MUI's dialog and the fake API time.
const SLOW = { timeout: 60_000 };

describe('AdvancesToReview (docs/tax.md, advances not accounted for in 120 days)', () => {
  it('confirms an advance as wages only after a dialog that names the amount', SLOW, async () => {
    const api = fakeApi();
    let sent: unknown = null;
    api.on('POST', '/advance-request/41/confirm-wages', (init) => {
      sent = JSON.parse(String(init?.body));
      return { status: 200, body: { advance_id: 41, year: 2026, amount: 450 } };
    });
    const actor = userEvent.setup();
    render(
      <AppProviders>
        <AdvancesToReview year={2026} advances={[OPEN]} />
      </AppProviders>,
    );
    expect(screen.getByText('Ruth Minister: $450.00 (advance #41)')).toBeInTheDocument();
    await actor.click(screen.getByRole('button', { name: 'Confirm as wages' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm as wages?' });
    expect(dialog).toHaveTextContent(
      '$450.00 of advance #41, paid to Ruth Minister on 03/02/2026, becomes taxable wages',
    );
    expect(api.calls.filter((call) => call.startsWith('POST'))).toEqual([]);
    await actor.click(within(dialog).getByRole('button', { name: 'Confirm $450.00' }));
    await waitFor(() => expect(sent).toEqual({ amount: 450 }));
    expect(await screen.findByText('$450.00 confirmed as 2026 wages.')).toBeInTheDocument();
  });

  it('offers nothing to confirm for an advance already confirmed, and says when none is open', SLOW, () => {
    fakeApi();
    const { rerender } = render(
      <AppProviders>
        <AdvancesToReview year={2026} advances={[{ ...OPEN, confirmed_amount: OPEN.amount }]} />
      </AppProviders>,
    );
    expect(screen.getByText('Paid 03/02/2026; $450.00 confirmed as wages')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm as wages' })).toBeNull();
    rerender(
      <AppProviders>
        <AdvancesToReview year={2026} advances={[]} />
      </AppProviders>,
    );
    expect(screen.getByText('No advance of 2026 is open past its 120 days.')).toBeInTheDocument();
  });
});
