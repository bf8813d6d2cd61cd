import { distributionRequestSchema } from '../../../domain/distributions';
import { FORM_CHOICES, initialPayload } from '../../../domain/distributions/context';
import { EMPTY_FORM, type FormState, formReducer, manualRowKeys, payloadOf, stateFromSaved } from './form-state';
import { computePreview } from './preview';
import { RUTH_CHOICES, ruthContext, usdCents } from './test-fixtures';

const ruth = { id: 5, name: 'Ruth Moabite', missionary_number: 'M-7' };

function chosen(): FormState {
  let state = formReducer(EMPTY_FORM, { type: 'fieldWorker', fieldWorker: ruth });
  state = formReducer(state, { type: 'startDate', value: '2024-05-01' });
  state = formReducer(state, { type: 'endDate', value: '2024-05-31' });
  state = formReducer(state, { type: 'upload', value: 'May 2024' });
  return formReducer(state, { type: 'context', context: ruthContext(), defaults: null });
}

describe('Distribution Form state', () => {
  it('lists the recurring items of the accounts unticked, and keeps ticks when the data reloads', () => {
    let state = chosen();
    expect(state.transactions).toEqual([
      expect.objectContaining({ accountId: 7, type: 'Deposit', amount: usdCents('100.00'), approved: false }),
    ]);
    state = formReducer(state, { type: 'toggleRecurring', key: state.transactions[0].key });
    const reloaded = formReducer(state, { type: 'context', context: ruthContext(), defaults: null });
    expect(reloaded.transactions[0].approved).toBe(true);
  });

  it('drops recurring items the account no longer has, and re-lists a changed amount unticked', () => {
    let state = chosen();
    state = formReducer(state, { type: 'toggleRecurring', key: state.transactions[0].key });
    const changed = ruthContext();
    changed.holdAccounts[0] = { ...changed.holdAccounts[0], recurringDeposit: 0, recurringWithdrawal: 5000 };
    state = formReducer(state, { type: 'context', context: changed, defaults: null });
    expect(state.transactions).toEqual([
      expect.objectContaining({ type: 'Withdrawal', amount: 5000, approved: false, recurring: true }),
    ]);
  });

  it('sends exactly the ticked choices, and they parse with the shared schema', () => {
    let state = chosen();
    state = formReducer(state, { type: 'toggleDonation', id: 3 });
    state = formReducer(state, { type: 'toggleRecurring', key: state.transactions[0].key });
    state = formReducer(state, { type: 'toggleAdvance', id: 41 });
    state = formReducer(state, { type: 'addTransaction', accountId: 7, transactionType: 'Withdrawal', amount: 60000 });
    const payload = payloadOf(state);
    expect(distributionRequestSchema.parse(payload)).toEqual(distributionRequestSchema.parse(RUTH_CHOICES));
  });

  it('unticking an advance removes it from the payload; typing an amount ticks it', () => {
    let state = chosen();
    state = formReducer(state, { type: 'toggleAdvance', id: 41 });
    state = formReducer(state, { type: 'toggleAdvance', id: 41 });
    expect(payloadOf(state).advance_requests).toEqual([]);
    state = formReducer(state, { type: 'advanceAmount', id: 41, typed: '120.50' });
    expect(payloadOf(state).advance_requests).toEqual([{ id: 41, amount_approved: '120.50' }]);
  });

  it('choosing an upload named after a month fills blank dates with that month', () => {
    let state = formReducer(EMPTY_FORM, { type: 'fieldWorker', fieldWorker: ruth });
    state = formReducer(state, { type: 'upload', value: 'November 2026' });
    expect([state.startDate, state.endDate]).toEqual(['2026-11-01', '2026-11-30']);
    state = formReducer(state, { type: 'upload', value: 'October 2026' });
    expect([state.startDate, state.endDate]).toEqual(['2026-10-01', '2026-10-31']);
  });

  it('a new field worker or upload clears the ticks made for the previous one', () => {
    let state = chosen();
    state = formReducer(state, { type: 'toggleDonation', id: 3 });
    expect(formReducer(state, { type: 'upload', value: 'June 2024' }).approvedDonationIds).toEqual([]);
    const other = formReducer(state, {
      type: 'fieldWorker',
      fieldWorker: { id: 9, name: 'Boaz', missionary_number: null },
    });
    expect(other.approvedDonationIds).toEqual([]);
    expect(other.transactions).toEqual([]);
    expect(other.startDate).toBe('2024-05-01');
  });

  it('ticks what was approved beforehand for a new distribution, and drops ticks the data no longer has', () => {
    const context = ruthContext({
      donations: ruthContext().donations.map((d) => (d.id === 3 ? { ...d, approved: true } : d)),
      advanceRequests: [{ ...ruthContext().advanceRequests[0], status: 'approved', amountApproved: 20000 }],
    });
    let state = formReducer(chosen(), { type: 'context', context, defaults: initialPayload(context, FORM_CHOICES) });
    expect(state.approvedDonationIds).toEqual([3]);
    expect(state.advances[41]).toEqual({ ticked: true, typed: '' });
    state = formReducer(state, { type: 'context', context: ruthContext({ advanceRequests: [] }), defaults: null });
    expect(state.advances).toEqual({});
  });

  it('rebuilds a saved distribution: the same payload comes back out', () => {
    const saved = distributionRequestSchema.parse({
      ...RUTH_CHOICES,
      manual_ministry_reimbursement: '12.50',
      mid_month_disbursement: '100',
      comments: 'Checked with Ruth',
      advance_requests: [{ id: 41, amount_approved: '250.00' }],
    });
    const state = stateFromSaved(ruth, saved);
    expect(distributionRequestSchema.parse(payloadOf(state))).toEqual(saved);
    // Manual rows added afterwards get fresh keys.
    const more = formReducer(state, { type: 'addTransaction', accountId: 7, transactionType: 'Deposit', amount: 100 });
    expect(new Set(more.transactions.map((row) => row.key)).size).toBe(more.transactions.length);
  });

  it('rebuilds the payroll inputs a saved distribution carries (decision 13), and only those', () => {
    const saved = distributionRequestSchema.parse({
      ...RUTH_CHOICES,
      tax_status: '1099',
      fica_tax: 0,
      insurance_payment: '0',
      wire_fee: '12.50',
    });
    const state = stateFromSaved(ruth, saved);
    expect(state.payroll).toEqual({ tax_status: '1099', fica_tax: '0', insurance_payment: '0.00', wire_fee: '12.50' });
    expect(distributionRequestSchema.parse(payloadOf(state))).toEqual(saved);
    // Choosing W2 Exempt unticks FICA; going back to the Payroll Info drops every input.
    const exempt = formReducer(formReducer(state, { type: 'payroll', field: 'fica_tax', value: '1' }), {
      type: 'payroll',
      field: 'tax_status',
      value: 'W2 Exempt',
    });
    expect(exempt.payroll).toMatchObject({ tax_status: 'W2 Exempt', fica_tax: '0' });
    expect(formReducer(exempt, { type: 'payrollReset' }).payroll).toEqual({});
    // An emptied amount is $0.00 this month, not the profile's.
    const emptied = formReducer(state, { type: 'payroll', field: 'net_payroll', value: ' ' });
    expect(payloadOf(emptied)).toMatchObject({ net_payroll: '0' });
  });

  it('maps each manual row of the engine result back to the row staff added, in order', () => {
    let state = chosen();
    state = formReducer(state, { type: 'addTransaction', accountId: 7, transactionType: 'Withdrawal', amount: 1000 });
    state = formReducer(state, { type: 'addTransaction', accountId: 7, transactionType: 'Withdrawal', amount: 2000 });
    const preview = computePreview(ruthContext(), payloadOf(state));
    if (preview.kind !== 'ok') throw new Error(preview.kind);
    const rows = preview.result.distribution.hold_account_transactions;
    const keys = manualRowKeys(state.transactions, rows);
    const manual = rows.map((row, index) => [row.source, row.transaction_amount, keys[index]]);
    expect(manual.filter(([source]) => source === 'manual')).toEqual([
      ['manual', 1000, 'manual:1'],
      ['manual', 2000, 'manual:2'],
    ]);
    expect(manual.filter(([source]) => source !== 'manual').every(([, , key]) => key === null)).toBe(true);
    state = formReducer(state, { type: 'deleteTransaction', key: 'manual:1' });
    expect(state.transactions.filter((row) => !row.recurring).map((row) => row.amount)).toEqual([2000]);
  });
});
