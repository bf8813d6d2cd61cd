import { z } from 'zod';
import {
  moneyField,
  optionalDate,
  optionalEnum,
  optionalFlag01,
  optionalId,
  optionalText,
  requiredText,
} from '../fields';
import { MESSAGES } from '../messages';
import { ADVANCE_STATUSES } from './states';

/**
 * POST /advance-request {amount_requested, type, hold_account_id, status requested, user_id,
 * date_submitted}: status and date_submitted are set by the server. `purpose` and `needed_by`
 * (decision 34) are optional here; the form requires the purpose. A second request for the same
 * amount on the same day answers 409 (ADVANCE_MESSAGES.duplicate) unless `confirm_duplicate` is 1.
 */
export const advanceRequestSchema = z.object({
  amount_requested: moneyField('Amount requested').refine(
    (cents) => cents > 0,
    'Amount requested must be greater than 0.',
  ),
  type: optionalId('Category'),
  hold_account_id: optionalId('Hold account'),
  user_id: optionalId('User'),
  purpose: optionalText('Purpose', 500),
  needed_by: optionalDate('Needed by'),
  confirm_duplicate: optionalFlag01('Confirm duplicate'),
});
export type AdvanceRequestInput = z.input<typeof advanceRequestSchema>;

/** The "Request an Advance" form (decision 34): the office needs to know what it is for. */
export const advanceRequestFormSchema = advanceRequestSchema.extend({ purpose: requiredText('Purpose', 500) });

/** PATCH /advance-request/{id} (form amount_approved, status approved): docs/product.md §5's one message. */
export const processAdvanceSchema = z.object({
  amount_approved: z
    .preprocess(
      (value) => (value === undefined || value === null || String(value).trim() === '' ? '0' : value),
      moneyField('Approved amount', { allowNegative: true }),
    )
    .refine((cents) => cents > 0, MESSAGES.approvedAmountZero),
  status: optionalEnum('Status', ['approved']),
  mat_date: optionalDate('MAT date'),
});
export type ProcessAdvanceInput = z.input<typeof processAdvanceSchema>;

/** The status filter of GET /paginated_advance_request. */
export const advanceStatusFilter = optionalEnum('Status', ADVANCE_STATUSES);
