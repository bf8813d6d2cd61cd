import { z } from 'zod';
import { moneyField, optionalDate, optionalEnum, optionalId } from '../fields';
import { MESSAGES } from '../messages';
import { ADVANCE_STATUSES } from './states';

/**
 * POST /advance-request {amount_requested, type, hold_account_id, status requested, user_id,
 * date_submitted}: status and date_submitted are set by the server.
 */
export const advanceRequestSchema = z.object({
  amount_requested: moneyField('Amount requested').refine(
    (cents) => cents > 0,
    'Amount requested must be greater than 0.',
  ),
  type: optionalId('Category'),
  hold_account_id: optionalId('Hold account'),
  user_id: optionalId('User'),
});
export type AdvanceRequestInput = z.input<typeof advanceRequestSchema>;

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
