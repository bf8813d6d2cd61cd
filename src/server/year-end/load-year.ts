import { and, asc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import { addDays, type IsoDate, isoDateOf } from '../../domain/dates';
import type { Cents } from '../../domain/money';
import type { TaxStatus } from '../../domain/users/tax-status';
import type { ConfirmedAdvance, TaxYearFigures, YearEndDistribution } from '../../domain/year-end/figures';
import type { DbOrTx } from '../db/client';
import { advanceRequests, advanceWageConfirmations, distributions, taxYears, users } from '../db/schema';
import { centsFromDatabase } from '../db/schema/columns';

/** The year-end report's reads: one calendar year by MAT date (a distribution's end date). */

export const yearStart = (year: number): IsoDate => `${year}-01-01`;
export const yearEnd = (year: number): IsoDate => `${year}-12-31`;

/** The fields year end reads from a `distributions` row (the contributing fields of every figure). */
export const YEAR_END_COLUMNS = {
  id: distributions.id,
  userId: distributions.userId,
  userName: users.name,
  endDate: distributions.endDate,
  taxStatus: distributions.taxStatus,
  grossPayroll: distributions.grossPayroll,
  housingAllowance: distributions.housingAllowance,
  housingAllowanceExcluded: distributions.housingAllowanceExcluded,
  retirement: distributions.retirement,
  federalIncomeTax: distributions.federalIncomeTax,
  employeeSs: distributions.employeeSs,
  employeeMc: distributions.employeeMc,
  socialSecurityWages: distributions.socialSecurityWages,
  medicareWages: distributions.medicareWages,
};

/**
 * The year's approved distributions (a reversed one has the status `reversed`, so it is not read),
 * with the person's current name; one person's when `userId` is given.
 */
export async function loadYearDistributions(db: DbOrTx, year: number, userId?: number): Promise<YearEndDistribution[]> {
  const rows = await db
    .select(YEAR_END_COLUMNS)
    .from(distributions)
    .innerJoin(users, eq(users.id, distributions.userId))
    .where(
      and(
        eq(distributions.status, 'approved'),
        gte(distributions.endDate, yearStart(year)),
        lte(distributions.endDate, yearEnd(year)),
        userId === undefined ? undefined : eq(distributions.userId, userId),
      ),
    )
    .orderBy(asc(distributions.endDate), asc(distributions.id));
  return rows.map((row) => ({ ...row, taxStatus: row.taxStatus as TaxStatus | null }));
}

export async function loadTaxYear(db: DbOrTx, year: number): Promise<TaxYearFigures | null> {
  const [row] = await db.select().from(taxYears).where(eq(taxYears.year, year));
  return row ?? null;
}

export async function loadConfirmedAdvances(db: DbOrTx, year: number, userId?: number): Promise<ConfirmedAdvance[]> {
  return db
    .select({
      advanceId: advanceWageConfirmations.advanceRequestId,
      userId: advanceWageConfirmations.userId,
      userName: users.name,
      amount: advanceWageConfirmations.amount,
    })
    .from(advanceWageConfirmations)
    .innerJoin(users, eq(users.id, advanceWageConfirmations.userId))
    .where(
      and(
        eq(advanceWageConfirmations.year, year),
        userId === undefined ? undefined : eq(advanceWageConfirmations.userId, userId),
      ),
    )
    .orderBy(asc(advanceWageConfirmations.advanceRequestId));
}

/** An advance paid (its distribution approved) and not settled within 120 days (accountable plan). */
export interface OpenAdvance {
  advanceId: number;
  userId: number;
  userName: string;
  paidOn: IsoDate;
  dueOn: IsoDate;
  amount: number;
  confirmedAmount: number | null;
}

export const SETTLE_WITHIN_DAYS = 120;

/**
 * Advances whose 120th day after payment falls in the year and is past on `today`, still not closed
 * (no processed advance report), plus those already confirmed as wages for the year.
 */
export async function loadAdvancesToReview(db: DbOrTx, year: number, today: IsoDate): Promise<OpenAdvance[]> {
  const rows = await db
    .select({
      advanceId: advanceRequests.id,
      userId: advanceRequests.userId,
      userName: users.name,
      status: advanceRequests.status,
      archivedAt: advanceRequests.archivedAt,
      amount: advanceRequests.distAmountApproved,
      approvedAt: distributions.approvedAt,
      confirmedAmount: advanceWageConfirmations.amount,
      confirmedYear: advanceWageConfirmations.year,
    })
    .from(advanceRequests)
    .innerJoin(distributions, eq(distributions.id, advanceRequests.distributionId))
    .innerJoin(users, eq(users.id, advanceRequests.userId))
    .leftJoin(advanceWageConfirmations, eq(advanceWageConfirmations.advanceRequestId, advanceRequests.id))
    .where(and(eq(distributions.status, 'approved'), isNull(advanceRequests.archivedAt)))
    .orderBy(asc(users.name), asc(advanceRequests.id));
  const open: OpenAdvance[] = [];
  for (const row of rows) {
    if (row.amount === null || row.approvedAt === null) continue;
    const paidOn = isoDateOf(row.approvedAt);
    const dueOn = addDays(paidOn, SETTLE_WITHIN_DAYS);
    const confirmed = row.confirmedYear === year;
    const due = dueOn.startsWith(`${year}-`) && dueOn < today && ['approved', 'submitted'].includes(row.status);
    if (!confirmed && !due) continue;
    open.push({
      advanceId: row.advanceId,
      userId: row.userId,
      userName: row.userName,
      paidOn,
      dueOn,
      amount: row.amount,
      confirmedAmount: confirmed ? row.confirmedAmount : null,
    });
  }
  return open;
}

/**
 * The year's approved distributions' count and gross pay summed by the database itself, apart from
 * the fold above: the check the report shows beside its totals.
 */
export async function distributionTotals(db: DbOrTx, year: number): Promise<{ count: number; grossPay: Cents }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      grossPay: sql<string>`coalesce(sum(${distributions.grossPayroll} + ${distributions.housingAllowance}), 0)::text`,
    })
    .from(distributions)
    .where(
      and(
        eq(distributions.status, 'approved'),
        gte(distributions.endDate, yearStart(year)),
        lte(distributions.endDate, yearEnd(year)),
      ),
    );
  return { count: row?.count ?? 0, grossPay: centsFromDatabase(row?.grossPay ?? '0') };
}
