import { z } from 'zod';
import { formatUSDate, type IsoDate } from '../dates';
import { dateField, idField } from '../fields';
import type { PayoutMethod } from './bank-details';
import type { LineStatus } from './line-status';
import { ACH_RETURN_REASONS } from './return-reasons';

/**
 * Returned payments (docs/payments.md "Returns"). An ACH entry comes back with a NACHA return reason
 * code R01–R85; a wire comes back with an ISO 20022 return reason (the codes banks put in a pacs.004);
 * a check that is never cashed is voided.
 */

/** The NACHA return codes most offices meet, named; any R01–R85 is accepted. */
export const ACH_RETURN_NAMES: Record<string, string> = {
  R01: 'Insufficient funds',
  R02: 'Account closed',
  R03: 'No account / unable to locate account',
  R04: 'Invalid account number',
  R06: 'Returned per ODFI request',
  R07: 'Authorization revoked by customer',
  R08: 'Payment stopped',
  R10: 'Customer advises not authorized',
  R13: 'Invalid ACH routing number',
  R14: 'Representative payee deceased',
  R15: 'Beneficiary or account holder deceased',
  R16: 'Account frozen',
  R17: 'File record edit criteria',
  R20: 'Non-transaction account',
  R23: 'Credit entry refused by receiver',
  R24: 'Duplicate entry',
  R29: 'Corporate customer advises not authorized',
};

/** ISO 20022 return reasons of a wire (ExternalReturnReason1Code). */
export const WIRE_RETURN_REASONS: Record<string, string> = {
  AC01: 'Incorrect account number',
  AC03: 'Invalid creditor account number',
  AC04: 'Closed account number',
  AC06: 'Blocked account',
  AG01: 'Transaction forbidden',
  AM05: 'Duplication',
  BE01: 'Inconsistent with end customer',
  BE04: 'Missing creditor address',
  FOCR: 'Following cancellation request',
  MS02: 'Not specified reason (customer)',
  MS03: 'Not specified reason (agent)',
  RC01: 'Bank identifier incorrect',
  RR01: 'Missing debtor account or identification',
  RR02: 'Missing debtor name or address',
  RR03: 'Missing creditor name or address',
  RR04: 'Regulatory reason',
};

export const CHECK_VOID = 'VOID';

const ACH_CODE = /^R(0[1-9]|[1-7]\d|8[0-5])$/;

export const recordReturnSchema = z.object({
  line_id: idField('Line'),
  code: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
    z
      .string({ error: 'Code is required.' })
      .min(1, 'Code is required.')
      .refine(
        (code) => ACH_CODE.test(code) || code in WIRE_RETURN_REASONS || code === CHECK_VOID,
        'Code must be an ACH return code R01–R85, a wire return reason (e.g. AC04), or VOID for a check.',
      ),
  ),
  date: dateField('Date'),
});
export type RecordReturnInput = z.input<typeof recordReturnSchema>;

/** "R03 No account / unable to locate account", "AC04 Closed account number", "R41". */
export function returnLabel(code: string): string {
  const name = ACH_RETURN_NAMES[code] ?? WIRE_RETURN_REASONS[code] ?? (code === CHECK_VOID ? 'Check voided' : null);
  return name ? `${code} ${name}` : code;
}

/** Why a return cannot be recorded on this line (409 or a 422 on a field), or null when it can. */
export function returnRefusal(
  line: { status: LineStatus; method: PayoutMethod },
  batch: { status: string; releasedOn: IsoDate | null },
  input: { code: string; date: IsoDate },
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
  const fits =
    line.method === 'ach'
      ? ACH_CODE.test(input.code)
      : line.method === 'wire'
        ? input.code in WIRE_RETURN_REASONS
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
  const table =
    method === 'ach'
      ? ACH_RETURN_REASONS
      : method === 'wire'
        ? WIRE_RETURN_REASONS
        : method === 'check'
          ? { [CHECK_VOID]: 'Check voided (never cashed)' }
          : {};
  return Object.entries(table).map(([code, name]) => ({ code, label: `${code} ${name}` }));
}
