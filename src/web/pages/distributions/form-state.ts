import {
  buildManualTransaction,
  buildRecurringItems,
  type DistributionRequest,
  type DistributionRequestInput,
  type HoldAccountInput,
  type TransactionRequest,
  type TransactionType,
} from '../../../domain/distributions';
import { PAYROLL_MONEY_INPUTS, type PayrollMoneyInput } from '../../../domain/distributions/payroll-inputs';
import { datesAfterUploadsChange } from '../../../domain/donations/upload-month';
import { type Cents, toDecimalString, toDollars } from '../../../domain/money';
import { isFicaExempt, type TaxStatus } from '../../../domain/users/tax-status';

/**
 * The Distribution Form's state: the staff's choices only. Every figure on the screen is computed
 * from these choices by the engine (preview.ts); nothing here is money arithmetic.
 */

export interface FieldWorker {
  id: number;
  name: string;
  missionary_number: string | null;
}

/** A requested hold-account row (recurring item or manual "Add Transaction"), with a stable key. */
export interface TransactionRow extends TransactionRequest {
  key: string;
}

export interface AdvanceChoice {
  ticked: boolean;
  /** The approved amount as staff typed it (blank = the requested amount). */
  typed: string;
}

/**
 * Step 2's payroll inputs staff changed for this month (decision 13, docs/decisions.md), as typed: a field
 * that is not here is the profile's value and is left out of the payload. `fica_tax` is '1' or '0'.
 */
export type PayrollField = 'tax_status' | 'fica_tax' | PayrollMoneyInput;
export type PayrollChoices = Partial<Record<PayrollField, string>>;

export interface FormState {
  fieldWorker: FieldWorker | null;
  startDate: string;
  endDate: string;
  /** The uploads whose undistributed donations it takes (docs/distribution.md "Several uploads in a month"). */
  uploadNames: string[];
  approvedDonationIds: number[];
  transactions: TransactionRow[];
  advances: Record<number, AdvanceChoice>;
  manualReimbursement: string;
  manualAdvance: string;
  midMonthDisbursement: string;
  payroll: PayrollChoices;
  comments: string;
  /** Next key for manual rows. */
  nextManual: number;
}

export const EMPTY_FORM: FormState = {
  fieldWorker: null,
  startDate: '',
  endDate: '',
  uploadNames: [],
  approvedDonationIds: [],
  transactions: [],
  advances: {},
  manualReimbursement: '',
  manualAdvance: '',
  midMonthDisbursement: '',
  payroll: {},
  comments: '',
  nextManual: 1,
};

export type FormAction =
  | { type: 'reset' }
  | { type: 'load'; state: FormState }
  | { type: 'fieldWorker'; fieldWorker: FieldWorker | null }
  | { type: 'startDate'; value: string }
  | { type: 'endDate'; value: string }
  /** The uploads chosen; one name alone is a list of one, '' none. */
  | { type: 'upload'; value: string | string[] }
  | { type: 'toggleDonation'; id: number }
  | { type: 'toggleRecurring'; key: string }
  | { type: 'toggleAdvance'; id: number }
  | { type: 'advanceAmount'; id: number; typed: string }
  | { type: 'addTransaction'; accountId: number; transactionType: TransactionType; amount: Cents }
  | { type: 'deleteTransaction'; key: string }
  | { type: 'manual'; field: 'manualReimbursement' | 'manualAdvance' | 'midMonthDisbursement'; value: string }
  | { type: 'comments'; value: string }
  /** A payroll input for this month; a W2 Exempt or 1099 tax status unticks FICA (decision 25). */
  | { type: 'payroll'; field: PayrollField; value: string }
  /** Back to the field worker's Payroll Info for every payroll input. */
  | { type: 'payrollReset' }
  /**
   * Data loaded for the current choices: the accounts' recurring items are re-aligned, ticks of
   * donations and advances that are not in it are dropped, and `defaults` (what a new distribution
   * starts with: things approved beforehand) are ticked.
   */
  | { type: 'context'; context: LoadedChoices; defaults: DistributionRequest | null };

