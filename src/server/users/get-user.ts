import { eq } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { isStaff } from '../../domain/roles';
import type { AuthUser } from '../auth/tokens';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { profiles, users } from '../db/schema';
import { getBankDetails } from '../payments/bank-details';
import { serializeUser } from './serialize';

export async function findUserRow(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ user: users, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, id));
  return row ?? null;
}

/** Staff read anyone; others only themselves. */
export async function getUser(ctx: AppContext, viewer: AuthUser, id: number) {
  if (!isStaff(viewer.role) && viewer.id !== id) throw AppError.forbidden();
  const row = await findUserRow(ctx.db, id);
  if (!row) throw AppError.notFound('User not found.');
  return { ...serializeUser(row.user, row.profile), bank_details: await getBankDetails(ctx, viewer, id) };
}
