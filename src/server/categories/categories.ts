import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { TCategory } from '../../domain/categories/contract';
import type { categorySchema } from '../../domain/categories/schemas';
import { AppError } from '../../domain/errors';
import { MESSAGES } from '../../domain/messages';
import type { Db, DbOrTx } from '../db/client';
import { isForeignKeyViolation } from '../db/errors';
import { categories } from '../db/schema';
import { recordAudit } from '../journal/journal';

type CategoryRow = typeof categories.$inferSelect;
type CategoryInput = z.output<typeof categorySchema>;

export function serializeCategory(row: CategoryRow): TCategory {
  return {
    id: row.id,
    expense_category: row.expenseCategory,
    description: row.description,
    advance: row.advance ? 1 : 0,
    expense: row.expense ? 1 : 0,
    mileage: row.mileage ? 1 : 0,
  };
}

export async function listCategories(db: DbOrTx) {
  const rows = await db.select().from(categories).orderBy(asc(categories.expenseCategory), asc(categories.id));
  return rows.map(serializeCategory);
}

export async function createCategory(db: Db, actorId: number | null, input: CategoryInput) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(categories)
      .values({
        expenseCategory: input.expense_category,
        description: input.description,
        advance: input.advance ?? false,
        expense: input.expense ?? false,
        mileage: input.mileage ?? false,
      })
      .returning();
    await recordAudit(tx, { actorId, action: 'create', entityType: 'category', entityId: row.id, details: input });
    return serializeCategory(row);
  });
}

/** Both texts are replaced; a flag left out keeps its value. */
export async function updateCategory(db: Db, actorId: number | null, id: number, input: CategoryInput, now: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(categories)
      .set({
        expenseCategory: input.expense_category,
        description: input.description,
        ...(input.advance !== undefined && { advance: input.advance }),
        ...(input.expense !== undefined && { expense: input.expense }),
        ...(input.mileage !== undefined && { mileage: input.mileage }),
        updatedAt: now,
      })
      .where(eq(categories.id, id))
      .returning();
    if (!row) throw AppError.notFound('Category not found.');
    await recordAudit(tx, { actorId, action: 'update', entityType: 'category', entityId: id, details: input });
    return serializeCategory(row);
  });
}

/** Categories used by expenses, mileage or advances stay, so past reports keep their meaning. */
export async function deleteCategory(db: Db, actorId: number | null, id: number) {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.delete(categories).where(eq(categories.id, id)).returning();
      if (!row) throw AppError.notFound('Category not found.');
      await recordAudit(tx, {
        actorId,
        action: 'delete',
        entityType: 'category',
        entityId: id,
        details: { expense_category: row.expenseCategory },
      });
      return serializeCategory(row);
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw AppError.conflict(MESSAGES.categoryInUse);
    throw error;
  }
}
