import { z } from 'zod';
import { ZCategorySchema } from '../categories/contract';
import { contracts, ZId } from '../contract';
import { SETUP_STEPS } from './checklist';

export const ZSetupChecklistSchema = z
  .object({
    steps: z.array(z.object({ key: z.enum(SETUP_STEPS), done: z.boolean() })),
    complete: z.boolean(),
    /** A missionary who still needs payroll info, for the payroll step's link. */
    missionary_without_payroll_id: ZId.nullable(),
  })
  .meta({ id: 'SetupChecklist' });
export type TSetupChecklist = z.infer<typeof ZSetupChecklistSchema>;

export const ZDefaultCategoriesResponseSchema = z
  .object({ added: z.number().int().nonnegative(), categories: z.array(ZCategorySchema) })
  .meta({ id: 'DefaultCategoriesAdded' });
export type TDefaultCategoriesResponse = z.infer<typeof ZDefaultCategoriesResponseSchema>;

export const setupContract = contracts('Setup', {
  getSetupChecklist: {
    method: 'GET',
    path: '/setup-checklist',
    summary: "The admin dashboard's setup checklist: each first-run step, ticked from the data (staff).",
    request: {},
    responses: { 200: ZSetupChecklistSchema },
  },
  addDefaultCategories: {
    method: 'POST',
    path: '/setup/default-categories',
    summary: 'Add the default expense, mileage and advance categories whose names are not taken yet (admin).',
    request: {},
    responses: { 200: ZDefaultCategoriesResponseSchema },
  },
});
