import { z } from 'zod';
import { formatUSDate, type IsoDate } from '../dates';
import { dateField, idField } from '../fields';
import type { PayoutMethod } from './bank-details';
import type { LineStatus } from './line-status';
import { CHECK_VOID, returnReason, returnReasonsOf } from './return-reasons';

/**
 * Recording a returned payment (docs/payments.md "Returns"). An ACH entry comes back with a NACHA
 * return reason code R01–R85; a wire comes back with an ISO 20022 return reason (the codes banks put
 * in a pacs.004); a check that is never cashed is voided. The codes and their meanings are the one
 * table of return-reasons.ts.
 */

const ACH_CODE = /^R(0[1-9]|[1-7]\d|8[0-5])$/;

export const recordReturnSchema = z.object({
  line_id: idField('Line'),
  code: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
    z
      .string({ error: 'Code is required.' })
      .min(1, 'Code is required.')
      .refine(
        (code) => ACH_CODE.test(code) || returnReason('wire', code) !== null || code === CHECK_VOID,
        'Code must be an ACH return code R01–R85, a wire return reason (e.g. AC04), or VOID for a check.',
      ),
  ),
  date: dateField('Date'),
});
export type RecordReturnInput = z.input<typeof recordReturnSchema>;

/** "R03 No account, or unable to locate account", "AC04 Closed account number", "R48" (a code no reason names). */
export function returnLabel(code: string): string {
  const name = returnReason('ach', code) ?? returnReason('wire', code) ?? returnReason('check', code);
  return name ? `${code} ${name}` : code;
}

/**
 * Why a return cannot be recorded on this line (409 or a 422 on a field), or null when it can. The
 * date is the day the bank returned the payment: between the release and `today`, as a bank reports
 * a return only after it happened.
 */
export function returnRefusal(
  line: { status: LineStatus; method: PayoutMethod },
  batch: { status: string; releasedOn: IsoDate | null },
  input: { code: string; date: IsoDate },
  today: IsoDate,
): { field?: 'code' | 'date'; message: string } | null {
  if (batch.status !== 'released' || batch.releasedOn === null)
    return { message: 'Only a released batch has payments that can come back: leave the line out instead.' };
  if (line.status === 'returned') return { message: 'This payment has already been recorded as returned.' };
  if (line.status !== 'paid')
    return {
      message:
        'This line paid nothing in this batch (held, left for a prenote, or not paid), so nothing can come back.',
    };
  if (input.date < batch.releasedOn)
    return { field: 'date', message: `The date must be on or after the release, ${formatUSDate(batch.releasedOn)}.` };
  if (input.date > today)
    return {
      field: 'date',
      message: `The date cannot be in the future: the bank's return date is today, ${formatUSDate(today)}, or earlier.`,
    };
  const fits =
    line.method === 'ach'
      ? ACH_CODE.test(input.code)
      : line.method === 'wire'
        ? returnReason('wire', input.code) !== null
        : input.code === CHECK_VOID;
  if (!fits) {
    const expected =
      line.method === 'ach'
        ? 'an ACH return code R01–R85'
        : line.method === 'wire'
          ? 'a wire return reason such as AC04'
          : 'VOID';
    return { field: 'code', message: `This line was paid by ${line.method}: the code must be ${expected}.` };
  }
  return null;
}

/**
 * The codes a return of a line paid by this method may carry, with their meaning, for a list to choose
 * from: every NACHA return code for ACH, the ISO reasons for a wire, VOID for a check.
 */
export function returnCodeChoices(method: PayoutMethod): Array<{ code: string; label: string }> {
  return Object.entries(returnReasonsOf(method)).map(([code, name]) => ({ code, label: `${code} ${name}` }));
}
