import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../domain/errors';
import { MESSAGES } from '../../domain/messages';
import type { updateUserSchema } from '../../domain/users/schemas';
import type { AuthUser } from '../auth/tokens';
import type { AppContext } from '../context';
import { isUniqueViolation } from '../db/errors';
import { profiles, users } from '../db/schema';
import { postJournal, recordAudit } from '../journal/journal';
import { findUserRow } from './get-user';
import { serializeUser } from './serialize';

type UpdateUser = z.output<typeof updateUserSchema>;

/** POST /user/{id} (admin): basic and payroll fields; only the fields sent change. */
export async function updateUser(ctx: AppContext, actor: AuthUser, id: number, input: UpdateUser) {
  const now = ctx.clock.now();
  if (input.role !== undefined && id === actor.id && input.role !== actor.role) {
    throw AppError.field('role', 'You cannot change your own role.');
  }
  try {
    await ctx.db.transaction(async (tx) => {
      const existing = await findUserRow(tx, id);
      if (!existing) throw AppError.notFound('User not found.');
      const userChanges = definedOnly({
        name: input.name,
        email: input.email,
        role: input.role,
        missionaryNumber: input.missionary_number,
      });
      await tx
        .update(users)
        .set({ ...userChanges, updatedAt: now })
        .where(eq(users.id, id));
      const profileChanges = definedOnly({
        taxStatus: input.tax_status,
        ficaTax: input.fica_tax,
        retirementAmount: input.retirement_amount,
        netSalary: input.net_salary,
        socialSecurity: input.social_security,
        medicare: input.medicare,
        federalIncomeTax: input.federal_income_tax,
        wireFee: input.wire_fee,
        housingAllowance: input.housing_allowance,
        insuranceAmount: input.insurance_amount,
        adminFeePercentage: input.admin_fee_percentage,
        adminFeeCap: input.admin_fee_cap,
        fundBalance: input.fund_balance,
      });
      if (Object.keys(profileChanges).length > 0) {
        await tx
          .insert(profiles)
          .values({ userId: id, ...profileChanges, updatedAt: now })
          .onConflictDoUpdate({ target: profiles.userId, set: { ...profileChanges, updatedAt: now } });
      }
      const before = existing.profile?.fundBalance ?? 0;
      if (input.fund_balance !== undefined && input.fund_balance !== before) {
        await postJournal(tx, {
          account: 'user_fund',
          accountId: id,
          amount: input.fund_balance - before,
          balanceAfter: input.fund_balance,
          reason: 'manual_adjustment',
          refType: 'user',
          refId: id,
          memo: 'Fund balance set on the payroll form',
          actorId: actor.id,
        });
      }
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'update',
        entityType: 'user',
        entityId: id,
        details: { fields: Object.keys(input) },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('validation', MESSAGES.emailTaken, { email: [MESSAGES.emailTaken] });
    throw error;
  }
  const row = await findUserRow(ctx.db, id);
  return serializeUser(row!.user, row!.profile);
}

function definedOnly<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}
