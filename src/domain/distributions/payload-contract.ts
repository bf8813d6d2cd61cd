import { z } from 'zod';
import { ZDate, ZDollars, ZFlag, ZId } from '../contract';
import { TRANSACTION_TYPES } from '../hold-accounts/schemas';
import { TAX_STATUSES } from '../users/schemas';
import { PAYROLL_MONEY_INPUTS, type PayrollMoneyInput } from './payroll-inputs';

/** The saved payload's answer shape (GET /distribution/{id} `payload`, the context's `distribution.payload`). */
const payrollMoneyInputs = Object.fromEntries(
  PAYROLL_MONEY_INPUTS.map((input) => [input.name, ZDollars.optional()]),
) as Record<PayrollMoneyInput, ReturnType<typeof ZDollars.optional>>;

/** The staff's choices as saved (dollars, 0/1 flags); POST /distribution reads the same shape. */
export const ZDistributionPayloadSchema = z.object({
  user_id: ZId,
  start_date: ZDate,
  end_date: ZDate,
  donation_upload_name: z.string().nullable(),
  donation_upload_names: z.array(z.string()),
  approved_donation_ids: z.array(ZId),
  hold_account_transactions: z.array(
    z.object({
      hold_account_id: ZId.nullable(),
      transaction_type: z.enum(TRANSACTION_TYPES).nullable(),
      transaction_amount: ZDollars,
      amount_approved: ZDollars.nullable(),
      approved: ZFlag,
      recurring: ZFlag,
      description: z.string().nullable(),
      expense_id: ZId.optional(),
      donation_id: ZId.optional(),
    }),
  ),
  advance_requests: z.array(z.object({ id: ZId, amount_approved: ZDollars.nullable() })),
  manual_ministry_reimbursement: ZDollars,
  manual_ministry_advance: ZDollars,
  mid_month_disbursement: ZDollars,
  /** Decision 13: this month's payroll inputs, present only when the payload set them (else the profile's). */
  tax_status: z.enum(TAX_STATUSES).optional(),
  fica_tax: ZFlag.optional(),
  ...payrollMoneyInputs,
  comments: z.string().nullable(),
});

export type TDistributionPayload = z.infer<typeof ZDistributionPayloadSchema>;
