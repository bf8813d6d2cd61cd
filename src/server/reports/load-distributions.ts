import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TransactionType } from '../../domain/distributions/types';
import { type Cents, parseDollars } from '../../domain/money';
import type { ReportDistribution } from '../../domain/reports/accounting';
import {
  type FundMovement,
  type FundTransaction,
  fundMovements,
  fundMovementsMatch,
  type HoldAccountTotals,
  type JournalSource,
} from '../../domain/reports/journal';
import type { DbOrTx } from '../db/client';
import { queryRowsDirect } from '../db/query-rows';
import { distributions, holdAccounts, holdAccountTransactions, users } from '../db/schema';
import { centsFromDatabase } from '../db/schema/columns';

type DistributionRow = typeof distributions.$inferSelect;

/** One order for names everywhere: case-insensitive, numbers by value ("M2" before "M10"). */
export const COLLATOR = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** A stored distribution as the exports and the statement read it (cents). */
export function reportDistribution(row: DistributionRow, missionaryNumber: string | null): ReportDistribution {
  return {
    id: row.id,
    status: row.status === 'approved' ? 'approved' : 'pending',
    user_id: row.userId,
    user_name: row.userName,
    missionary_number: missionaryNumber,
    start_date: row.startDate,
    end_date: row.endDate,
    donation_upload_name: row.donationUploadName,
    tax_status: row.taxStatus,
    fica_tax: row.ficaTax,
    starting_balance: row.startingBalance,
    total_donations: row.totalDonations,
    transfer_from_held: row.transferFromHeld,
    admin_fee: row.adminFee,
    net_payroll: row.netPayroll,
    employee_ss: row.employeeSs,
    employee_mc: row.employeeMc,
    employer_ss: row.employerSs,
    employer_mc: row.employerMc,
    federal_income_tax: row.federalIncomeTax,
    gross_payroll: row.grossPayroll,
    total_payroll: row.totalPayroll,
    housing_allowance: row.housingAllowance,
    retirement: row.retirement,
    payroll_disbursement: row.payrollDisbursement,
    mid_month_disbursement: row.midMonthDisbursement,
    net_payroll_dist: row.netPayrollDist,
    insurance_payment: row.insurancePayment,
    wire_fee: row.wireFee,
    social_security_wages: row.socialSecurityWages,
    medicare_wages: row.medicareWages,
    housing_allowance_excluded: row.housingAllowanceExcluded,
    held_liability_account_starting_balance: row.heldLiabilityAccountStartingBalance,
    held_liability_account_deposit: row.heldLiabilityAccountDeposit,
    held_liability_account_withdrawal: row.heldLiabilityAccountWithdrawal,
    held_liability_account_balance: row.heldLiabilityAccountBalance,
    funds_available: row.fundsAvailable,
    unreimbursed_amount_starting: row.unreimbursedAmountStarting,
    unreimbursed_reimbursement: row.unreimbursedReimbursement,
    unreimbursed_amount_accrued: row.unreimbursedAmountAccrued,
    unreimbursed_amount_ending: row.unreimbursedAmountEnding,
    total_expenses: row.totalExpenses,
    ministry_reimbursement: row.ministryReimbursement,
    manual_ministry_reimbursement: row.manualMinistryReimbursement,
    ministry_advance: row.ministryAdvance,
    manual_ministry_advance: row.manualMinistryAdvance,
    ending_balance: row.endingBalance,
    total_funds_disbursed: row.totalFundsDisbursed,
    total_funds_on_account: row.totalFundsOnAccount,
  };
}

/**
 * The distributions of one MAT Day: those whose end date (the "to" date of their period) is the
 * MAT processing date, with the status asked for; ordered by missionary name, number and id.
 */
export async function loadMatDayDistributions(
  db: DbOrTx,
  matDate: string,
  status: 'approved' | 'pending',
): Promise<Array<{ row: DistributionRow; distribution: ReportDistribution }>> {
  const rows = await db
    .select({ distribution: distributions, missionaryNumber: users.missionaryNumber })
    .from(distributions)
    .innerJoin(users, eq(users.id, distributions.userId))
    .where(and(eq(distributions.endDate, matDate), eq(distributions.status, status)));
  // Sorted here, not by the database, so PGlite and PostgreSQL (whose collations differ) agree.
  return rows
    .map((r) => ({ row: r.distribution, distribution: reportDistribution(r.distribution, r.missionaryNumber) }))
    .sort(
      (a, b) =>
        COLLATOR.compare(a.distribution.user_name, b.distribution.user_name) ||
        COLLATOR.compare(a.distribution.missionary_number ?? '', b.distribution.missionary_number ?? '') ||
        a.row.id - b.row.id,
    );
}

/** The MAT dates (period ends) that have distributions of a status, newest first, with how many. */
export async function loadMatDates(
  db: DbOrTx,
  status: 'approved' | 'pending',
): Promise<Array<{ mat_date: string; count: number }>> {
  const rows = await db
    .select({ mat_date: distributions.endDate, count: count() })
    .from(distributions)
    .where(eq(distributions.status, status))
    .groupBy(distributions.endDate)
    .orderBy(desc(distributions.endDate))
    .limit(120);
  return rows.map((row) => ({ mat_date: row.mat_date, count: Number(row.count) }));
}

const TYPES = new Set<TransactionType>(['Deposit', 'Transfer', 'Withdrawal']);

