import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { type Cents, formatUSD, toDollars } from '../../domain/money';
import { isStaff } from '../../domain/roles';
import { type HousingDesignationInput, MINISTER_FICA_MESSAGE } from '../../domain/users/minister';
import type { THousingAllowance } from '../../domain/year-end/contract';
import type { AuthUser } from '../auth/tokens';
import type { DbOrTx } from '../db/client';
import { distributions, housingAllowanceDesignations, profiles, users } from '../db/schema';
import { centsFromDatabase } from '../db/schema/columns';

/**
 * The minister part of the profile (decision 33, docs/decisions.md; docs/tax.md): the flag beside
 * the payroll fields, and the designations, kept in their own table and saved here so the profile
 * routes only call in.
 */

/** Housing allowance per calendar year of the user's approved distributions: excluded and taxable. */
async function housingByYear(db: DbOrTx, userId: number) {
  const rows = await db
    .select({
      year: sql<number>`extract(year from ${distributions.endDate})::int`,
      excluded: sql<string>`sum(${distributions.housingAllowanceExcluded})::text`,
      paid: sql<string>`sum(${distributions.housingAllowance})::text`,
    })
    .from(distributions)
    .where(and(eq(distributions.userId, userId), eq(distributions.status, 'approved')))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return new Map(
    rows.map((row) => [
      row.year,
      {
        excluded: centsFromDatabase(row.excluded),
        taxable: centsFromDatabase(row.paid) - centsFromDatabase(row.excluded),
      },
    ]),
  );
}

/** FICA may not be ticked on a minister's profile (as it will be: what is sent over what is stored). */
export function refuseFicaForMinister(
  input: { minister?: boolean; fica_tax?: boolean },
  stored: { minister: boolean; ficaTax: boolean } | null,
) {
  if (input.minister === undefined && input.fica_tax === undefined) return;
  const minister = input.minister ?? stored?.minister ?? false;
  const fica = input.fica_tax ?? stored?.ficaTax ?? false;
  if (minister && fica) throw AppError.field('fica_tax', MINISTER_FICA_MESSAGE);
}

/**
 * Replaces the user's designations with the list sent. A designation may not drop below what
 * approved distributions already excluded under it, nor be removed while anything was (422 under
 * the list's entry, naming the amount).
 */
export async function saveDesignations(tx: DbOrTx, userId: number, list: readonly HousingDesignationInput[]) {
  const paid = await housingByYear(tx, userId);
  const stored = await tx
    .select()
    .from(housingAllowanceDesignations)
    .where(eq(housingAllowanceDesignations.userId, userId));
  list.forEach((designation, index) => {
    const excluded = paid.get(designation.year)?.excluded ?? 0;
    if (designation.amount < excluded) {
      throw AppError.field(
        `housing_allowance_designations.${index}.amount`,
        `${formatUSD(excluded)} was already excluded under the ${designation.year} designation: it cannot be less.`,
      );
    }
  });
  for (const old of stored) {
    const excluded = paid.get(old.year)?.excluded ?? 0;
    if (excluded > 0 && !list.some((designation) => designation.year === old.year)) {
      throw AppError.field(
        'housing_allowance_designations',
        `The ${old.year} designation cannot be removed: ${formatUSD(excluded)} was already excluded under it.`,
      );
    }
  }
  await tx.delete(housingAllowanceDesignations).where(eq(housingAllowanceDesignations.userId, userId));
  if (list.length > 0) {
    await tx.insert(housingAllowanceDesignations).values(
      list.map((designation) => ({
        userId,
        year: designation.year,
        amount: designation.amount,
        approvedOn: designation.approved_on,
      })),
    );
  }
}

/** GET /user/{id}/housing-allowance: staff any user, a missionary their own. */
export async function readHousingAllowance(db: DbOrTx, viewer: AuthUser, userId: number): Promise<THousingAllowance> {
  const [user] = await db
    .select({ id: users.id, minister: profiles.minister })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!user) throw AppError.notFound('User not found.');
  if (!isStaff(viewer.role) && viewer.id !== userId) throw AppError.forbidden();
  const designations = await db
    .select()
    .from(housingAllowanceDesignations)
    .where(eq(housingAllowanceDesignations.userId, userId))
    .orderBy(housingAllowanceDesignations.year);
  const byYear = await housingByYear(db, userId);
  const money = (cents: Cents) => toDollars(cents);
  return {
    user_id: userId,
    minister: user.minister ? 1 : 0,
    designations: designations.map((d) => {
      const excluded = byYear.get(d.year)?.excluded ?? 0;
      return {
        year: d.year,
        amount: money(d.amount),
        approved_on: d.approvedOn,
        paid: money(excluded),
        left: money(Math.max(0, d.amount - excluded)),
      };
    }),
    taxable: [...byYear]
      .filter(([, figures]) => figures.taxable > 0)
      .map(([year, figures]) => ({ year, amount: money(figures.taxable) })),
  };
}
