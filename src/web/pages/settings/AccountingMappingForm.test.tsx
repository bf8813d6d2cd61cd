import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_KINDS } from '../../../domain/reports/presets/kinds';
import { AppProviders, fakeApi } from '../../testing';
import { AccountingMappingForm } from './AccountingMappingForm';

const NOTHING_MAPPED = { accounts: {}, dimension: 'Missionary', unmapped: [...ACCOUNT_KINDS] };

afterEach(() => vi.unstubAllGlobals());

describe('AccountingMappingForm', () => {
  it('sends the filled kinds only, and says which are still unmapped', async () => {
    const server = fakeApi();
    const sent: { body: unknown } = { body: null };
    server.on('PUT', '/settings/accounting', (init) => {
      sent.body = JSON.parse(String(init?.body));
      return {
        status: 200,
        body: {
          accounts: { missionary_funds: { number: '2600', name: 'Missionary Funds' } },
          dimension: 'Class',
          unmapped: ACCOUNT_KINDS.filter((kind) => kind !== 'missionary_funds'),
        },
      };
    });
    render(
      <AppProviders>
        <AccountingMappingForm settings={NOTHING_MAPPED} editable />
      </AppProviders>,
    );
    expect(screen.getByText(/Not mapped yet \(10 of 10\)/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Missionary funds: account number'), '2600');
    await userEvent.type(screen.getByLabelText('Missionary funds: account name'), 'Missionary Funds');
    await userEvent.clear(screen.getByLabelText('Per-missionary dimension'));
    await userEvent.type(screen.getByLabelText('Per-missionary dimension'), 'Class');
    await userEvent.click(screen.getByRole('button', { name: 'Save Accounting Settings' }));
    await vi.waitFor(() => expect(server.calls).toContain('PUT /api/settings/accounting'));
    expect(sent.body).toEqual({
      accounts: { missionary_funds: { number: '2600', name: 'Missionary Funds' } },
      dimension: 'Class',
    });
    expect(await screen.findByText(/Still unmapped: Hold accounts/)).toBeInTheDocument();
  });

  it('puts the server’s word under the field it names', async () => {
    const server = fakeApi();
    server.on('PUT', '/settings/accounting', () => ({
      status: 422,
      body: {
        message: 'The given data was invalid.',
        errors: { 'accounts.advances.name': ['Enter the account name.'] },
      },
    }));
    render(
      <AppProviders>
        <AccountingMappingForm settings={NOTHING_MAPPED} editable />
      </AppProviders>,
    );
    await userEvent.type(screen.getByLabelText('Advances: account number'), '1300');
    await userEvent.click(screen.getByRole('button', { name: 'Save Accounting Settings' }));
    expect(await screen.findByText('Enter the account name.')).toBeInTheDocument();
  });

  it('tells an employee why the mapping cannot be changed, and offers no Save', () => {
    fakeApi();
    render(
      <AppProviders>
        <AccountingMappingForm settings={NOTHING_MAPPED} editable={false} />
      </AppProviders>,
    );
    expect(screen.getByText(/Only an admin can change the account mapping/)).toBeInTheDocument();
    expect(screen.getByLabelText('Retirement: account number')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save Accounting Settings' })).not.toBeInTheDocument();
  });
});
