import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { isoDateOf } from '../../domain/dates';
import { frozenYearOf } from '../../domain/distributions/payroll-year-wire';
import { UNREIMBURSED_REIMBURSEMENT } from '../../domain/distributions/recurring';
import type { TransactionType } from '../../domain/distributions/types';
import { type FundTransaction, fundMovements, fundMovementsMatch } from '../../domain/reports/journal';
import type {
  DonationsByFund,
  StatementAdvance,
  StatementFund,
  StatementReport,
  StatementSource,
} from '../../domain/reports/statement';
import type { Terms } from '../../domain/terms';
import type { DbOrTx } from '../db/client';
import {
  advanceRequests,
  distributions,
  donations,
  expenseReports,
  holdAccounts,
  holdAccountTransactions,
  users,
} from '../db/schema';
import { centsFromDatabase } from '../db/schema/columns';
import { statementCashReturns } from '../reports/load-cash-returned';
import { COLLATOR, reportDistribution } from '../reports/load-distributions';
import { statementPayouts } from '../reports/load-office-payouts';
import { statementPayments } from './load-payments';

export const GENERAL_FUND = 'General Fund';

export async function findDistribution(db: DbOrTx, id: number) {
  const [found] = await db
    .select({ distribution: distributions, missionaryNumber: users.missionaryNumber })
    .from(distributions)
    .innerJoin(users, eq(users.id, distributions.userId))
    .where(eq(distributions.id, id));
  return found ?? null;
}

type Found = NonNullable<Awaited<ReturnType<typeof findDistribution>>>;

/** Who did it, by name ("an administrator" when the account is gone). */
async function nameOf(db: DbOrTx, userId: number | null): Promise<string> {
  if (userId === null) return 'an administrator';
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? 'an administrator';
}

/** The donations of a statement: those the distribution references, else the user's donations of its upload. */
function donationsOf(found: Found) {
  const d = found.distribution;
  return {
    referenced: eq(donations.distributionId, d.id),
    ofUpload: d.donationUploadName
      ? and(eq(donations.userId, d.userId), eq(donations.uploadName, d.donationUploadName))
      : null,
  };
}

/** Different donors among the statement's donations (decision 24, docs/decisions.md): counted, never named. */
async function donorsOf(db: DbOrTx, found: Found): Promise<number> {
  const { referenced, ofUpload } = donationsOf(found);
  const count = async (condition: ReturnType<typeof and>) => {
    const [row] = await db
      .select({ rows: sql<number>`count(*)::int`, donors: sql<number>`count(distinct ${donations.donorKey})::int` })
      .from(donations)
      .where(condition);
    return row;
  };
  let counted = await count(referenced);
  if (counted.rows === 0 && ofUpload) counted = await count(ofUpload);
  return Number(counted.donors);
}

/** Donations grouped by fund: those the distribution references, else the user's donations of its upload. */
async function donationsByFund(db: DbOrTx, found: Found): Promise<DonationsByFund[] | null> {
  const d = found.distribution;
  const grouped = (condition: ReturnType<typeof and>) =>
    db
      .select({
        holdAccountId: donations.holdAccountId,
        fundName: sql<string | null>`max(${holdAccounts.fundName})`,
        gifts: sql<number>`coalesce(sum(${donations.count}), 0)::int`,
        amount: sql<string>`coalesce(sum(${donations.amount}), 0)`,
      })
      .from(donations)
      .leftJoin(holdAccounts, eq(holdAccounts.id, donations.holdAccountId))
      .where(condition)
      .groupBy(donations.holdAccountId);
  let rows = await grouped(and(eq(donations.distributionId, d.id)));
  if (rows.length === 0 && d.donationUploadName) {
    rows = await grouped(and(eq(donations.userId, d.userId), eq(donations.uploadName, d.donationUploadName)));
  }
  if (rows.length === 0) return d.totalDonations === 0 ? [] : null;
  return rows
    .map((row) => ({
      fundName: row.holdAccountId === null ? GENERAL_FUND : (row.fundName ?? `Hold account ${row.holdAccountId}`),
      designated: row.holdAccountId !== null,
      gifts: row.gifts,
      amount: centsFromDatabase(row.amount),
    }))
    .sort((a, b) => Number(a.designated) - Number(b.designated) || COLLATOR.compare(a.fundName, b.fundName));
}

async function reportsOf(db: DbOrTx, id: number): Promise<StatementReport[]> {
  const rows = await db
    .select()
    .from(expenseReports)
    .where(eq(expenseReports.distributionId, id))
    .orderBy(asc(expenseReports.startDate), asc(expenseReports.id));
  return rows.map((row) => {
    const reimbursed = row.distAmountReimbursed ?? 0;
    const fromHoldAccounts = row.distHoldAccountWithdrawals ?? 0;
    return {
      id: row.id,
      date: row.startDate ?? row.dateSubmitted,
      total: row.totalAmount,
      reimbursed,
      fromHoldAccounts,
      owed: row.totalAmount - reimbursed - fromHoldAccounts,
    };
  });
}