/** The parts of a loaded DistributionContext the form state follows. */
export interface LoadedChoices {
  holdAccounts: readonly HoldAccountInput[];
  donations: ReadonlyArray<{ id: number; holdAccountId: number | null }>;
  advanceRequests: ReadonlyArray<{ id: number }>;
}

export const recurringKey = (accountId: number, type: TransactionType) => `recurring:${accountId}:${type}`;

export function formReducer(state: FormState, action: FormAction): FormState {
  switch (action.type) {
    case 'reset':
      return EMPTY_FORM;
    case 'load':
      return action.state;
    case 'fieldWorker':
      // Another field worker: their donations, accounts and requests are different ones.
      if (action.fieldWorker?.id === state.fieldWorker?.id) return { ...state, fieldWorker: action.fieldWorker };
      return {
        ...EMPTY_FORM,
        fieldWorker: action.fieldWorker,
        startDate: state.startDate,
        endDate: state.endDate,
        uploadNames: state.uploadNames,
        comments: state.comments,
      };
    case 'startDate':
      return { ...state, startDate: action.value };
    case 'endDate':
      return { ...state, endDate: action.value };
    case 'upload': {
      // The ticks belong to the donations of the upload they were made in; an upload named after a
      // month fills the dates unless they were typed by hand.
      const names = typeof action.value === 'string' ? (action.value === '' ? [] : [action.value]) : action.value;
      if (names.join('\u0000') === state.uploadNames.join('\u0000')) return state;
      const dates = datesAfterUploadsChange(state.uploadNames, names, {
        start: state.startDate,
        end: state.endDate,
      });
      return {
        ...state,
        uploadNames: names,
        approvedDonationIds: [],
        startDate: dates.start,
        endDate: dates.end,
      };
    }
    case 'toggleDonation':
      return {
        ...state,
        approvedDonationIds: state.approvedDonationIds.includes(action.id)
          ? state.approvedDonationIds.filter((id) => id !== action.id)
          : [...state.approvedDonationIds, action.id],
      };
    case 'toggleRecurring':
      return {
        ...state,
        transactions: state.transactions.map((row) =>
          row.key === action.key && row.recurring ? { ...row, approved: !row.approved } : row,
        ),
      };
    case 'toggleAdvance': {
      const current = state.advances[action.id] ?? { ticked: false, typed: '' };
      return { ...state, advances: { ...state.advances, [action.id]: { ...current, ticked: !current.ticked } } };
    }
    case 'advanceAmount': {
      const current = state.advances[action.id] ?? { ticked: false, typed: '' };
      // Typing an amount ticks the request: an amount for a request left unticked would do nothing.
      const ticked = current.ticked || action.typed.trim() !== '';
      return { ...state, advances: { ...state.advances, [action.id]: { ticked, typed: action.typed } } };
    }
    case 'addTransaction': {
      const row = buildManualTransaction(action.accountId, action.transactionType, action.amount);
      return {
        ...state,
        transactions: [...state.transactions, { ...row, key: `manual:${state.nextManual}` }],
        nextManual: state.nextManual + 1,
      };
    }
    case 'deleteTransaction':
      return {
        ...state,
        transactions: state.transactions.filter((row) => row.key !== action.key || row.recurring),
      };
    case 'manual':
      return { ...state, [action.field]: action.value };
    case 'comments':
      return { ...state, comments: action.value };
    case 'payroll': {
      const payroll = { ...state.payroll, [action.field]: action.value };
      if (action.field === 'tax_status' && isFicaExempt(action.value as TaxStatus)) payroll.fica_tax = '0';
      return { ...state, payroll };
    }
    case 'payrollReset':
      return { ...state, payroll: {} };
    case 'context':
      return withContext(state, action.context, action.defaults);
  }
}

