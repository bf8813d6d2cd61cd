import type { TAdvance } from '../../domain/advances/contract';
import { isoDateOf } from '../../domain/dates';
import { toDollars } from '../../domain/money';
import type { advanceRequests, categories, expenseReports, holdAccounts } from '../db/schema';

type AdvanceRow = typeof advanceRequests.$inferSelect;

export interface AdvanceJoins {
  user: { name: string; missionaryNumber: string | null };
  category: Pick<typeof categories.$inferSelect, 'id' | 'expenseCategory'> | null;
  holdAccount: Pick<typeof holdAccounts.$inferSelect, 'id' | 'fundName'> | null;
  report: Pick<
    typeof expenseReports.$inferSelect,
    'id' | 'submitted' | 'processed' | 'totalAmount' | 'cashReturned'
  > | null;
  /** When the distribution it references was approved (null while pending or none). */
  distributionApprovedAt: Date | null;
}

const money = (cents: number | null) => (cents === null ? null : toDollars(cents));

/** The wire shape of an advance request (docs/product.md §3 and §2.3's row fields); money in dollars. */
export function serializeAdvance(row: AdvanceRow, joins: AdvanceJoins): TAdvance {
  return {
    id: row.id,
    user_id: row.userId,
    user_name: joins.user.name,
    missionary_number: joins.user.missionaryNumber,
    status: row.status as 'requested' | 'approved' | 'submitted' | 'closed',
    amount_requested: toDollars(row.amountRequested),
    amount_approved: money(row.amountApproved),
    dist_amount_approved: money(row.distAmountApproved),
    approved: row.approved ? 1 : 0,
    type: row.type,
    category: joins.category ? { id: joins.category.id, expense_category: joins.category.expenseCategory } : null,
    purpose: row.purpose,
    needed_by: row.neededBy,
    hold_account_id: row.holdAccountId,
    hold_account: joins.holdAccount ? { id: joins.holdAccount.id, fund_name: joins.holdAccount.fundName } : null,
    distribution_id: row.distributionId,
    date_submitted: row.dateSubmitted,
    mat_date: row.matDate,
    // Paid once the distribution that paid it is approved (decision 14).
    paid_on:
      row.distAmountApproved !== null && joins.distributionApprovedAt ? isoDateOf(joins.distributionApprovedAt) : null,
    expense_report_id: row.expenseReportId,
    expense_report: joins.report
      ? {
          id: joins.report.id,
          submitted: joins.report.submitted ? 1 : 0,
          processed: joins.report.processed ? 1 : 0,
          total_amount: toDollars(joins.report.totalAmount),
          cash_returned: toDollars(joins.report.cashReturned),
        }
      : null,
    archived_at: row.archivedAt ? row.archivedAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export type SerializedAdvance = ReturnType<typeof serializeAdvance>;