/** Granted rows from the distribution's own stored list (engine result), read as cents or as dollars. */
function storedTransactions(list: unknown, unit: 'cents' | 'dollars'): FundTransaction[] | null {
  if (!Array.isArray(list)) return null;
  const rows: FundTransaction[] = [];
  for (const entry of list) {
    if (typeof entry !== 'object' || entry === null) return null;
    const e = entry as Record<string, unknown>;
    const type = e.transaction_type as TransactionType;
    const granted = e.amount_approved;
    if (typeof e.hold_account_id !== 'number' || !TYPES.has(type)) return null;
    let amount: Cents | null;
    if (unit === 'cents') amount = typeof granted === 'number' && Number.isSafeInteger(granted) ? granted : null;
    else amount = typeof granted === 'number' || typeof granted === 'string' ? parseDollars(granted) : null;
    if (amount === null) return null;
    rows.push({ holdAccountId: e.hold_account_id, fundName: String(e.fund_name ?? ''), type, amount });
  }
  return rows;
}

/** A candidate breakdown with the funds' current names, when it adds up to the distribution's totals. */
function matching(
  totals: HoldAccountTotals,
  candidate: FundTransaction[] | null,
  names: ReadonlyMap<number, string>,
): FundMovement[] | null {
  if (!candidate) return null;
  const movements = fundMovements(
    candidate.map((row) => ({ ...row, fundName: names.get(row.holdAccountId) ?? row.fundName })),
  );
  return fundMovementsMatch(totals, movements) ? movements : null;
}

/** A distribution's posted (or pending) hold-account transaction with an amount granted: what its journal books per fund. */
export const ZPostedTransaction = z.object({
  hold_account_id: z.coerce.number(),
  fund_name: z.string(),
  transaction_type: z.enum(['Deposit', 'Transfer', 'Withdrawal']),
  /** amount_approved as text ("1234.50"). */
  amount: z.string(),
});
export type PostedTransaction = z.output<typeof ZPostedTransaction>;

/** What fundMovementsOf needs of a distribution; `posted` when the caller has read them already (the journal export's cursor). */
export interface FundMovementItem {
  id: number;
  storedList: unknown;
  totals: HoldAccountTotals;
  posted?: readonly PostedTransaction[];
}

/** The posted transactions of the distributions not yet read, by distribution id. */
async function readPosted(db: DbOrTx, items: readonly FundMovementItem[]): Promise<Map<number, PostedTransaction[]>> {
  const byDistribution = new Map<number, PostedTransaction[]>();
  const ids: number[] = [];
  for (const item of items) {
    if (item.posted) byDistribution.set(item.id, [...item.posted]);
    else ids.push(item.id);
  }
  if (ids.length === 0) return byDistribution;
  const rows = await queryRowsDirect(
    db,
    sql`select t.distribution_id, t.hold_account_id, h.fund_name, t.transaction_type, t.amount_approved::text as amount
      from ${holdAccountTransactions} t join ${holdAccounts} h on h.id = t.hold_account_id
      where t.distribution_id = any(${sql.param(ids)}::int[]) and t.amount_approved is not null
      order by t.id`,
    ZPostedTransaction.extend({ distribution_id: z.coerce.number() }),
  );
  for (const { distribution_id, ...row } of rows) {
    const list = byDistribution.get(distribution_id) ?? [];
    list.push(row);
    byDistribution.set(distribution_id, list);
  }
  return byDistribution;
}

/**
 * Per-fund hold-account movements of each distribution (by id), when they can be known exactly: the
 * hold-account transactions stored with the distribution (posted at approval, pending before), else
 * its own stored transaction list. A breakdown is used only when it adds up to the distribution's
 * hold-account totals; otherwise (null) the journal books the totals to one "all funds" account.
 */
export async function fundMovementsOf(
  db: DbOrTx,
  items: readonly FundMovementItem[],
): Promise<Map<number, FundMovement[] | null>> {
  const names = new Map<number, string>();
  const byDistribution = new Map<number, FundTransaction[]>();
  for (const [id, posted] of await readPosted(db, items)) {
    const list: FundTransaction[] = [];
    for (const row of posted) {
      names.set(row.hold_account_id, row.fund_name);
      list.push({
        holdAccountId: row.hold_account_id,
        fundName: row.fund_name,
        type: row.transaction_type,
        amount: centsFromDatabase(row.amount),
      });
    }
    if (list.length > 0) byDistribution.set(id, list);
  }
  const otherIds = [
    ...new Set(
      items.flatMap((item) =>
        Array.isArray(item.storedList)
          ? (item.storedList as Array<{ hold_account_id?: unknown }>)
              .map((e) => e?.hold_account_id)
              .filter((id): id is number => typeof id === 'number' && !names.has(id))
          : [],
      ),
    ),
  ];
  if (otherIds.length > 0) {
    const accounts = await db
      .select({ id: holdAccounts.id, fundName: holdAccounts.fundName })
      .from(holdAccounts)
      .where(inArray(holdAccounts.id, otherIds));
    for (const account of accounts) names.set(account.id, account.fundName);
  }
  // The first candidate that adds up wins; the later ones are read only when needed.
  return new Map(
    items.map(({ id, storedList, totals }) => [
      id,
      matching(totals, byDistribution.get(id) ?? null, names) ??
        matching(totals, storedTransactions(storedList, 'cents'), names) ??
        matching(totals, storedTransactions(storedList, 'dollars'), names),
    ]),
  );
}

/** Each distribution with its per-fund movements (fundMovementsOf). */
export async function withFundMovements<D extends HoldAccountTotals>(
  db: DbOrTx,
  items: ReadonlyArray<{ row: Pick<DistributionRow, 'id' | 'holdAccountTransactions'>; distribution: D }>,
): Promise<Array<D & Pick<JournalSource, 'funds'>>> {
  const funds = await fundMovementsOf(
    db,
    items.map(({ row, distribution }) => ({
      id: row.id,
      storedList: row.holdAccountTransactions,
      totals: distribution,
    })),
  );
  return items.map(({ row, distribution }) => ({ ...distribution, funds: funds.get(row.id) ?? null }));
}
