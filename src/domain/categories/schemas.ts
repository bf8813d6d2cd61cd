import { z } from 'zod';
import { optionalFlag01 } from '../fields';
import { MESSAGES } from '../messages';

const text = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim() : (value ?? '')),
  z.string().max(255, 'At most 255 characters.'),
);

/** Category add and update: both texts are required, with docs/product.md §5's one message. */
export const categorySchema = z
  .object({
    expense_category: text,
    description: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim() : (value ?? '')),
      z.string().max(2000, 'At most 2000 characters.'),
    ),
    advance: optionalFlag01('Advance'),
    expense: optionalFlag01('Expense'),
    mileage: optionalFlag01('Mileage'),
  })
  .superRefine((input, ctx) => {
    if (input.expense_category === '' || input.description === '') {
      for (const field of ['expense_category', 'description'] as const) {
        if (input[field] === '')
          ctx.addIssue({ code: 'custom', path: [field], message: MESSAGES.categoryFieldsRequired });
      }
    }
  });
export type CategoryInput = z.input<typeof categorySchema>;

/** Which lists a category appears in (expense codes, mileage types, advance types). */
export type CategoryUse = 'expense' | 'mileage' | 'advance';
