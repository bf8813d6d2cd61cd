import { formatMiles } from '../../domain/expense-reports/calculations';
import type { TExpense, TFileUpload, TMileage, TReportSummary } from '../../domain/expense-reports/contract';
import { reportStatus } from '../../domain/expense-reports/states';
import { parseDecimal, toDollars } from '../../domain/money';
import type { categories, expenseReports, expenses, fileUploads, holdAccounts, mileage } from '../db/schema';
import { centsFromDatabase } from '../db/schema/columns';

export type ReportRow = typeof expenseReports.$inferSelect;
type ExpenseRow = typeof expenses.$inferSelect;
type MileageRow = typeof mileage.$inferSelect;
type FileRow = typeof fileUploads.$inferSelect;
type CategoryRow = typeof categories.$inferSelect;
type HoldAccountRow = typeof holdAccounts.$inferSelect;

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const money = (cents: number | null) => (cents === null ? null : toDollars(cents));
/** numeric columns other than money come back as text: "3.750000" → 3.75 */
const decimal = (text: string | null) => (text === null ? null : Number(text));

/** A report in lists (docs/product.md §3 without the item lists); flags 0/1, money in dollars. */
export function serializeReportSummary(
  row: ReportRow,
  user: { name: string; missionaryNumber: string | null },
  processor: { name: string } | null = null,
): TReportSummary {
  return {
    id: row.id,
    type: row.type as 'reimbursement' | 'advance',
    user_id: row.userId,
    user_name: user.name,
    missionary_number: user.missionaryNumber,
    status: reportStatus({
      submitted: row.submitted,
      processed: row.processed,
      archived: row.archivedAt !== null,
      returned: row.returnedAt !== null,
    }),
    total_amount: toDollars(row.totalAmount),
    unreimbursed_amount: toDollars(row.unreimbursedAmount),
    payout: money(row.payout),
    cash_returned: toDollars(row.cashReturned),
    start_date: row.startDate,
    end_date: row.endDate,
    date_submitted: row.dateSubmitted,
    submitted: row.submitted ? 1 : 0,
    processed: row.processed ? 1 : 0,
    processed_at: iso(row.processedAt),
    /** Who processed it (the admin, or the approver of its distribution); null before processing. */
    processed_by: row.processedBy,
    processed_by_name: processor?.name ?? null,
    distance_type: row.distanceType as 'km' | 'mi' | 'none',
    advance_request_id: row.advanceRequestId,
    distribution_id: row.distributionId,
    dist_amount_reimbursed: money(row.distAmountReimbursed),
    dist_hold_account_withdrawals: money(row.distHoldAccountWithdrawals),
    dist_amount_unreimbursed: money(row.distAmountUnreimbursed),
    archived_at: iso(row.archivedAt),
    returned_at: iso(row.returnedAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function serializeCategoryRef(row: CategoryRow | null) {
  return row ? { id: row.id, expense_category: row.expenseCategory } : null;
}

export function serializeExpense(
  row: ExpenseRow,
  category: CategoryRow | null,
  holdAccount: HoldAccountRow | null,
): TExpense {
  return {
    id: row.id,
    expense_report_id: row.expenseReportId,
    date: row.date,
    expense_code: row.expenseCode,
    category: serializeCategoryRef(category),
    description: row.description,
    field_currency: toDollars(centsFromDatabase(row.fieldCurrency)),
    exchange_rate: decimal(row.exchangeRate),
    currency: row.currency,
    usd_amount: toDollars(row.usdAmount),
    hold_account_id: row.holdAccountId,
    hold_account: holdAccount ? { id: holdAccount.id, fund_name: holdAccount.fundName } : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function serializeMileage(row: MileageRow, category: CategoryRow | null, distanceType: string): TMileage {
  const distance = parseDecimal(row.totalDistance);
  return {
    id: row.id,
    expense_report_id: row.expenseReportId,
    date: row.date,
    odometer_start: decimal(row.odometerStart),
    odometer_end: decimal(row.odometerEnd),
    total_distance: Number(row.totalDistance),
    distance: Number(row.totalDistance),
    /** The distance in miles (the unit of the mileage rate), or null while the report has no unit. */
    miles: distance && distanceType !== 'none' ? Number(formatMiles(distance, distanceType as 'km' | 'mi')) : null,
    total_cost: toDollars(row.totalCost),
    type: row.type,
    category: serializeCategoryRef(category),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Files are served only through the authorised route in file_url, never from a public path. */
export function serializeFile(row: FileRow): TFileUpload {
  return {
    id: row.id,
    expense_report_id: row.expenseReportId,
    filename: row.filename,
    file_url: `/api/fileUpload/${row.id}`,
    content_type: row.contentType,
    size_bytes: row.sizeBytes,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export type ReportSummary = ReturnType<typeof serializeReportSummary>;
