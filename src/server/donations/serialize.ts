import type { TDonation, TMissionaryTotal } from '../../domain/donations/contract';
import {
  boundedMissionaryTotals,
  type ImportPreview,
  type MissionaryTotal,
} from '../../domain/donations/import-preview';
import { toDollars } from '../../domain/money';
import type { donations } from '../db/schema';

type DonationRow = typeof donations.$inferSelect;

/**
 * docs/product.md §3 Donation: money in dollars, approved 0/1. Donors' names go to staff only (decision
 * 24 of docs/decisions.md): pass `showDonor` false for a missionary.
 */
export function serializeDonation(row: DonationRow, showDonor = true): TDonation {
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
    donor_name: showDonor ? row.donorName : null,
    gift_date: row.giftDate,
    created_at: row.createdAt.toISOString(),
  };
}

export type SerializedDonation = ReturnType<typeof serializeDonation>;

/** Each list of the preview holds at most this many rows (decision 18, docs/decisions.md). */
export const PREVIEW_ROWS_LIMIT = 1000;

/** The preview's wire shape (snake_case, dollars); lists are cut at PREVIEW_ROWS_LIMIT. */
export function serializePreview(preview: ImportPreview, extra: { mappingId: number | null; month: string | null }) {
  const first = <T>(rows: readonly T[]) => rows.slice(0, PREVIEW_ROWS_LIMIT);
  const { columns } = preview;
  return {
    can_import: preview.canImport,
    file_errors: preview.fileErrors,
    ignored_headers: preview.ignoredHeaders,
    rows_limit: PREVIEW_ROWS_LIMIT,
    columns: {
      headers: columns.headers,
      sample: columns.sample,
      columns: columns.columns,
      unknown_headers: columns.unknownHeaders,
      mapping_needed: columns.mappingNeeded,
      mapping_id: extra.mappingId,
      amount_columns: columns.amountColumns,
      amount_column: columns.amountColumn,
      amount_choice_needed: columns.amountChoiceNeeded,
      month: extra.month,
    },
    skipped: first(preview.skipped).map((row) => ({
      row: row.rowNumber,
      fund_name: row.fund,
      donor: row.donor,
      amount: row.amountText,
      reason: row.reason,
    })),
    warnings: first(preview.warnings).map((row) => ({
      row: row.rowNumber,
      fund_name: row.fund,
      donor: row.donor,
      warnings: row.warnings,
    })),
    matched: first(preview.matched).map((row) => ({
      row: row.rowNumber,
      user_id: row.userId,
      user_name: row.userName,
      missionary_number: row.missionaryNumber,
      fund_name: row.fundName,
      hold_account_id: row.holdAccountId,
      amount: toDollars(row.amount),
      count: row.count,
      donor_name: row.donorName,
      gift_date: row.giftDate,
      matched_by: row.matchedBy,
    })),
    problems: first(preview.problems).map((row) => ({
      row: row.rowNumber,
      fund_name: row.fund,
      account_number: row.accountNumber,
      name: row.name,
      donor: row.donor,
      amount: row.amountText,
      reasons: row.reasons,
    })),
    totals: serializeTotals(preview, PREVIEW_ROWS_LIMIT),
  };
}

/** The import's answer lists this many missionaries at most: about 3 KB (decisions 12 and 18). */
export const ANSWER_MISSIONARIES_LIMIT = 20;

function serializeMissionaryTotal(total: MissionaryTotal): TMissionaryTotal {
  return {
    user_id: total.userId,
    user_name: total.userName,
    missionary_number: total.missionaryNumber,
    rows: total.rows,
    count: total.count,
    donors: total.donors,
    general: toDollars(total.general),
    designated: toDollars(total.designated),
    total: toDollars(total.total),
  };
}

/** Per-missionary (the largest `limit`, and the others added up) and grand control totals. */
export function serializeTotals(preview: ImportPreview, limit: number) {
  const { listed, others } = boundedMissionaryTotals(preview.byMissionary, limit);
  return {
    by_missionary: listed.map(serializeMissionaryTotal),
    missionaries: preview.byMissionary.length,
    by_missionary_limit: limit,
    others: others && {
      missionaries: others.missionaries,
      rows: others.rows,
      count: others.count,
      general: toDollars(others.general),
      designated: toDollars(others.designated),
      total: toDollars(others.total),
    },
    grand: {
      rows: preview.grand.rows,
      matched_rows: preview.grand.matchedRows,
      problem_rows: preview.grand.problemRows,
      count: preview.grand.count,
      skipped_rows: preview.grand.skippedRows,
      skipped_count: preview.grand.skippedCount,
      skipped_total: toDollars(preview.grand.skippedTotal),
      warning_rows: preview.grand.warningRows,
      donors: preview.grand.donors,
      file_total: toDollars(preview.grand.fileTotal),
      matched_total: toDollars(preview.grand.matchedTotal),
    },
  };
}
