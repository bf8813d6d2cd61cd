import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { monthLabel } from '../../../domain/dates';
import { localToday } from '../../format';
import { AppProviders, fakeApi } from '../../testing';
import { ExpenseDialog } from './ExpenseDialog';
import { fullReport } from './report-fixture';

const formOf = (init: RequestInit | undefined) =>
  Object.fromEntries((init?.body as FormData | undefined)?.entries() ?? []);

const thisMonth = localToday().slice(0, 7);
const draft = fullReport({ submitted: 0, status: 'unsubmitted' });

function renderDialog(onClose = vi.fn()) {
  render(
    <AppProviders>
      <MemoryRouter>
        <ExpenseDialog report={draft} expense={null} onClose={onClose} />
      </MemoryRouter>
    </AppProviders>,
  );
  return onClose;
}

async function chooseCurrency(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('combobox', { name: /Currency/ }));
  await user.click(await screen.findByRole('option', { name }));
}

const rateField = () => screen.getByRole('textbox', { name: /^Exchange rate/ });

beforeEach(() => localStorage.clear());

describe('the expense form’s exchange rate (decision 37)', () => {
  it('suggests this month’s office rate for the currency, both ways, and keeps a rate the missionary types', async () => {
    const api = fakeApi();
    api.on('GET', '/categories', () => ({
      status: 200,
      body: [{ id: 3, expense_category: 'Lodging', description: 'Rooms', expense: 1, mileage: 0, advance: 0 }],
    }));
    api.on('GET', '/exchange-rates', () => ({
      status: 200,
      body: [
        { month: thisMonth, currency: 'KES', rate: 129.5 },
        { month: '2020-01', currency: 'KES', rate: 101 },
      ],
    }));
    let sent: Record<string, FormDataEntryValue> = {};
    api.on('POST', '/expense', (init) => {
      sent = formOf(init);
      return { status: 201, body: {} };
    });
    const user = userEvent.setup();
    const onClose = renderDialog();

    await chooseCurrency(user, 'KES — Kenyan Shilling');
    // The label says which way the rate goes, and the field reads as the sum: 1 US$ = [129.5] KES.
    expect(screen.getByRole('textbox', { name: 'Exchange rate: KES for 1 US$' })).toBeInTheDocument();
    await waitFor(() => expect(rateField()).toHaveValue('129.5'));
    expect(
      screen.getByText(`The office’s rate for ${monthLabel(thisMonth)}. Change it if you paid at another rate.`),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Amount \(KES\)/), '4750');
    // 4,750 KES ÷ 129.5 = 36.679… → $36.68; 1 ÷ 129.5 = 0.00772…
    expect(screen.getByRole('status')).toHaveTextContent('US$ amount:$36.68');
    expect(screen.getByRole('status')).toHaveTextContent('1 US$ = 129.50 KES · 1 KES = 0.0077 US$');

    // Typed the other way round: pointed out.
    await user.clear(rateField());
    await user.type(rateField(), '0.0077');
    expect(screen.getByText(/This looks turned around: 1 US\$ buys about 129.50 KES/)).toBeInTheDocument();

    // The missionary's own rate: kept when the date moves to a month with another office rate.
    await user.clear(rateField());
    await user.type(rateField(), '131');
    expect(screen.getByText(`Your rate. The office’s for ${monthLabel(thisMonth)} is 129.50.`)).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Date/));
    await user.type(screen.getByLabelText(/^Date/), '2020-01-15');
    expect(rateField()).toHaveValue('131');

    await user.click(screen.getByRole('combobox', { name: /Category/ }));
    await user.click(await screen.findByRole('option', { name: 'Lodging' }));
    await user.click(screen.getByRole('button', { name: 'Add Expense' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toMatchObject({ currency: 'KES', field_currency: '4750', exchange_rate: '131', date: '2020-01-15' });
    // Remembered on this device as the missionary's last KES rate.
    expect(JSON.parse(localStorage.getItem('sheepfold.last-rates.7') ?? '{}')).toEqual({ KES: 131 });
  }, 30_000);

  it('without an office rate for the month, suggests the missionary’s last rate; another currency drops it', async () => {
    fakeApi().on('GET', '/exchange-rates', () => ({ status: 200, body: [] }));
    localStorage.setItem('sheepfold.last-rates.7', JSON.stringify({ KES: 127 }));
    const user = userEvent.setup();
    renderDialog();
    await chooseCurrency(user, 'KES — Kenyan Shilling');
    await waitFor(() => expect(rateField()).toHaveValue('127'));
    expect(
      screen.getByText(`Your last KES rate: the office has none for ${monthLabel(thisMonth)}.`),
    ).toBeInTheDocument();
    await chooseCurrency(user, 'UGX — Uganda Shilling');
    expect(rateField()).toHaveValue('');
    expect(screen.getByText('No UGX rate known yet: type the rate on your receipt or bank slip.')).toBeInTheDocument();
  }, 30_000);
});
