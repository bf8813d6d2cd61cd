import {
  formatMiles,
  mileageCost,
  reportTotals,
  tripDistance,
  usdAmount,
} from '../../domain/expense-reports/calculations';
import type {
  TExpense as Expense,
  TFileUpload as FileUpload,
  TFullReport as FullReport,
  THoldAccountChoice as HoldAccountChoice,
  TMileage as Mileage,
} from '../../domain/expense-reports/contract';
import {
  type Cents,
  type Decimal,
  decimalToString,
  formatUSD,
  fromDollars,
  readDecimalComma,
  toDollars,
} from '../../domain/money';
import type { Category } from '../api/types';
import { actionOf, belongsTo, isReportCreate, localReportId, type OutboxItem } from './queue';

/**
 * What waits on this device, shown where the user looks for it — a line not sent yet is a
 * row of its report (marked), a change waiting shows its new values, a delete waiting hides the row,
 * and a report started offline is a report of its own until the server gives it an id. Pure: the
 * figures come from the same domain functions the server stores them with.
 */
export interface Lookups {
  categories?: readonly Category[];
  holdAccounts?: readonly HoldAccountChoice[];
  ratePerMile: Decimal;
  /** The address a waiting receipt's bytes are shown from (an object URL). */
  fileUrl(item: OutboxItem): string;
}

export interface PendingMark {
  seq: number;
  /** "Waiting to send", or the server's refusal. */
  text: string;
  refused: boolean;
}

/** Marks by `${kind}:${row id}` (rows waiting have the negative id −seq). */
export type PendingMarks = ReadonlyMap<string, PendingMark>;

/** A report started on this device, as the editor shows it until it is sent. */
export function localReport(item: OutboxItem, userName: string): FullReport {
  const distance = item.fields.distance_type;
  return {
    id: localReportId(item.seq!),
    type: 'reimbursement',
    user_id: item.userId,
    user_name: userName,
    missionary_number: null,
    status: 'unsubmitted',
    total_amount: 0,
    unreimbursed_amount: 0,
    payout: null,
    cash_returned: 0,
    start_date: null,
    end_date: null,
    date_submitted: null,
    submitted: 0,
    processed: 0,
    processed_at: null,
    processed_by: null,
    processed_by_name: null,
    distance_type: distance === 'km' || distance === 'mi' ? distance : 'none',
    advance_request_id: null,
    distribution_id: null,
    dist_amount_reimbursed: null,
    dist_hold_account_withdrawals: null,
    dist_amount_unreimbursed: null,
    archived_at: null,
    returned_at: null,
    created_at: item.madeAt,
    updated_at: item.madeAt,
    expense: [],
    mileage: [],
    file_upload: [],
    advance_request: null,
    user: null,
    events: [],
    return_comment: null,
    payout_paid: null,
  };
}

/** Typed text as the server reads it (a decimal comma is a point, decision 23); '' when unreadable. */
function typed(text: string | undefined): string {
  const read = readDecimalComma(text ?? '');
  return 'text' in read ? read.text : '';
}

const idOf = (text: string | undefined) => (text ? Number(text) : null);
const numberOf = (text: string | undefined) => (typed(text) === '' ? null : Number(typed(text)));

function categoryRef(categories: Lookups['categories'], id: number | null) {
  const found = id === null ? undefined : categories?.find((category) => category.id === id);
  return found ? { id: found.id, expense_category: found.expense_category } : null;
}

export function expenseRow(item: OutboxItem, base: Expense | null, lookups: Lookups): Expense {
  const { fields } = item;
  const code = idOf(fields.expense_code);
  const holdId = idOf(fields.hold_account_id);
  const hold = lookups.holdAccounts?.find((account) => account.id === holdId);
  return {
    id: base?.id ?? -item.seq!,
    expense_report_id: base?.expense_report_id ?? item.reportId,
    date: fields.date ?? '',
    expense_code: code,
    category: categoryRef(lookups.categories, code),
    description: fields.description || null,
    field_currency: numberOf(fields.field_currency) ?? 0,
    exchange_rate: numberOf(fields.exchange_rate),
    currency: fields.currency || null,
    usd_amount: toDollars(usdAmount(typed(fields.field_currency), typed(fields.exchange_rate))),
    hold_account_id: holdId,
    hold_account: hold ? { id: hold.id, fund_name: hold.fund_name } : null,
    created_at: base?.created_at ?? item.madeAt,
    updated_at: item.madeAt,
  };
}

export function tripRow(item: OutboxItem, base: Mileage | null, report: FullReport, lookups: Lookups): Mileage {
  const { fields } = item;
  const unit = report.distance_type === 'none' ? 'mi' : report.distance_type;
  const distance = tripDistance({
    odometer_start: typed(fields.odometer_start) || undefined,
    odometer_end: typed(fields.odometer_end) || undefined,
    total_distance: typed(fields.total_distance) || undefined,
  });
  const total = distance ? Number(decimalToString(distance)) : 0;
  const type = idOf(fields.type);
  return {
    id: base?.id ?? -item.seq!,
    expense_report_id: base?.expense_report_id ?? item.reportId,
    date: fields.date ?? '',
    odometer_start: numberOf(fields.odometer_start),
    odometer_end: numberOf(fields.odometer_end),
    total_distance: total,
    distance: total,
    miles: distance && report.distance_type !== 'none' ? Number(formatMiles(distance, unit)) : null,
    total_cost: distance ? toDollars(mileageCost(distance, unit, lookups.ratePerMile)) : 0,
    type,
    category: categoryRef(lookups.categories, type),
    created_at: base?.created_at ?? item.madeAt,
    updated_at: item.madeAt,
  };
}

