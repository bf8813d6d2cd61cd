import { configure, render, screen, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import type { DistributionRequestInput, DistributionResult } from '../../../../domain/distributions';
import type { DistributionContext } from '../../../../domain/distributions/context';
import { EMPTY_FORM, type FormState, formReducer, manualRowKeys, payloadOf } from '../form-state';
import { computePreview } from '../preview';
import { ruthContext } from '../test-fixtures';
import { DonationsDialog } from './DonationsDialog';
import { HoldAccountDialog } from './HoldAccountDialog';
import type { HoldDialogRow } from './hold-dialog-rows';

/** Ruth's month with the given ticks, through the same state and engine the form uses. */
function scenario(
  options: { tickRecurring?: boolean; manualWithdrawal?: number; tickDonation?: boolean },
  context: DistributionContext = ruthContext(),
) {
  let state: FormState = formReducer(EMPTY_FORM, {
    type: 'fieldWorker',
    fieldWorker: { id: 5, name: 'Ruth Moabite', missionary_number: 'M-7' },
  });
  state = { ...state, startDate: '2024-05-01', endDate: '2024-05-31', uploadNames: ['May 2024'] };
  state = formReducer(state, { type: 'context', context, defaults: null });
  if (options.tickRecurring) state = formReducer(state, { type: 'toggleRecurring', key: state.transactions[0].key });
  if (options.tickDonation) state = formReducer(state, { type: 'toggleDonation', id: 3 });
  if (options.manualWithdrawal) {
    state = formReducer(state, {
      type: 'addTransaction',
      accountId: 7,
      transactionType: 'Withdrawal',
      amount: options.manualWithdrawal,
    });
  }
  const preview = computePreview(context, payloadOf(state) as DistributionRequestInput);
  if (preview.kind !== 'ok') throw new Error(preview.kind);
  const rows = preview.result.distribution.hold_account_transactions;
  const keys = manualRowKeys(state.transactions, rows);
  const entries: HoldDialogRow[] = rows.map((row, index) => ({ row, manualKey: keys[index] }));
  return { result: preview.result as DistributionResult, entries };
}

const userEvent = userEventLib.setup({ delay: null });
// A shared 2-core machine: give the fake API and MUI's transitions time.
configure({ asyncUtilTimeout: 10_000 });

const accounts = [{ id: 7, fundName: 'Vehicle Fund' }];
const noop = () => undefined;

function renderDialog(
  type: 'Deposit' | 'Transfer' | 'Withdrawal',
  entries: HoldDialogRow[],
  extra: Partial<Parameters<typeof HoldAccountDialog>[0]> = {},
) {
  return render(
    <HoldAccountDialog
      open
      type={type}
      entries={entries}
      accounts={accounts}
      readOnly={false}
      onAdd={noop}
      onDelete={noop}
      onClose={noop}
      {...extra}
    />,
  );
}

describe('Hold Account dialog (docs/product.md §2.4)', () => {
  it('is titled by type and shows a recurring row only once it is approved', () => {
    const unticked = renderDialog('Deposit', scenario({}).entries);
    expect(screen.getByRole('heading', { name: 'Hold Account Deposits' })).toBeInTheDocument();
    expect(screen.queryByText('Mat Day Recurring Deposit')).not.toBeInTheDocument();
    expect(screen.getByText('No deposits in this distribution.')).toBeInTheDocument();
    unticked.unmount();

    renderDialog('Deposit', scenario({ tickRecurring: true }).entries);
    const table = screen.getByRole('table', { name: 'Hold Account Deposits' });
    const row = within(table).getByText('Mat Day Recurring Deposit').closest('tr') as HTMLElement;
    expect(within(row).getByText('Vehicle Fund')).toBeInTheDocument();
    expect(within(row).getAllByText('$100.00')).toHaveLength(2);
    // A recurring row can be unticked in the approvals, never deleted here.
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  });

  it('lists withdrawals with Expense ID and an Unreimbursed Reimbursement row; the red minus only on manual rows', async () => {
    const onDelete = vi.fn();
    renderDialog('Withdrawal', scenario({ tickRecurring: true, tickDonation: true, manualWithdrawal: 60000 }).entries, {
      onDelete,
    });
    expect(screen.getByRole('heading', { name: 'Hold Account Withdrawals' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Hold Account Withdrawals' });
    expect(within(table).getByRole('columnheader', { name: 'Expense ID' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1].textContent)).toEqual([
      'Unreimbursed Reimbursement',
      'Expense 311 (report 31)',
      'Mat Day Manual Withdrawal',
    ]);
    // The Vehicle Fund's $60.00 is paid back first; expense 311 is charged to the account.
    expect(within(rows[0]).getAllByText('$60.00')).toHaveLength(2);
    expect(within(rows[1]).getByText('311')).toBeInTheDocument();
    // The manual withdrawal gets what the balance allows ($510.00); $90.00 is added unreimbursed.
    expect(within(rows[2]).getByText('$510.00')).toBeInTheDocument();
    expect(within(rows[2]).getByText('$90.00')).toBeInTheDocument();

    expect(within(rows[0]).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rows[1]).queryByRole('button')).not.toBeInTheDocument();
    await userEvent.click(within(rows[2]).getByRole('button', { name: /Remove Mat Day Manual Withdrawal/ }));
    expect(onDelete).toHaveBeenCalledWith('manual:1');
  });

  it('has no Unreimbursed Reimbursement row for a fund whose starting unreimbursed amount is zero', () => {
    const context = ruthContext();
    context.holdAccounts = [{ ...context.holdAccounts[0], unreimbursedAmount: 0 }];
    renderDialog('Withdrawal', scenario({}, context).entries);
    expect(screen.queryByText('Unreimbursed Reimbursement')).not.toBeInTheDocument();
    expect(screen.getByText('Expense 311 (report 31)')).toBeInTheDocument();
  });

  it('in read-only mode has no Add Transaction and no red minus', () => {
    renderDialog('Withdrawal', scenario({ manualWithdrawal: 1000 }).entries, { readOnly: true });
    expect(screen.getByText('Mat Day Manual Withdrawal')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Transaction' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('Add Transaction needs an account and an amount', { timeout: 20_000 }, async () => {
    const onAdd = vi.fn();
    render(
      <HoldAccountDialog
        open
        type="Transfer"
        entries={[]}
        accounts={[...accounts, { id: 8, fundName: 'Medical Fund' }]}
        readOnly={false}
        onAdd={onAdd}
        onDelete={noop}
        onClose={noop}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add Transaction' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Transfer' });
    expect(within(dialog).getByText(/Mat Day Manual Transfer/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Transaction' }));
    expect(within(dialog).getByText('Choose a fund.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter an amount.')).toBeInTheDocument();
    expect(onAdd).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('combobox', { name: /Fund/ }));
    await userEvent.click(screen.getByRole('option', { name: 'Medical Fund' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Amount/ }), '12.345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Transaction' }));
    expect(within(dialog).getByText(/at most 2 decimals/)).toBeInTheDocument();
    expect(onAdd).not.toHaveBeenCalled();

    await userEvent.clear(within(dialog).getByRole('textbox', { name: /Amount/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Amount/ }), '1,250.50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Transaction' }));
    expect(onAdd).toHaveBeenCalledWith(8, 125050);
  });
});

describe('Donations dialog', () => {
  it('names general donations General Fund and has an Approved checkbox only for designated ones', async () => {
    const onToggle = vi.fn();
    const { result } = scenario({ tickDonation: true });
    const view = render(
      <DonationsDialog
        open
        donations={result.donations}
        total="$4,450.00"
        readOnly={false}
        onToggle={onToggle}
        onClose={noop}
      />,
    );
    const rows = within(screen.getByRole('table', { name: 'Donations' }))
      .getAllByRole('row')
      .slice(1, -1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual([
      'General Fund',
      'General Fund',
      'Vehicle Fund',
    ]);
    expect(within(rows[0]).queryByRole('checkbox')).not.toBeInTheDocument();
    const box = within(rows[2]).getByRole('checkbox');
    expect(box).toBeChecked();
    await userEvent.click(box);
    expect(onToggle).toHaveBeenCalledWith(3);
    view.unmount();

    render(
      <DonationsDialog
        open
        donations={result.donations}
        total="$4,450.00"
        readOnly
        onToggle={onToggle}
        onClose={noop}
      />,
    );
    expect(screen.getByRole('checkbox')).toBeDisabled();
  });
});
