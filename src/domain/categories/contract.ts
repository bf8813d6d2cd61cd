import { z } from 'zod';
import { contracts, deleteRoute, ZFlag, ZId } from '../contract';
import { idField } from '../fields';
import { categorySchema } from './schemas';

export const ZCategorySchema = z
  .object({
    id: ZId,
    expense_category: z.string(),
    description: z.string(),
    advance: ZFlag,
    expense: ZFlag,
    mileage: ZFlag,
  })
  .meta({ id: 'Category' });
export type TCategory = z.infer<typeof ZCategorySchema>;

const ZCategoryIdParamsSchema = z.object({ id: idField('Category id') });

const update = {
  method: 'PATCH',
  summary: 'Update a category (admin).',
  request: { params: ZCategoryIdParamsSchema, body: categorySchema },
  responses: { 200: ZCategorySchema },
} as const;

export const categoriesContract = contracts('Categories', {
  listCategories: {
    method: 'GET',
    path: '/categories',
    summary: 'Every expense category (expense codes, mileage types, advance types).',
    request: {},
    responses: { 200: z.array(ZCategorySchema) },
  },
  createCategory: {
    method: 'POST',
    path: '/categories',
    summary: 'Add a category (admin).',
    request: { body: categorySchema },
    responses: { 201: ZCategorySchema },
  },
  updateCategory: { ...update, path: '/categories/:id/update' },
  /** The same update under /categories/{id}, for clients that PATCH the resource itself. */
  updateCategoryResource: { ...update, path: '/categories/:id' },
  deleteCategory: deleteRoute(
    '/categories/:id',
    'Delete a category no record uses (admin).',
    ZCategoryIdParamsSchema,
    ZCategorySchema,
  ),
});