async function advancesOf(db: DbOrTx, id: number): Promise<StatementAdvance[]> {
  const rows = await db
    .select()
    .from(advanceRequests)
    .where(eq(advanceRequests.distributionId, id))
    .orderBy(asc(advanceRequests.id));
  return rows.map((row) => ({ id: row.id, requested: row.amountRequested, paid: row.distAmountApproved ?? 0 }));
}

/** Hold accounts the distribution moved, from the transactions its approval posted (in posting order). */
async function fundsOf(db: DbOrTx, found: Found): Promise<StatementFund[] | null> {
  const d = found.distribution;
  const rows = await db
    .select({ row: holdAccountTransactions, fundName: holdAccounts.fundName })
    .from(holdAccountTransactions)
    .innerJoin(holdAccounts, eq(holdAccounts.id, holdAccountTransactions.holdAccountId))
    .where(and(eq(holdAccountTransactions.distributionId, d.id), eq(holdAccountTransactions.status, 'posted')))
    .orderBy(asc(holdAccountTransactions.id));
  const distribution = reportDistribution(d, found.missionaryNumber);
  const granted: FundTransaction[] = rows.map(({ row, fundName }) => ({
    holdAccountId: row.holdAccountId,
    fundName,
    type: row.transactionType as TransactionType,
    amount: row.amountApproved ?? 0,
  }));
  if (rows.length === 0 || !fundMovementsMatch(distribution, fundMovements(granted))) {
    const nothingMoved =
      d.heldLiabilityAccountDeposit === 0 && d.transferFromHeld === 0 && d.heldLiabilityAccountWithdrawal === 0;
    return rows.length === 0 && nothingMoved ? [] : null;
  }
  const funds = new Map<number, StatementFund>();
  for (const { row, fundName } of rows) {
    const amount = row.amountApproved ?? 0;
    const isReimbursement =
      row.transactionType === 'Withdrawal' && row.expenseId === null && row.description === UNREIMBURSED_REIMBURSEMENT;
    const startingUnreimbursed = row.startingUnreimbursedAmount ?? 0;
    const fund: StatementFund = funds.get(row.holdAccountId) ?? {
      holdAccountId: row.holdAccountId,
      fundName,
      starting: row.startingBalance ?? 0,
      deposits: 0,
      transfers: 0,
      withdrawals: 0,
      ending: 0,
      startingUnreimbursed,
      endingUnreimbursed: 0,
      transactions: [],
    };
    if (row.transactionType === 'Deposit') fund.deposits += amount;
    else if (row.transactionType === 'Transfer') fund.transfers += amount;
    else fund.withdrawals += amount;
    fund.ending = fund.starting + fund.deposits - fund.transfers - fund.withdrawals;
    fund.endingUnreimbursed = startingUnreimbursed + row.addedUnreimbursedAmount - (isReimbursement ? amount : 0);
    fund.transactions.push({
      type: row.transactionType as TransactionType,
      description: row.description ?? row.transactionType,
      requested: row.transactionAmount,
      granted: amount,
      unpaid: row.addedUnreimbursedAmount,
    });
    funds.set(row.holdAccountId, fund);
  }
  return [...funds.values()].sort(
    (a, b) => COLLATOR.compare(a.fundName, b.fundName) || a.holdAccountId - b.holdAccountId,
  );
}

/** Everything the statement of one distribution shows. */
export async function loadStatementSource(
  db: DbOrTx,
  found: Found,
  site: { title: string; terms: Terms },
): Promise<StatementSource> {
  const d = found.distribution;
  const donationRows = await donationsByFund(db, found);
  const reports = await reportsOf(db, d.id);
  const advances = await advancesOf(db, d.id);
  const funds = await fundsOf(db, found);
  return {
    siteTitle: site.title,
    terms: site.terms,
    distribution: {
      ...reportDistribution(d, found.missionaryNumber),
      comments: d.comments,
      approved_on: d.approvedAt ? isoDateOf(d.approvedAt) : null,
      reversal: d.reversedAt
        ? { on: isoDateOf(d.reversedAt), by: await nameOf(db, d.reversedBy), reason: d.reversalReason ?? '' }
        : null,
      payroll_year: frozenYearOf(d.approvedContext),
    },
    donations: donationRows,
    donors: await donorsOf(db, found),
    reports,
    advances,
    funds,
    officePayouts: await statementPayouts(db, { id: d.id, userId: d.userId }),
    cashReturns: await statementCashReturns(db, { id: d.id, userId: d.userId }),
    payments: await statementPayments(db, d.id),
  };
}

/** A user's approved distributions, newest first (statements list), or the last `limit` of them. */
export async function approvedDistributionsOf(db: DbOrTx, userId: number, limit?: number) {
  const query = db
    .select()
    .from(distributions)
    .where(and(eq(distributions.userId, userId), eq(distributions.status, 'approved')))
    .orderBy(desc(distributions.endDate), desc(distributions.id));
  return limit === undefined ? query : query.limit(limit);
}
