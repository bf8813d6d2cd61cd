import type { IsoDate } from '../dates';
import { AppError } from '../errors';
import { type Cents, toDollars } from '../money';
import { type PayrollInputsWire, payrollInputsToWire } from './payroll-inputs';
import { type DistributionRequest, distributionRequestSchema } from './schemas';

/**
 * The distribution payload on the wire: what POST /distribution takes and GET returns as `payload`
 * (`payloadToWire`), and its parser (`parsePayload`). The model itself is context.ts.
 */

export interface DistributionTransactionWire {
  hold_account_id: number | null;
  transaction_type: 'Deposit' | 'Transfer' | 'Withdrawal' | null;
  transaction_amount: number;
  amount_approved: number | null;
  approved: 0 | 1;
  recurring: 0 | 1;
  description: string | null;
  expense_id?: number;
  donation_id?: number;
}

export interface DistributionRequestWire extends PayrollInputsWire {
  user_id: number;
  start_date: IsoDate;
  end_date: IsoDate;
  /** The first of donation_upload_names (the older single name). */
  donation_upload_name: string | null;
  donation_upload_names: string[];
  approved_donation_ids: number[];
  hold_account_transactions: DistributionTransactionWire[];
  advance_requests: Array<{ id: number; amount_approved: number | null }>;
  manual_ministry_reimbursement: number;
  manual_ministry_advance: number;
  mid_month_disbursement: number;
  comments: string | null;
}

export const dollarsOrNull = (cents: Cents | null | undefined) =>
  cents === null || cents === undefined ? null : toDollars(cents);

/** The parsed payload back to its JSON body (dollars, 0/1 flags); `distributionRequestSchema` reads it back. */
export function payloadToWire(payload: DistributionRequest): DistributionRequestWire {
  return {
    user_id: payload.user_id,
    start_date: payload.start_date,
    end_date: payload.end_date,
    donation_upload_name: payload.donation_upload_names[0] ?? null,
    donation_upload_names: [...payload.donation_upload_names],
    approved_donation_ids: [...payload.approved_donation_ids],
    hold_account_transactions: payload.hold_account_transactions.map((row) => ({
      hold_account_id: row.hold_account_id ?? null,
      transaction_type: row.transaction_type ?? null,
      transaction_amount: toDollars(row.transaction_amount),
      amount_approved: dollarsOrNull(row.amount_approved),
      approved: row.approved ? 1 : 0,
      recurring: row.recurring ? 1 : 0,
      description: row.description ?? null,
      ...(row.expense_id !== undefined && { expense_id: row.expense_id }),
      ...(row.donation_id !== undefined && { donation_id: row.donation_id }),
    })),
    advance_requests: payload.advance_requests.map((row) => ({
      id: row.id,
      amount_approved: dollarsOrNull(row.amount_approved),
    })),
    manual_ministry_reimbursement: toDollars(payload.manual_ministry_reimbursement),
    manual_ministry_advance: toDollars(payload.manual_ministry_advance),
    mid_month_disbursement: toDollars(payload.mid_month_disbursement),
    ...payrollInputsToWire(payload),
    comments: payload.comments ?? null,
  };
}

/** Parses a payload (wire form, JSON or form fields) with the shared schema; 422 with field errors. */
export function parsePayload(value: unknown): DistributionRequest {
  const result = distributionRequestSchema.safeParse(value ?? {});
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : '_';
    errors[field] ??= [];
    if (!errors[field].includes(issue.message)) errors[field].push(issue.message);
  }
  throw AppError.validation(errors);
}
