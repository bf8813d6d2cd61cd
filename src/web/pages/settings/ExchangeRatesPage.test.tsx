import { configure, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { type FakeApi, renderGuarded, signedInApi, signOutApi } from '../../testing';
import { ExchangeRatesPage } from './ExchangeRatesPage';

const userEvent = userEventLib.setup({ delay: null });
// A shared 2-core machine: give the fake API and MUI's transitions time.
configure({ asyncUtilTimeout: 10_000 });
const SLOW = { timeout: 60_000 };

const KEPT = [
  { month: '2026-03', currency: 'KES', rate: 129.5 },
  { month: '2026-02', currency: 'UGX', rate: 3700 },
];

function serve(role: 'admin' | 'employee'): FakeApi {
  const server = signedInApi(role, 1);
  server.on('GET', '/exchange-rates', () => ({ status: 200, body: KEPT }));
  return server;
}

const renderPage = () =>
  renderGuarded(
    [{ path: '/admin/settings/exchange-rates', element: <ExchangeRatesPage /> }],
    '/admin/settings/exchange-rates',
  );

afterEach(signOutApi);

describe('Exchange Rates (Settings)', () => {
  it('lists the rates by month, both ways', SLOW, async () => {
    serve('admin');
    renderPage();
    const table = await screen.findByRole('table');
    const march = within(table).getByText('March 2026').closest('tr')!;
    expect(march).toHaveTextContent('KES');
    expect(march).toHaveTextContent('1 US$ = 129.50 KES');
    expect(march).toHaveTextContent('1 KES = 0.0077 US$');
  });

  it('names each bad row of a refused import and says nothing was kept', SLOW, async () => {
    const server = serve('admin');
    let sent: unknown = null;
    server.on('POST', '/exchange-rates/import', (init) => {
      sent = JSON.parse(String(init?.body));
      return {
        status: 422,
        body: { message: 'Rate must be a number.', errors: { 'row 3': ['Rate must be a number.'] } },
      };
    });
    renderPage();
    const csv = 'month,currency,rate\n2026-03,KES,129.50\n2026-03,UGX,x\n';
    await userEvent.upload(
      await screen.findByLabelText('Exchange rates CSV file'),
      new File([csv], 'march.csv', { type: 'text/csv' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Import these exchange rates?' });
    expect(confirm).toHaveTextContent(
      'march.csv holds 2 rates. A rate already kept for the same month and currency is replaced',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Import' }));
    const alert = await screen.findByText('Nothing was imported from march.csv');
    expect(alert.closest('[role="alert"]')).toHaveTextContent('Row 3: Rate must be a number.');
    expect(sent).toEqual({ csv });
  });

  it('changes a month’s rate', SLOW, async () => {
    const server = serve('admin');
    let sent: unknown = null;
    server.on('PUT', '/exchange-rates', (init) => {
      sent = JSON.parse(String(init?.body));
      return { status: 200, body: KEPT };
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit KES March 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Exchange Rate' });
    const rate = within(dialog).getByRole('textbox', { name: 'Exchange rate: KES for 1 US$' });
    await userEvent.clear(rate);
    await userEvent.type(rate, '130,25');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Rate' }));
    await waitFor(() => expect(sent).toEqual({ rates: [{ month: '2026-03', currency: 'KES', rate: '130,25' }] }));
    expect(await screen.findByText('Exchange rate saved.')).toBeInTheDocument();
  });

  it('an employee reads the rates and is told why they cannot change them', SLOW, async () => {
    serve('employee');
    renderPage();
    expect(await screen.findByText('Only an admin can change or import the exchange rates.')).toBeInTheDocument();
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: 'Import CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
  });
});
