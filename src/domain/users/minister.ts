import { z } from 'zod';
import { dateField, moneyField, optionalFlag01 } from '../fields';
import { MAX_TAX_YEAR, MIN_TAX_YEAR } from '../year-end/tax-years';

/**
 * The minister fields of POST /user/{id} (decision 33, docs/decisions.md; docs/tax.md): the flag and
 * the board's housing allowance designations, one per calendar year. The list, when sent, is the
 * whole list: years left out are removed.
 */
export const MINISTER_FICA_MESSAGE = 'Ministers pay self-employment tax: FICA is not withheld for them.';

export const housingDesignationSchema = z.object({
  year: z.coerce
    .number({ message: 'Year must be a number.' })
    .int('Year must be a whole number.')
    .min(MIN_TAX_YEAR, `Year must be ${MIN_TAX_YEAR} or later.`)
    .max(MAX_TAX_YEAR, `Year must be ${MAX_TAX_YEAR} or earlier.`),
  amount: moneyField('Designated amount'),
  approved_on: dateField('Approved on'),
});

export const ministerFieldsSchema = z.object({
  minister: optionalFlag01('Minister'),
  housing_allowance_designations: z
    .array(housingDesignationSchema, { message: 'Housing allowance designations must be a list.' })
    .max(50, 'At most 50 designations.')
    .superRefine((list, ctx) => {
      const seen = new Set<number>();
      list.forEach((designation, index) => {
        if (seen.has(designation.year)) {
          ctx.addIssue({ code: 'custom', path: [index, 'year'], message: `${designation.year} is designated twice.` });
        }
        seen.add(designation.year);
      });
    })
    .optional(),
});

export type HousingDesignationInput = z.output<typeof housingDesignationSchema>;
