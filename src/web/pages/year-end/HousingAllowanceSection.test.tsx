import { configure, screen, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { ZUserSchema } from '../../../domain/users/contract';
import { localToday } from '../../format';
import { renderGuarded, signedInApi, signOutApi } from '../../testing';
import { HousingAllowanceSection } from './HousingAllowanceSection';

const userEvent = userEventLib.setup({ delay: null });
configure({ asyncUtilTimeout: 10_000 });
const SLOW = { timeout: 60_000 };

afterEach(() => signOutApi());

const minister = ZUserSchema.parse({
  id: 12,
  name: 'Ruth Minister',
  email: 'ruth@field.example',
  role: 'missionary',
  missionary_number: 'R-1',
  unreimbursed_amount: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  deleted_at: null,
  profile: null,
});

// 2026: $24,000 designated, ten months of $2,500 capped at what is left: 24,000 − 21,500 = 2,500 left.
const HOUSING = {
  user_id: 12,
  minister: 1,
  designations: [{ year: 2026, amount: 24000, approved_on: '2026-01-10', paid: 21500, left: 2500 }],
  taxable: [{ year: 2025, amount: 1200 }],
};

describe('HousingAllowanceSection (docs/tax.md, housing allowance)', () => {
  it('shows designated, paid and left, and sends the whole list when an admin adds a year', SLOW, async () => {
    const api = signedInApi('admin', 1);
    api.on('GET', '/user/12/housing-allowance', () => ({ status: 200, body: HOUSING }));
    const sent: unknown[] = [];
    api.on('PATCH', '/user/12', (init) => {
      const body = JSON.parse(String(init?.body));
      sent.push(body);
      // The first try is refused under the new entry's amount, as the API names it.
      return sent.length === 1
        ? {
            status: 422,
            body: {
              message: 'The given data was invalid.',
              errors: { 'housing_allowance_designations.1.approved_on': ['Approved on must be a date.'] },
            },
          }
        : { status: 200, body: minister };
    });
    renderGuarded([{ path: '/p', element: <HousingAllowanceSection user={minister} /> }], '/p');

    expect(
      await screen.findByText('2026: $24,000.00 designated, $21,500.00 paid so far, $2,500.00 left'),
    ).toBeInTheDocument();
    expect(screen.getByText(/\$1,200\.00 of housing allowance paid in 2025 was taxable wages/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add Designation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a housing allowance designation' });
    await userEvent.clear(within(dialog).getByLabelText('Year'));
    await userEvent.type(within(dialog).getByLabelText('Year'), '2027');
    await userEvent.type(within(dialog).getByLabelText('Designated amount'), '25000');
    await userEvent.type(within(dialog).getByLabelText('Approved by the board on'), '2026-12-15');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Designation' }));
    expect(await within(dialog).findByText('Approved on must be a date.')).toBeInTheDocument();
    expect(sent[0]).toEqual({
      housing_allowance_designations: [
        { year: 2026, amount: 24000, approved_on: '2026-01-10' },
        // The form's raw values: the server parses them with the same schema (docs/conventions.md).
        { year: '2027', amount: '25000', approved_on: '2026-12-15' },
      ],
    });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Designation' }));
    expect(await screen.findByText('Housing allowance designation saved.')).toBeInTheDocument();
    expect(sent).toHaveLength(2);
  });

  it('lets a missionary read their own designations, with no way to change them', SLOW, async () => {
    const api = signedInApi('missionary', 12);
    api.on('GET', '/user/12/housing-allowance', () => ({ status: 200, body: HOUSING }));
    renderGuarded([{ path: '/p', element: <HousingAllowanceSection user={minister} /> }], '/p');
    expect(
      await screen.findByText('2026: $24,000.00 designated, $21,500.00 paid so far, $2,500.00 left'),
    ).toBeInTheDocument();
    expect(screen.getByText(/Only an admin can change the designations\./)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('warns when this year has no designation yet, and offers this year first', SLOW, async () => {
    const thisYear = Number(localToday().slice(0, 4));
    const api = signedInApi('admin', 1);
    api.on('GET', '/user/12/housing-allowance', () => ({
      status: 200,
      body: {
        ...HOUSING,
        designations: [
          { year: thisYear - 1, amount: 20000, approved_on: `${thisYear - 2}-12-01`, paid: 0, left: 20000 },
        ],
      },
    }));
    renderGuarded([{ path: '/p', element: <HousingAllowanceSection user={minister} /> }], '/p');
    expect(
      await screen.findByText(
        `No designation for ${thisYear} yet: this year’s housing allowance is paid as taxable wages.`,
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Designation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a housing allowance designation' });
    expect(within(dialog).getByLabelText('Year')).toHaveValue(String(thisYear));
  });
});
