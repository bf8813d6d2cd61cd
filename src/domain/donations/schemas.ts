import { z } from 'zod';
import { flag01, hasNul, moneyField } from '../fields';
import { MESSAGES } from '../messages';
import { COLUMN_ROLES, type ColumnRole } from './columns';
import { isIsoMonth } from './gift-fields';

export const UPLOAD_NAME_MAX = 100;
export const HEADER_MAX = 200;
const MAPPING_MAX_COLUMNS = 200;

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
  columns: z.preprocess((value) => (value === '' ? undefined : value), columnMappingField().optional()),
  amount_column: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined),
    z.string().max(HEADER_MAX, `Amount column must be at most ${HEADER_MAX} characters.`).optional(),
  ),
  month: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined),
    z.string().refine(isIsoMonth, 'Month must be a month as YYYY-MM between 1900-01 and 2100-12.').optional(),
  ),
});

/**
 * A column mapping (decision 24, docs/decisions.md): header → role, as a JSON object or (in a multipart
 * form) its JSON text.
 */
export function columnMappingField() {
  return z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value);
      } catch {
        return value;
      }
    },
    z
      .record(
        z
          .string()
          .min(1, 'A mapped header cannot be blank.')
          .max(HEADER_MAX, `Headers must be at most ${HEADER_MAX} characters.`)
          .refine((text) => !hasNul(text), 'Headers cannot contain NUL characters.'),
        z.string(),
        { error: 'Column mapping must be an object of header → meaning, e.g. {"Fund Amount": "amount"}.' },
      )
      .refine((mapping) => Object.keys(mapping).length <= MAPPING_MAX_COLUMNS, {
        message: `A mapping has at most ${MAPPING_MAX_COLUMNS} columns.`,
      })
      .refine((mapping) => Object.values(mapping).every((role) => ROLE_SET.has(role)), {
        message: `Each column maps to one of: ${COLUMN_ROLES.join(', ')}.`,
      })
      .transform((mapping) => mapping as Record<string, ColumnRole>),
  );
}

const ROLE_SET: ReadonlySet<string> = new Set(COLUMN_ROLES);

/** PUT /donation/column-mapping: the file's headers (in order) and what each one is. */
export const saveColumnMappingSchema = z.object({
  headers: z
    .array(z.string().max(HEADER_MAX, `Headers must be at most ${HEADER_MAX} characters.`), {
      error: "Headers must be a list of the file's column headers.",
    })
    .min(1, 'Headers must name at least one column.')
    .max(MAPPING_MAX_COLUMNS, `A file has at most ${MAPPING_MAX_COLUMNS} columns.`),
  columns: columnMappingField(),
  amount_column: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null),
    z.string().max(HEADER_MAX).nullable(),
  ),
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
