import { z } from 'zod';
import { flag01, moneyField } from '../fields';
import { MESSAGES } from '../messages';

export const UPLOAD_NAME_MAX = 100;

/** POST /donation/denari-upload fields besides the file (which travels as `denari`, or `file`). */
export const donationUploadSchema = z.object({
  upload_name: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : ''),
    z
      .string()
      .min(1, MESSAGES.uploadNameRequired)
      .max(UPLOAD_NAME_MAX, `Upload Name must be at most ${UPLOAD_NAME_MAX} characters.`),
  ),
  preview: z.preprocess((value) => value ?? false, flag01('Preview')),
});

/** Number of gifts: a whole number, zero or more. */
export function countField(label = 'Count') {
  return z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z
      .union([z.string(), z.number()], {
        error: (issue) =>
          issue.input === undefined || issue.input === ''
            ? `${label} is required.`
            : `${label} must be a whole number.`,
      })
      .refine((value) => value !== '', `${label} is required.`)
      .transform((value) => Number(value))
      .refine((value) => Number.isSafeInteger(value), `${label} must be a whole number.`)
      .refine((value) => value >= 0, `${label} cannot be negative.`)
      .refine((value) => value <= 2_147_483_647, `${label} is too large.`),
  );
}

/** PATCH /donation/{id}: amount (refunds may be negative) and count. */
export const updateDonationSchema = z.object({
  amount: moneyField('Amount', { allowNegative: true }),
  count: countField('Count'),
});
export type UpdateDonationInput = z.input<typeof updateDonationSchema>;

/** PATCH /donation/{id}/approve: designated donations only. */
export const approveDonationSchema = z.object({ approved: flag01('Approved') });
