import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '../../../domain/messages';
import { MINISTER_FICA_MESSAGE } from '../../../domain/users/minister';
import type { User } from '../../api/types';
import { AppProviders, fakeApi, sessionUser } from '../../testing';
import { NO_PAYROLL_INFO, PayrollInfoForm } from './PayrollInfoForm';

function user(profile: Partial<NonNullable<User['profile']>> = {}): User {
  const base = sessionUser('missionary', 12);
  const { api_token: _token, ...rest } = base;
  return {
    ...rest,
    profile: {
      missionary_number: null,
      tax_status: 'W2',
      fica_tax: 1,
      retirement_amount: 0,
      fund_balance: 0,
      unreimbursed_amount: 0,
      net_salary: 2000,
      social_security: null,
      medicare: null,
      federal_income_tax: 0,
      wire_fee: 0,
      housing_allowance: 0,
      insurance_amount: 0,
      admin_fee_percentage: null,
      admin_fee_cap: null,
      ...profile,
    },
  };
}

// A shared 2-core machine: give MUI's select and the fake API time.
const SLOW = { timeout: 60_000 };

const formOf = (init: RequestInit | undefined) =>
  Object.fromEntries((init?.body as FormData | undefined)?.entries() ?? []);

describe('PayrollInfoForm: FICA only for W2 (docs/decisions.md "Tax status and FICA")', () => {
  it('unticks and disables the FICA box when the tax status becomes W2 Exempt, and sends both', SLOW, async () => {
    const api = fakeApi();
    let sent: Record<string, FormDataEntryValue> = {};
    api.on('POST', '/user/12', (init) => {
      sent = formOf(init);
      return { status: 200, body: user({ tax_status: 'W2 Exempt', fica_tax: 0 }) };
    });
    const onSaved = vi.fn();
    const actor = userEvent.setup();
    render(
      <AppProviders>
        <PayrollInfoForm user={user()} editable onSaved={onSaved} />
      </AppProviders>,
    );
    await actor.click(screen.getByRole('button', { name: 'Edit' }));
    const fica = screen.getByRole('checkbox', { name: 'FICA Tax' });
    expect(fica).toBeChecked();
    expect(fica).toBeEnabled();

    await actor.click(screen.getByRole('combobox', { name: 'Tax Status' }));
    await actor.click(screen.getByRole('option', { name: 'W2 Exempt' }));
    await waitFor(() => expect(fica).not.toBeChecked());
    expect(fica).toBeDisabled();
    expect(screen.getByText(MESSAGES.ficaOnlyW2)).toBeInTheDocument();

    await actor.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent).toMatchObject({ tax_status: 'W2 Exempt', fica_tax: '0' });
  });

  it('keeps the box disabled for a 1099 profile and enables it again for W2', SLOW, async () => {
    fakeApi();
    const actor = userEvent.setup();
    render(
      <AppProviders>
        <PayrollInfoForm user={user({ tax_status: '1099', fica_tax: 0 })} editable onSaved={vi.fn()} />
      </AppProviders>,
    );
    await actor.click(screen.getByRole('button', { name: 'Edit' }));
    const fica = screen.getByRole('checkbox', { name: 'FICA Tax' });
    expect(fica).toBeDisabled();
    await actor.click(screen.getByRole('combobox', { name: 'Tax Status' }));
    await actor.click(screen.getByRole('option', { name: 'W2' }));
    expect(fica).toBeEnabled();
    expect(screen.queryByText(MESSAGES.ficaOnlyW2)).not.toBeInTheDocument();
  });

  it('refuses FICA ticked without a tax status before sending, under the box', SLOW, async () => {
    const api = fakeApi();
    const posted = vi.fn(() => ({ status: 200, body: user() }));
    api.on('POST', '/user/12', posted);
    const actor = userEvent.setup();
    render(
      <AppProviders>
        <PayrollInfoForm user={user({ tax_status: null, fica_tax: 0 })} editable onSaved={vi.fn()} />
      </AppProviders>,
    );
    await actor.click(screen.getByRole('button', { name: 'Edit' }));
    const fica = screen.getByRole('checkbox', { name: 'FICA Tax' });
    expect(fica).toBeEnabled();
    await actor.click(fica);
    await actor.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.ficaNeedsW2)).toBeInTheDocument();
    expect(fica).toHaveAccessibleDescription(MESSAGES.ficaNeedsW2);
    expect(posted).not.toHaveBeenCalled();

    // Choosing W2 is the way out: the same form then saves.
    await actor.click(screen.getByRole('combobox', { name: 'Tax Status' }));
    await actor.click(screen.getByRole('option', { name: 'W2' }));
    await actor.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toHaveBeenCalled());
  });

  it('takes FICA away from a minister, says why, and sends both flags (docs/tax.md)', SLOW, async () => {
    const api = fakeApi();
    let sent: Record<string, FormDataEntryValue> = {};
    api.on('POST', '/user/12', (init) => {
      sent = formOf(init);
      return { status: 200, body: user({ fica_tax: 0, minister: 1 }) };
    });
    const onSaved = vi.fn();
    const actor = userEvent.setup();
    render(
      <AppProviders>
        <PayrollInfoForm user={user()} editable onSaved={onSaved} />
      </AppProviders>,
    );
    await actor.click(screen.getByRole('button', { name: 'Edit' }));
    const fica = screen.getByRole('checkbox', { name: 'FICA Tax' });
    expect(fica).toBeChecked();
    await actor.click(screen.getByRole('checkbox', { name: 'Minister' }));
    await waitFor(() => expect(fica).not.toBeChecked());
    expect(fica).toBeDisabled();
    expect(screen.getByText(MINISTER_FICA_MESSAGE)).toBeInTheDocument();

    await actor.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent).toMatchObject({ minister: '1', fica_tax: '0' });
  });
});

describe('PayrollInfoForm on a profile that is not a missionary’s (docs/product.md §2.3)', () => {
  // Only missionaries are paid through distributions: an employee's own profile, or any staff
  // member's, says so in a sentence instead of showing an empty form with every input greyed.
  it.each(['employee', 'admin'] as const)('an %s: the sentence, no inputs, no Edit', SLOW, (role) => {
    const { api_token: _token, ...staff } = sessionUser(role, 7);
    render(
      <AppProviders>
        <PayrollInfoForm user={{ ...staff, profile: user().profile }} editable={role === 'admin'} onSaved={vi.fn()} />
      </AppProviders>,
    );
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Payroll Info' })).toBeInTheDocument();
    expect(screen.getByText(NO_PAYROLL_INFO)).toBeInTheDocument();
  });
});