/**
 * The accounts' recurring MAT Day items as they stand now, keeping the ticks already made. Items of
 * accounts that no longer recur are dropped; manual rows are kept in the order staff added them.
 */
export function syncRecurring(
  rows: readonly TransactionRow[],
  accounts: readonly HoldAccountInput[],
): TransactionRow[] {
  const previous = new Map(rows.filter((row) => row.recurring).map((row) => [row.key, row]));
  const recurring = accounts.flatMap((account) =>
    buildRecurringItems(account).map((item): TransactionRow => {
      const key = recurringKey(account.id, item.type as TransactionType);
      const before = previous.get(key);
      return { ...item, key, approved: before?.approved ?? false };
    }),
  );
  const unchanged =
    recurring.length === previous.size &&
    recurring.every((row) => {
      const before = previous.get(row.key);
      return before !== undefined && before.amount === row.amount;
    });
  if (unchanged) return rows as TransactionRow[];
  return [...recurring, ...rows.filter((row) => !row.recurring)];
}

function withContext(state: FormState, context: LoadedChoices, defaults: DistributionRequest | null): FormState {
  const designated = new Set(context.donations.filter((d) => d.holdAccountId !== null).map((d) => d.id));
  const advanceIds = new Set(context.advanceRequests.map((advance) => advance.id));
  let approvedDonationIds = state.approvedDonationIds.filter((id) => designated.has(id));
  const advances: Record<number, AdvanceChoice> = {};
  for (const [id, choice] of Object.entries(state.advances)) {
    if (advanceIds.has(Number(id))) advances[Number(id)] = choice;
  }
  if (defaults) {
    approvedDonationIds = [...new Set([...approvedDonationIds, ...defaults.approved_donation_ids])].filter((id) =>
      designated.has(id),
    );
    for (const row of defaults.advance_requests) {
      if (!advanceIds.has(row.id)) continue;
      advances[row.id] = { ticked: true, typed: advances[row.id]?.typed ?? '' };
    }
  }
  const transactions = syncRecurring(state.transactions, context.holdAccounts);
  const same =
    transactions === state.transactions &&
    approvedDonationIds.length === state.approvedDonationIds.length &&
    Object.keys(advances).length === Object.keys(state.advances).length &&
    Object.entries(advances).every(([id, choice]) => state.advances[Number(id)] === choice);
  return same ? state : { ...state, transactions, approvedDonationIds, advances };
}

const blankToUndefined = (text: string) => (text.trim() === '' ? undefined : text.trim());

/**
 * The POST/PATCH body (distributionRequestSchema): exactly what the preview computes from. Typed
 * amounts travel as typed; the server parses them with the same schema.
 */
export function payloadOf(state: FormState): DistributionRequestInput {
  return {
    user_id: state.fieldWorker?.id,
    start_date: state.startDate,
    end_date: state.endDate,
    donation_upload_names: [...state.uploadNames],
    approved_donation_ids: [...state.approvedDonationIds].sort((a, b) => a - b),
    hold_account_transactions: state.transactions.map((row) => ({
      hold_account_id: row.accountId,
      transaction_type: row.type,
      transaction_amount: toDollars(row.amount),
      amount_approved: row.amountApproved === null ? undefined : toDollars(row.amountApproved),
      approved: row.approved ? 1 : 0,
      recurring: row.recurring ? 1 : 0,
      description: row.description,
    })),
    advance_requests: Object.entries(state.advances)
      .filter(([, choice]) => choice.ticked)
      .map(([id, choice]) => ({ id: Number(id), amount_approved: blankToUndefined(choice.typed) }))
      .sort((a, b) => a.id - b.id),
    manual_ministry_reimbursement: blankToUndefined(state.manualReimbursement),
    manual_ministry_advance: blankToUndefined(state.manualAdvance),
    mid_month_disbursement: blankToUndefined(state.midMonthDisbursement),
    ...payrollPayload(state.payroll),
    comments: blankToUndefined(state.comments),
  } as DistributionRequestInput;
}

