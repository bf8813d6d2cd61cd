import type { AdvanceStatus } from '../advances/states';
import type { IsoDate } from '../dates';
import { AppError } from '../errors';
import type { Role } from '../roles';
import type { Settings } from '../settings/settings';
import {
  advanceInputs,
  donationInputs,
  type LoadedAdvance,
  type LoadedDonation,
  transactionRequestsFromPayload,
} from './payload';
import { payrollProfileFor } from './payroll-inputs';
import type { YearToDate } from './payroll-year';
import { buildRecurringItems } from './recurring';
import type { PreviousFigures } from './review';
import type { DistributionRequest } from './schemas';
import type {
  DistributionInput,
  ExpenseReportInput,
  HoldAccountInput,
  PayrollProfile,
  TransactionRequest,
} from './types';
import { sameUploads } from './upload-names';

/**
 * The distribution context: everything the server loads for one user, one date range and one or
 * more donation uploads, and the ONE function (`buildDistributionInput`) that turns it plus the staff's
 * choices (the parsed POST/PATCH payload) into the engine's input. The Distribution Form previews
 * with `GET /api/distribution-context` → `contextFromWire` → `buildDistributionInput` →
 * `computeDistribution`; the server saves and approves with its own loaded context through the
 * very same function, so what staff see is what gets stored.
 *
 * Pure domain code: no I/O, no clock. Amounts are integer cents, rates exact `Decimal`s in percent;
 * the wire (`contextToWire` / `contextFromWire`) carries dollars, percentages as exact decimal
 * strings and dates as `YYYY-MM-DD` (docs/product.md §7).
 */

export interface ContextUser {
  id: number;
  name: string;
  email: string;
  role: Role;
  /** Shown as the field-worker number on the Summary card. */
  missionaryNumber: string | null;
}

/** A donation of the upload; `approved` is the flag staff may set beforehand (PATCH /donation/{id}/approve). */
export interface ContextDonation extends LoadedDonation {
  approved: boolean;
}

/** A reimbursement report the distribution pays (engine input plus what the form shows). */
export interface ContextExpenseReport extends ExpenseReportInput {
  dateSubmitted: IsoDate | null;
}

/** An advance request the staff may tick (engine input plus what the form shows). */
export interface ContextAdvance extends LoadedAdvance {
  /**
   * Decision 14 (docs/decisions.md): an advance approved outside a distribution stays payable until a
   * distribution pays it, whatever state its report is in (submitted, closed).
   */
  status: AdvanceStatus;
  dateSubmitted: IsoDate | null;
  /** The date the missionary is to receive it (null = not set). */
  matDate: IsoDate | null;
}

export interface ContextDistribution {
  id: number;
  status: 'pending' | 'approved';
  /** The staff's choices as saved (the parsed payload). */
  payload: DistributionRequest;
}

export interface DistributionContext {
  user: ContextUser;
  startDate: IsoDate;
  endDate: IsoDate;
  /** The uploads whose donations it holds (docs/distribution.md "Several uploads in a month"). */
  donationUploadNames: string[];
  profile: PayrollProfile;
  settings: Settings;
  /** Every donation of the uploads for this user, with fund names (general ones: null). */
  donations: ContextDonation[];
  /** The user's active hold accounts (plus any archived one an included expense is charged to). */
  holdAccounts: HoldAccountInput[];
  /**
   * The reimbursement reports the distribution pays: submitted, unprocessed, type reimbursement,
   * dated on or before the end date and not referenced by another distribution — plus, for a saved
   * pending distribution, the ones it already references. Oldest first.
   */
  expenseReports: ContextExpenseReport[];
  /** The advance requests that may be ticked (requested, or approved and unpaid whatever their report's state; not in another distribution). */
  advanceRequests: ContextAdvance[];
  /** The user's previous approved distribution's figures (review flags), or null. */
  previous: (PreviousFigures & { id: number }) | null;
  /** The saved distribution when editing or viewing one, else null. */
  distribution: ContextDistribution | null;
  /** The MAT date's calendar year so far (wage base, housing designation); absent: nothing capped. */
  yearToDate?: YearToDate;
}

// ---------------------------------------------------------------------------------------------
// From the context and the payload to the engine input

const STALE_CONTEXT =
  'The loaded data is for another field worker, date range or donation uploads. Reload it and try again.';

/** Whether a context was loaded for the user, dates and uploads the payload names. */
export function contextMatches(context: DistributionContext, payload: DistributionRequest): boolean {
  return (
    context.user.id === payload.user_id &&
    context.startDate === payload.start_date &&
    context.endDate === payload.end_date &&
    sameUploads(context.donationUploadNames, payload.donation_upload_names)
  );
}

/**
 * The engine input for the loaded context and the staff's choices. Refuses (409) a payload for a
 * different user, range or upload than the context was loaded for, and (422, via donationInputs /
 * advanceInputs) ticked donations or advances that are not in the context.
 */
