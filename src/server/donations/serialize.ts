import type { ImportPreview } from '../../domain/donations/import-preview';
import { toDollars } from '../../domain/money';
import type { donations } from '../db/schema';

type DonationRow = typeof donations.$inferSelect;

/** SPEC.md §3 Donation: money in dollars, approved 0/1. */
export function serializeDonation(row: DonationRow) {
  return {
    id: row.id,
    amount: toDollars(row.amount),
    count: row.count,
    user_id: row.userId,
    user_name: row.userName,
    fund_name: row.fundName,
    hold_account_id: row.holdAccountId,
    upload_id: row.uploadId,
    upload_name: row.uploadName,
    approved: row.approved ? 1 : 0,
    distribution_id: row.distributionId,
    created_at: row.createdAt.toISOString(),
  };
}

export type SerializedDonation = ReturnType<typeof serializeDonation>;

/** The preview's wire shape (snake_case, dollars). */
export function serializePreview(preview: ImportPreview) {
  return {
    can_import: preview.canImport,
    file_errors: preview.fileErrors,
    ignored_headers: preview.ignoredHeaders,
    matched: preview.matched.map((row) => ({
      row: row.rowNumber,
      user_id: row.userId,
      user_name: row.userName,
      missionary_number: row.missionaryNumber,
      fund_name: row.fundName,
      hold_account_id: row.holdAccountId,
      amount: toDollars(row.amount),
      count: row.count,
    })),
    problems: preview.problems.map((row) => ({
      row: row.rowNumber,
      fund_name: row.fund,
      account_number: row.accountNumber,
      name: row.name,
      amount: row.amountText,
      reasons: row.reasons,
    })),
    totals: serializeTotals(preview),
  };
}

/** Per-missionary and grand control totals. */
export function serializeTotals(preview: ImportPreview) {
  return {
    by_missionary: preview.byMissionary.map((total) => ({
      user_id: total.userId,
      user_name: total.userName,
      missionary_number: total.missionaryNumber,
      rows: total.rows,
      count: total.count,
      general: toDollars(total.general),
      designated: toDollars(total.designated),
      total: toDollars(total.total),
    })),
    grand: {
      rows: preview.grand.rows,
      matched_rows: preview.grand.matchedRows,
      problem_rows: preview.grand.problemRows,
      count: preview.grand.count,
      file_total: toDollars(preview.grand.fileTotal),
      matched_total: toDollars(preview.grand.matchedTotal),
    },
  };
}
