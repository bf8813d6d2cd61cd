import type {
  DistributionStatus,
  TDistributionPayload,
  TDistributionSummary,
} from '../../domain/distributions/contract';
import type { ReviewFlag } from '../../domain/distributions/review';
import { STORED_MONEY_FIELDS, type StoredMoneyField } from '../../domain/distributions/types';
import { toDollars } from '../../domain/money';
import { columnOf, type DistributionRow } from './figures';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

type StoredPayload = Omit<TDistributionPayload, 'donation_upload_names'> & { donation_upload_names?: string[] };

/** A payload saved before distributions took several uploads names its one upload as a list of one. */
function payloadOf(input: StoredPayload): TDistributionPayload {
  const names = input.donation_upload_names ?? (input.donation_upload_name ? [input.donation_upload_name] : []);
  return { ...input, donation_upload_names: names };
}

/**
 * A distribution in lists (docs/product.md §3 fields without the JSON text lists and related objects):
 * money in dollars, fica_tax 0/1, the review flags, who approved it and when.
 */
export function serializeDistributionSummary(
  row: DistributionRow,
  user: { missionaryNumber: string | null },
): TDistributionSummary {
  const money = Object.fromEntries(
    STORED_MONEY_FIELDS.map((field) => [field, toDollars(row[columnOf(field)])]),
  ) as Record<StoredMoneyField, number>;
  return {
    id: row.id,
    status: row.status as DistributionStatus,
    user_id: row.userId,
    user_name: row.userName,
    user_email: row.userEmail,
    missionary_number: user.missionaryNumber,
    start_date: row.startDate,
    end_date: row.endDate,
    donation_upload_name: row.donationUploadName,
    donation_upload_names: row.donationUploadNames,
    ...money,
    // docs/product.md §3: the two names carry the same value.
    ministry_expense_reimbursement: money.ministry_reimbursement,
    ministry_expense_advance: money.ministry_advance,
    fica_tax: row.ficaTax ? 1 : 0,
    tax_status: row.taxStatus,
    comments: row.comments,
    review_flags: row.reviewFlags as ReviewFlag[],
    batch: row.batch ? 1 : 0,
    approved_at: iso(row.approvedAt),
    approved_by: row.approvedBy,
    reversed_at: iso(row.reversedAt),
    reversed_by: row.reversedBy,
    reversal_reason: row.reversalReason,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export type DistributionSummary = ReturnType<typeof serializeDistributionSummary>;

/**
 * GET /distribution/{id} without the related objects: the summary plus processedExpenseReports,
 * processedAdvanceRequests and hold_account_transactions as JSON text lists (docs/product.md §3) and the
 * saved `payload` (the staff's choices) the form rebuilds from.
 */
export function serializeDistributionDetail(row: DistributionRow, user: { missionaryNumber: string | null }) {
  return {
    ...serializeDistributionSummary(row, user),
    processedExpenseReports: JSON.stringify(row.processedExpenseReports),
    processedAdvanceRequests: JSON.stringify(row.processedAdvanceRequests),
    hold_account_transactions: JSON.stringify(row.holdAccountTransactions),
    // jsonb written by payloadToWire; the response schema checks it on the way out.
    payload: payloadOf(row.input as StoredPayload),
  };
}