/** The payroll inputs staff changed; a money field emptied means $0.00 this month (not the profile's). */
function payrollPayload(payroll: PayrollChoices): Record<string, string> {
  const payload: Record<string, string> = {};
  for (const [field, value] of Object.entries(payroll) as Array<[PayrollField, string]>) {
    if (field === 'tax_status') {
      if (value !== '') payload.tax_status = value;
    } else payload[field] = field === 'fica_tax' ? value : value.trim() === '' ? '0' : value.trim();
  }
  return payload;
}

/** The payroll inputs a saved payload carries, back into the form. */
function payrollOfSaved(saved: DistributionRequest): PayrollChoices {
  const payroll: PayrollChoices = {};
  if (saved.tax_status !== undefined) payroll.tax_status = saved.tax_status;
  if (saved.fica_tax !== undefined) payroll.fica_tax = saved.fica_tax ? '1' : '0';
  for (const input of PAYROLL_MONEY_INPUTS) {
    const cents = saved[input.name];
    if (cents !== undefined) payroll[input.name] = toDecimalString(cents);
  }
  return payroll;
}

const amountText = (cents: Cents) => (cents === 0 ? '' : toDecimalString(cents));

/**
 * A saved distribution's choices back into the form (docs/product.md §2.4 "rebuilds the distribution").
 * Recurring rows come back as saved; `recurring` then re-aligns them with the accounts.
 */
export function stateFromSaved(fieldWorker: FieldWorker, saved: DistributionRequest): FormState {
  let manual = 0;
  const transactions = saved.hold_account_transactions
    .filter((row) => row.expense_id === undefined && row.donation_id === undefined)
    .filter((row) => row.hold_account_id !== undefined && row.transaction_type !== undefined)
    .map((row): TransactionRow => {
      const accountId = row.hold_account_id as number;
      const type = row.transaction_type as TransactionType;
      manual += row.recurring ? 0 : 1;
      return {
        key: row.recurring ? recurringKey(accountId, type) : `manual:${manual}`,
        accountId,
        type,
        amount: row.transaction_amount,
        amountApproved: row.amount_approved,
        approved: row.approved,
        recurring: row.recurring,
        description: row.description ?? '',
      };
    });
  const advances: Record<number, AdvanceChoice> = {};
  for (const row of saved.advance_requests) {
    advances[row.id] = {
      ticked: true,
      typed: row.amount_approved === null ? '' : toDecimalString(row.amount_approved),
    };
  }
  return {
    fieldWorker,
    startDate: saved.start_date,
    endDate: saved.end_date,
    uploadNames: saved.donation_upload_names ?? (saved.donation_upload_name ? [saved.donation_upload_name] : []),
    approvedDonationIds: [...saved.approved_donation_ids],
    transactions,
    advances,
    manualReimbursement: amountText(saved.manual_ministry_reimbursement),
    manualAdvance: amountText(saved.manual_ministry_advance),
    midMonthDisbursement: amountText(saved.mid_month_disbursement),
    payroll: payrollOfSaved(saved),
    comments: saved.comments ?? '',
    nextManual: manual + 1,
  };
}

/**
 * The payload row behind a manual row of the engine's result: manual rows keep their order per
 * account and type, so the n-th manual result row of (account, type) is the n-th such request.
 */
export function manualRowKeys(
  rows: readonly TransactionRow[],
  results: ReadonlyArray<{ hold_account_id: number; transaction_type: TransactionType; source: string }>,
): Array<string | null> {
  const queues = new Map<string, string[]>();
  for (const row of rows) {
    if (row.recurring || !row.approved || row.accountId === null || row.type === null) continue;
    const id = `${row.accountId}:${row.type}`;
    queues.set(id, [...(queues.get(id) ?? []), row.key]);
  }
  return results.map((result) => {
    if (result.source !== 'manual') return null;
    return queues.get(`${result.hold_account_id}:${result.transaction_type}`)?.shift() ?? null;
  });
}