export function buildDistributionInput(context: DistributionContext, payload: DistributionRequest): DistributionInput {
  if (!contextMatches(context, payload)) throw AppError.conflict(STALE_CONTEXT);
  return {
    user: { id: context.user.id, name: context.user.name, email: context.user.email },
    startDate: payload.start_date,
    endDate: payload.end_date,
    donationUploadNames: payload.donation_upload_names,
    // Decision 13: this month's payroll inputs over the profile (the profile itself never changes).
    profile: payrollProfileFor(context.profile, payload),
    settings: context.settings,
    donations: donationInputs(
      context.donations.map((donation) => ({
        id: donation.id,
        amount: donation.amount,
        holdAccountId: donation.holdAccountId,
        fundName: donation.fundName,
      })),
      payload.approved_donation_ids,
    ),
    holdAccounts: context.holdAccounts,
    transactions: transactionRequestsFromPayload(payload.hold_account_transactions),
    expenseReports: context.expenseReports.map((report) => ({
      id: report.id,
      date: report.date,
      totalAmount: report.totalAmount,
      holdAccountCharges: report.holdAccountCharges,
    })),
    advanceRequests: advanceInputs(
      context.advanceRequests.map((advance) => ({
        id: advance.id,
        amountRequested: advance.amountRequested,
        amountApproved: advance.amountApproved,
      })),
      payload.advance_requests,
    ),
    manual: {
      ministryReimbursement: payload.manual_ministry_reimbursement,
      ministryAdvance: payload.manual_ministry_advance,
      midMonthDisbursement: payload.mid_month_disbursement,
    },
    comments: payload.comments ?? null,
    ...(context.yearToDate ? { yearToDate: context.yearToDate } : {}),
  };
}

/**
 * What a new distribution starts with (the form's first render, and POST /batch-distributions).
 * What staff approved beforehand is always ticked: designated donations approved with PATCH
 * /donation/{id}/approve, and advance requests approved with PATCH /advance-request/{id}. Requested
 * advances, which still need a decision on the amount, are never ticked for staff.
 */
export interface InitialChoices {
  /** Tick every designated donation with a positive amount (deposit it into its hold account). */
  tickAllDesignatedDonations: boolean;
  /** Tick every recurring MAT Day item of the user's hold accounts. */
  tickRecurring: boolean;
}

/**
 * The choices POST /batch-distributions makes for everyone (docs/distribution.md "API and
 * approval"): designated donations (the donor's choice) and the accounts' recurring items (standing
 * instructions staff set on the account) are ticked. Every batch distribution is pending and is
 * reviewed — and can be edited — before approval.
 */
export const BATCH_CHOICES: InitialChoices = { tickAllDesignatedDonations: true, tickRecurring: true };

/** The form's defaults for a new distribution: only what was approved beforehand (docs/product.md §4). */
export const FORM_CHOICES: InitialChoices = { tickAllDesignatedDonations: false, tickRecurring: false };

/**
 * A complete payload for a context: one row per recurring MAT Day item of every hold account
 * (ticked or not), the designated donations and advances ticked as described above, no manual
 * amounts, no comments.
 */
export function initialPayload(context: DistributionContext, choices: InitialChoices): DistributionRequest {
  const recurring: TransactionRequest[] = context.holdAccounts.flatMap((account) => buildRecurringItems(account));
  return {
    user_id: context.user.id,
    start_date: context.startDate,
    end_date: context.endDate,
    donation_upload_name: context.donationUploadNames[0],
    donation_upload_names: [...context.donationUploadNames],
    approved_donation_ids: context.donations
      .filter(
        (donation) =>
          donation.holdAccountId !== null &&
          donation.amount > 0 &&
          (donation.approved || choices.tickAllDesignatedDonations),
      )
      .map((donation) => donation.id),
    hold_account_transactions: recurring.map((item) => ({
      hold_account_id: item.accountId ?? undefined,
      transaction_type: item.type ?? undefined,
      transaction_amount: item.amount,
      amount_approved: null,
      approved: choices.tickRecurring,
      recurring: true,
      description: item.description,
      expense_id: undefined,
      donation_id: undefined,
    })),
    advance_requests: context.advanceRequests
      .filter((advance) => advance.status !== 'requested' && advance.amountApproved !== null)
      .map((advance) => ({ id: advance.id, amount_approved: null })),
    manual_ministry_reimbursement: 0,
    manual_ministry_advance: 0,
    mid_month_disbursement: 0,
    comments: undefined,
  };
}

// The wire forms live beside the model; importers keep one entry point.
export {
  contextFromWire,
  contextToWire,
  type DistributionContextWire,
  distributionContextWireSchema,
} from './context-wire';
export {
  type DistributionRequestWire,
  type DistributionTransactionWire,
  parsePayload,
  payloadToWire,
} from './payload-wire';
