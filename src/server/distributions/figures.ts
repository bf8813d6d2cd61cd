import {
  type AdvanceRequestResult,
  type DistributionFields,
  type ExpenseReportResult,
  STORED_MONEY_FIELDS,
  type StoredMoneyField,
  type TransactionResult,
} from '../../domain/distributions/types';
import { type Cents, formatUSD, toDollars } from '../../domain/money';
import type { distributions } from '../db/schema';

/**
 * The engine's result as the `distributions` row stores it, and back. Money columns are cents in
 * TypeScript (numeric(14,2) in the database); the three lists are stored as their wire form (JSON,
 * dollars), which is also what GET /distribution/{id} returns as JSON text (docs/product.md §3).
 */

export type DistributionRow = typeof distributions.$inferSelect;
export type DistributionInsert = typeof distributions.$inferInsert;

type Camel<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;
/** Each stored money field has a camelCase column of the same name (snake_case field → camelCase). */
type MoneyColumn = Camel<StoredMoneyField>;

export function columnOf<F extends StoredMoneyField>(field: F): Camel<F> {
  return field.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase()) as Camel<F>;
}

// Compile-time check that every money field has a money column of that name.
type _EveryFieldHasAColumn = MoneyColumn extends keyof DistributionRow ? true : never;
const _everyFieldHasAColumn: _EveryFieldHasAColumn = true;
void _everyFieldHasAColumn;

export interface ReportWire {
  id: number;
  date: string;
  total_amount: number;
  dist_amount_reimbursed: number;
  dist_hold_account_withdrawals: number;
  dist_amount_unreimbursed: number;
  hold_account_unreimbursed: number;
}

export interface AdvanceWire {
  id: number;
  amount_requested: number;
  amount_approved: number | null;
  approved: 0 | 1;
  dist_amount_approved: number;
}

export interface TransactionWire {
  hold_account_id: number;
  fund_name: string;
  transaction_type: TransactionResult['transaction_type'];
  source: TransactionResult['source'];
  description: string;
  transaction_amount: number;
  amount_approved: number;
  added_unreimbursed_amount: number;
  recurring: 0 | 1;
  approved: 1;
  fromGeneralFund: boolean;
  expense_id: number | null;
  expense_report_id: number | null;
  donation_id: number | null;
  starting_balance: number;
  ending_balance: number;
  starting_unreimbursed_amount: number;
  ending_unreimbursed_amount: number;
}

export function reportToWire(report: ExpenseReportResult): ReportWire {
  return {
    id: report.id,
    date: report.date,
    total_amount: toDollars(report.total_amount),
    dist_amount_reimbursed: toDollars(report.dist_amount_reimbursed),
    dist_hold_account_withdrawals: toDollars(report.dist_hold_account_withdrawals),
    dist_amount_unreimbursed: toDollars(report.dist_amount_unreimbursed),
    hold_account_unreimbursed: toDollars(report.hold_account_unreimbursed),
  };
}

export function advanceToWire(advance: AdvanceRequestResult): AdvanceWire {
  return {
    id: advance.id,
    amount_requested: toDollars(advance.amount_requested),
    amount_approved: advance.amount_approved === null ? null : toDollars(advance.amount_approved),
    approved: advance.approved ? 1 : 0,
    dist_amount_approved: toDollars(advance.dist_amount_approved),
  };
}

export function transactionToWire(row: TransactionResult): TransactionWire {
  return {
    hold_account_id: row.hold_account_id,
    fund_name: row.fund_name,
    transaction_type: row.transaction_type,
    source: row.source,
    description: row.description,
    transaction_amount: toDollars(row.transaction_amount),
    amount_approved: toDollars(row.amount_approved),
    added_unreimbursed_amount: toDollars(row.added_unreimbursed_amount),
    recurring: row.recurring ? 1 : 0,
    approved: 1,
    fromGeneralFund: row.fromGeneralFund,
    expense_id: row.expense_id,
    expense_report_id: row.expense_report_id,
    donation_id: row.donation_id,
    starting_balance: toDollars(row.starting_balance),
    ending_balance: toDollars(row.ending_balance),
    starting_unreimbursed_amount: toDollars(row.starting_unreimbursed_amount),
    ending_unreimbursed_amount: toDollars(row.ending_unreimbursed_amount),
  };
}

/** The engine's figures as column values of the `distributions` row (everything but status and audit). */
export function figureColumns(d: DistributionFields) {
  const money = Object.fromEntries(STORED_MONEY_FIELDS.map((field) => [columnOf(field), d[field]])) as Record<
    MoneyColumn,
    Cents
  >;
  return {
    ...money,
    userId: d.user_id,
    userName: d.user_name,
    userEmail: d.user_email,
    startDate: d.start_date,
    endDate: d.end_date,
    donationUploadName: d.donation_upload_name,
    donationUploadNames: d.donation_upload_names,
    comments: d.comments,
    taxStatus: d.tax_status,
    ficaTax: d.fica_tax,
    processedExpenseReports: d.processedExpenseReports.map(reportToWire),
    processedAdvanceRequests: d.processedAdvanceRequests.map(advanceToWire),
    holdAccountTransactions: d.hold_account_transactions.map(transactionToWire),
  } satisfies Partial<DistributionInsert>;
}

export interface FigureChange {
  field: string;
  saved: string;
  now: string;
}

/**
 * What differs between the figures stored on a distribution and a fresh computation: every money
 * column and the three lists. Empty means the recomputation gives exactly what staff saved.
 */
export function figureChanges(row: DistributionRow, d: DistributionFields): FigureChange[] {
  const changes: FigureChange[] = [];
  for (const field of STORED_MONEY_FIELDS) {
    const saved = row[columnOf(field)] as Cents;
    if (saved !== d[field]) changes.push({ field, saved: formatUSD(saved), now: formatUSD(d[field]) });
  }
  const lists: Array<[string, unknown, unknown]> = [
    ['processedExpenseReports', row.processedExpenseReports, d.processedExpenseReports.map(reportToWire)],
    // Unticked advance requests are listed for the record only (granted 0); approval loads just
    // the ticked ones the distribution references, so only those are compared.
    [
      'processedAdvanceRequests',
      (row.processedAdvanceRequests as AdvanceWire[]).filter((advance) => advance.approved === 1),
      d.processedAdvanceRequests.filter((advance) => advance.approved).map(advanceToWire),
    ],
    ['hold_account_transactions', row.holdAccountTransactions, d.hold_account_transactions.map(transactionToWire)],
  ];
  for (const [field, saved, now] of lists) {
    if (canonical(saved) !== canonical(now)) {
      changes.push({ field, saved: `${(saved as unknown[]).length} rows`, now: `${(now as unknown[]).length} rows` });
    }
  }
  return changes;
}

/** JSON with sorted keys, so jsonb's key order never decides equality. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}
