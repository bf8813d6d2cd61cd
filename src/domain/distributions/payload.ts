import { AppError } from '../errors';
import { MESSAGES } from '../messages';
import type { Cents } from '../money';
import { manualDescription, recurringDescription } from './recurring';
import type { DistributionAdvancePayload, DistributionTransactionPayload } from './schemas';
import type { AdvanceRequestInput, DonationInput, TransactionRequest } from './types';

/**
 * From the parsed payload (schemas.ts) and the rows the caller loaded to the engine's input. The
 * form (preview) and the server (recompute) both go through these, so they read the staff's choices
 * the same way.
 */

/**
 * The requested hold-account rows. Rows carrying an expense_id or a donation_id are dropped: the
 * engine derives those from the reports and the ticked donations, so a round-tripped list can
 * never count them twice, and a client cannot invent or resize them.
 */
export function transactionRequestsFromPayload(rows: readonly DistributionTransactionPayload[]): TransactionRequest[] {
  return rows
    .filter((row) => row.expense_id === undefined && row.donation_id === undefined)
    .map((row) => ({
      accountId: row.hold_account_id ?? null,
      type: row.transaction_type ?? null,
      amount: row.transaction_amount,
      amountApproved: row.amount_approved,
      approved: row.approved,
      recurring: row.recurring,
      description:
        row.description ??
        (row.transaction_type ? (row.recurring ? recurringDescription : manualDescription)(row.transaction_type) : ''),
    }));
}

export interface LoadedDonation {
  id: number;
  amount: Cents;
  holdAccountId: number | null;
  fundName?: string | null;
}

/** The upload's donations with the ticked (approved) ones marked; unknown ticked ids are refused. */
export function donationInputs(donations: readonly LoadedDonation[], approvedIds: readonly number[]): DonationInput[] {
  const known = new Set(donations.map((donation) => donation.id));
  approvedIds.forEach((id, index) => {
    if (!known.has(id)) throw AppError.field(`approved_donation_ids.${index}`, MESSAGES.donationNotInDistribution);
  });
  const approved = new Set(approvedIds);
  return donations.map((donation) => ({
    id: donation.id,
    amount: donation.amount,
    holdAccountId: donation.holdAccountId,
    fundName: donation.fundName ?? null,
    approved: approved.has(donation.id),
  }));
}

export interface LoadedAdvance {
  id: number;
  amountRequested: Cents;
  /** Set earlier by PATCH /advance-request (staff approval outside a distribution), else null. */
  amountApproved: Cents | null;
}

/**
 * The user's open advance requests with the ticked ones marked. An amount typed in the form wins
 * over one approved earlier; unknown ticked ids are refused.
 */
export function advanceInputs(
  advances: readonly LoadedAdvance[],
  ticked: readonly DistributionAdvancePayload[],
): AdvanceRequestInput[] {
  const known = new Set(advances.map((advance) => advance.id));
  ticked.forEach((row, index) => {
    if (!known.has(row.id)) throw AppError.field(`advance_requests.${index}.id`, MESSAGES.advanceNotInDistribution);
  });
  const byId = new Map(ticked.map((row) => [row.id, row]));
  return advances.map((advance) => {
    const row = byId.get(advance.id);
    return {
      id: advance.id,
      amountRequested: advance.amountRequested,
      amountApproved: row?.amount_approved ?? advance.amountApproved,
      approved: row !== undefined,
    };
  });
}
