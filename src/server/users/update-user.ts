import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../domain/errors';
import { MESSAGES } from '../../domain/messages';
import type { Cents } from '../../domain/money';
import type { updateUserSchema } from '../../domain/users/schemas';
import { ficaRefusal, type TaxStatus } from '../../domain/users/tax-status';
import type { AuthUser } from '../auth/tokens';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { profiles, users } from '../db/schema';
import { postJournal, recordAudit } from '../journal/journal';
import { bankFieldsOf, changeBankDetails, getBankDetails } from '../payments/bank-details';
import { refuseFicaForMinister, saveDesignations } from '../year-end/housing';
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
      refuseFicaWithoutW2(input, existing.profile);
      refuseFicaForMinister(input, existing.profile);
      // Decision 14 (docs/decisions.md): the fund balance is read under a row lock (user, then profile — the
      // order approval takes them), so an approval committing meanwhile cannot slip between the
      // read and the journal row that records the difference.
      const lockedFund = input.fund_balance === undefined ? undefined : await lockFundBalance(tx, id);
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
        minister: input.minister,
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
      if (input.housing_allowance_designations) await saveDesignations(tx, id, input.housing_allowance_designations);
      const before = lockedFund ?? 0;
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
      const bank = bankFieldsOf(input);
      if (bank) await changeBankDetails(ctx, tx, actor, id, bank);
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
  return { ...serializeUser(row!.user, row!.profile), bank_details: await getBankDetails(ctx, actor, id) };
}

/**
 * FICA needs the tax status W2 (docs/decisions.md "Tax status and FICA"): W2 Exempt and 1099 owe
 * none, and without a tax status nobody has said FICA is owed, so the profile may not say it is. Checked
 * on the profile as it will be (what is sent over what is stored) whenever either field is sent, so
 * a 1099 profile cannot be ticked, nor a ticked one switched to 1099 without unticking it; a profile
 * stored that way earlier can still be edited in its other fields.
 */
function refuseFicaWithoutW2(input: UpdateUser, stored: { taxStatus: string | null; ficaTax: boolean } | null) {
  if (input.tax_status === undefined && input.fica_tax === undefined) return;
  const taxStatus =
    input.tax_status === undefined ? ((stored?.taxStatus ?? null) as TaxStatus | null) : input.tax_status;
  const ficaTax = input.fica_tax === undefined ? (stored?.ficaTax ?? false) : input.fica_tax;
  const refusal = ficaRefusal(taxStatus, ficaTax);
  if (refusal) throw AppError.field('fica_tax', refusal);
}

async function lockFundBalance(tx: Tx, userId: number): Promise<Cents> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  const [profile] = await tx
    .select({ fundBalance: profiles.fundBalance })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .for('no key update');
  return profile?.fundBalance ?? 0;
}

function definedOnly<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}
