import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders, fakeApi } from '../../testing';
import { SettingsForm } from './SettingsForm';

const SETTINGS = [
  { id: 1, setting_name: 'mileage_reimbursement', setting_value: '0.70' },
  { id: 2, setting_name: 'admin_fee_percentage', setting_value: '10' },
  { id: 3, setting_name: 'admin_fee_cap', setting_value: '500.00' },
  { id: 4, setting_name: 'social_security_percentage', setting_value: '6.2' },
  { id: 5, setting_name: 'medicare_percentage', setting_value: '1.45' },
];

afterEach(() => vi.unstubAllGlobals());

describe('SettingsForm', () => {
  it('lets an admin save the defaults unchanged (that ticks the setup checklist)', async () => {
    const server = fakeApi();
    const sent: { body: FormData | null } = { body: null };
    // patchForm sends POST with _method=PATCH (forms cannot PATCH).
    server.on('POST', '/settings', (init) => {
      sent.body = init?.body instanceof FormData ? init.body : null;
      return { status: 200, body: SETTINGS };
    });
    render(
      <AppProviders>
        <SettingsForm settings={SETTINGS} editable />
      </AppProviders>,
    );
    const save = screen.getByRole('button', { name: 'Save Settings' });
    expect(save).toBeEnabled();
    await userEvent.click(save);
    await vi.waitFor(() => expect(server.calls).toContain('POST /api/settings'));
    expect(sent.body?.get('admin_fee_cap')).toBe('500.00');
  });

  it('tells an employee why the settings cannot be changed, and offers no Save', () => {
    fakeApi();
    render(
      <AppProviders>
        <SettingsForm settings={SETTINGS} editable={false} />
      </AppProviders>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Only an admin can change the settings');
    expect(screen.getByLabelText('Admin Fee %')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save Settings' })).not.toBeInTheDocument();
  });

  it('shows the donor-names setting, off unless the organisation turned it on', () => {
    fakeApi();
    render(
      <AppProviders>
        <SettingsForm
          settings={[...SETTINGS, { id: 6, setting_name: 'show_donor_names_to_missionaries', setting_value: '1' }]}
          editable
        />
      </AppProviders>,
    );
    expect(screen.getByRole('checkbox', { name: 'Show donor names to missionaries' })).toBeChecked();
  });
});
