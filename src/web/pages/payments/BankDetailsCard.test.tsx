import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TBankDetailsView } from '../../../domain/payments/contract';
import { AppProviders, fakeApi } from '../../testing';
import { BankDetailsCard } from './BankDetailsCard';

const none: TBankDetailsView = {
  payout_method: 'none',
  bank_routing_number: null,
  bank_account_number: null,
  bank_account_type: null,
  beneficiary_name: null,
  bank_country: null,
  bank_currency: null,
  iban: null,
  bic: null,
  bank_name: null,
  changed_at: null,
  held_reason: null,
};
const ach: TBankDetailsView = {
  ...none,
  payout_method: 'ach',
  bank_routing_number: '••••0021',
  bank_account_number: '••••6789',
  bank_account_type: 'checking',
  changed_at: '2026-11-27T10:00:00.000Z',
  held_reason: 'Bank details are new or changed since the last released batch: check them, then clear the line.',
};

// A shared 2-core machine: give MUI's select and the fake API time.
const SLOW = { timeout: 60_000 };

describe('BankDetailsCard (docs/payments.md "Screens")', () => {
  it('shows masked details and no form to someone who may only read them', SLOW, async () => {
    fakeApi().on('GET', '/user/12/bank-details', () => ({ status: 200, body: ach }));
    render(
      <AppProviders>
        <BankDetailsCard userId={12} name="Ana Lima" editable={false} own={false} />
      </AppProviders>,
    );
    expect(await screen.findByText('••••6789')).toBeInTheDocument();
    expect(screen.getByText('Checking')).toBeInTheDocument();
    expect(screen.getByText(/Bank details are new or changed/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change bank details' })).toBeNull();
  });

  it("refuses a wrong check digit with the domain's message before sending, then sends ACH only", SLOW, async () => {
    const api = fakeApi();
    api.on('GET', '/user/12/bank-details', () => ({ status: 200, body: none }));
    let sent: Record<string, unknown> = {};
    api.on('POST', '/user/12/bank-details', (init) => {
      sent = JSON.parse(String(init?.body));
      return { status: 200, body: ach };
    });
    const actor = userEvent.setup();
    render(
      <AppProviders>
        <BankDetailsCard userId={12} name="Ana Lima" editable own />
      </AppProviders>,
    );
    expect(await screen.findByText(/held for review in the next payment batch and mailed to you/)).toBeInTheDocument();
    await actor.click(screen.getByRole('button', { name: 'Change bank details' }));
    await actor.click(screen.getByRole('combobox', { name: 'Payout method' }));
    await actor.click(await screen.findByRole('option', { name: 'ACH (US bank account)' }));
    await actor.type(screen.getByRole('textbox', { name: 'Routing number' }), '021000022');
    await actor.type(screen.getByRole('textbox', { name: 'Account number' }), '123456789');
    await actor.click(screen.getByRole('combobox', { name: 'Account type' }));
    await actor.click(await screen.findByRole('option', { name: 'Checking' }));
    await actor.click(screen.getByRole('button', { name: 'Save bank details' }));
    expect(
      await screen.findByText('Routing number is not a valid ABA routing number (check digit).'),
    ).toBeInTheDocument();
    expect(api.calls).not.toContain('POST /api/user/12/bank-details');

    await actor.clear(screen.getByRole('textbox', { name: 'Routing number' }));
    await actor.type(screen.getByRole('textbox', { name: 'Routing number' }), '021000021');
    await actor.click(screen.getByRole('button', { name: 'Save bank details' }));
    await waitFor(() => expect(screen.getByText('••••6789')).toBeInTheDocument());
    expect(sent).toMatchObject({
      payout_method: 'ach',
      bank_routing_number: '021000021',
      bank_account_number: '123456789',
      bank_account_type: 'checking',
      iban: null,
      bic: null,
    });
  });
});