export function fileRow(item: OutboxItem, lookups: Lookups): FileUpload {
  return {
    id: -item.seq!,
    expense_report_id: item.reportId,
    filename: item.filename ?? 'receipt',
    file_url: lookups.fileUrl(item),
    content_type: item.file?.type || 'application/octet-stream',
    size_bytes: item.file?.size ?? 0,
    created_at: item.madeAt,
    updated_at: item.madeAt,
  };
}

const markOf = (item: OutboxItem, waiting: string): PendingMark => ({
  seq: item.seq!,
  text: item.refused ? `Not sent: ${item.refused}` : waiting,
  refused: Boolean(item.refused),
});

/** Rows of one kind with what waits applied: changes over the sent rows, deletes hidden, creates added. */
function applied<T extends { id: number }>(
  rows: readonly T[],
  items: readonly OutboxItem[],
  kind: OutboxItem['kind'],
  rowOf: (item: OutboxItem, base: T | null) => T,
  marks: Map<string, PendingMark>,
): T[] {
  const mine = items.filter((item) => item.kind === kind);
  const result: T[] = [];
  for (const row of rows) {
    const deleting = mine.find((item) => actionOf(item) === 'delete' && item.targetId === row.id && !item.refused);
    if (deleting) continue;
    const change = mine.filter((item) => actionOf(item) === 'update' && item.targetId === row.id).at(-1);
    if (!change) result.push(row);
    else {
      result.push(rowOf(change, row));
      marks.set(`${kind}:${row.id}`, markOf(change, 'Change waiting to send'));
    }
  }
  for (const item of mine.filter((waiting) => actionOf(waiting) === 'create')) {
    result.push(rowOf(item, null));
    marks.set(`${kind}:${-item.seq!}`, markOf(item, 'Waiting to send'));
  }
  return result;
}

/** The report as the user left it on this device, with a mark on every row that still waits. */
export function withPending(
  report: FullReport,
  outbox: readonly OutboxItem[],
  lookups: Lookups,
): { report: FullReport; marks: PendingMarks } {
  const items = outbox.filter((item) => belongsTo(item, report.id) && !isReportCreate(item));
  const marks = new Map<string, PendingMark>();
  if (items.length === 0) return { report, marks };
  const distance = items.filter((item) => item.kind === 'report' && item.fields.distance_type).at(-1);
  const base = distance
    ? { ...report, distance_type: distance.fields.distance_type as FullReport['distance_type'] }
    : report;
  return {
    report: {
      ...base,
      expense: applied(base.expense, items, 'expense', (item, row) => expenseRow(item, row, lookups), marks),
      mileage: applied(base.mileage, items, 'mileage', (item, row) => tripRow(item, row, base, lookups), marks),
      file_upload: applied(base.file_upload, items, 'fileUpload', (item) => fileRow(item, lookups), marks),
    },
    marks,
  };
}

/** The lines as the server totals a report: expenses in US$ and trips' costs, with their dates. */
function linesTotals(report: Pick<FullReport, 'expense' | 'mileage'>) {
  return reportTotals(
    report.expense.map((expense) => ({ date: expense.date, amount: fromDollars(expense.usd_amount) })),
    report.mileage.map((trip) => ({ date: trip.date, amount: fromDollars(trip.total_cost) })),
  );
}

/**
 * A report's total as the user sees it on this device, split into what the server holds and what
 * still waits here: `waiting` is what the waiting lines, changes and deletes add (negative when a
 * delete waits); the first and last dates are those of the lines shown. All come from the lines, as
 * the server computes them, so a kept copy whose figures are older than its lines
 * (offline/kept-copy.ts) still adds up.
 */
export function totalsWithWaiting(
  served: Pick<FullReport, 'expense' | 'mileage'>,
  shown: Pick<FullReport, 'expense' | 'mileage'>,
): { sent: Cents; waiting: Cents; total: Cents; startDate: string | null; endDate: string | null } {
  const sent = linesTotals(served).totalAmount;
  const { totalAmount: total, startDate, endDate } = linesTotals(shown);
  return { sent, waiting: total - sent, total, startDate, endDate };
}

/**
 * What the report's total says about the part still on this device: "$46.75 sent, $17.49 waiting to
 * send"; a waiting delete makes it smaller ("$10.00 less once the waiting changes are sent"); null
 * when nothing waiting changes the total.
 */
export function waitingTotalText(totals: { sent: Cents; waiting: Cents }): string | null {
  if (totals.waiting === 0) return null;
  if (totals.waiting > 0) return `${formatUSD(totals.sent)} sent, ${formatUSD(totals.waiting)} waiting to send`;
  return `${formatUSD(totals.sent)} sent; ${formatUSD(-totals.waiting)} less once the waiting changes are sent`;
}
