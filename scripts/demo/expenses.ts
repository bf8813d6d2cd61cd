import { eq, sql } from 'drizzle-orm';
import { addDays, isoDateOf } from '../../src/domain/dates';
import {
  type DistanceType,
  mileageCost,
  reportTotals,
  tripDistance,
  usdAmount,
} from '../../src/domain/expense-reports/calculations';
import {
  type Cents,
  type Decimal,
  decimalToString,
  formatUSD,
  fromDollars,
  toDecimalString,
} from '../../src/domain/money';
import type { Tx } from '../../src/server/db/client';
import { advanceRequests, categories, expenseReports, expenses, mileage, profiles } from '../../src/server/db/schema';
import { postJournal } from '../../src/server/journal/journal';
import { loadSettings } from '../../src/server/settings/settings';
import { demoEmail } from './constants';
import { holdAccountIdByName } from './hold-accounts';
import type { DemoSeed } from './types';
import { userIdByEmail } from './users';

interface DemoExpense {
  daysAgo: number;
  category: string;
  /** In the local currency, with the rate per US$1 (1 for dollars). */
  amount: string;
  rate: string;
  description?: string;
  /** Charged to this hold account (fund name): the distribution pays it by a withdrawal from the account. */
  holdAccount?: string;
}

interface DemoTrip {
  daysAgo: number;
  category: string;
  odometer?: [string, string];
  distance?: string;
}

interface DemoReport {
  distanceType: DistanceType;
  expenses: DemoExpense[];
  trips?: DemoTrip[];
  /** Days ago it was submitted; absent for a draft. */
  submittedDaysAgo?: number;
  /** Processed outside a distribution this many days ago with this payout (dollars); the rest stays owed. */
  processed?: { daysAgo: number; payout: string };
}

interface DemoAdvance {
  daysAgo: number;
  category: string;
  requested: string;
  approved?: string;
  /** Approved to be paid at this month's MAT Day (mat_date = the month's last day). */
  paidThisMatDay?: boolean;
  /** A draft advance report with these expenses. */
  report?: DemoExpense[];
}

interface DemoPerson {
  login: string;
  reports: DemoReport[];
  advances: DemoAdvance[];
}

/**
 * Reports and advances in every state the screens show: a processed report paid in part (its remainder
 * owed and journalled, then paid by the oldest MAT Day of the demo history), submitted ones waiting in
 * the office's queue, drafts, requested advances and an approved one whose report is under way.
 * Amounts go through the same domain functions as the API.
 *
 * Dates count back from `now`. What still waits for the office — submitted reports, advance requests —
 * is dated no earlier than the first of the month, so this month's MAT Day (the one the demo leaves for
 * the newcomer) is the one that pays it, whatever the day of the month; the processed report is old
 * enough (over 62 days) to come before the demo's oldest MAT Day.
 */
export const DEMO_EXPENSE_DATA: DemoPerson[] = [
  {
    login: 'ruth.okafor',
    reports: [
      {
        distanceType: 'km',
        expenses: [
          {
            daysAgo: 75,
            category: 'Lodging',
            amount: '1200.00',
            rate: '3.75',
            description: 'Guest house in Cusco, 3 nights',
          },
          { daysAgo: 74, category: 'Meals', amount: '86.50', rate: '3.75' },
        ],
        trips: [{ daysAgo: 73, category: 'Mileage - Personal Vehicle', odometer: ['48210', '48294'] }],
        submittedDaysAgo: 70,
        processed: { daysAgo: 66, payout: '300.00' },
      },
      {
        distanceType: 'none',
        expenses: [
          { daysAgo: 12, category: 'Ground Transport', amount: '45.00', rate: '1', description: 'Airport taxi' },
          {
            daysAgo: 10,
            category: 'Communications',
            amount: '120000.00',
            rate: '4000',
            description: 'SIM and data, Bogotá',
          },
        ],
        submittedDaysAgo: 8,
      },
      { distanceType: 'none', expenses: [{ daysAgo: 2, category: 'Meals', amount: '18.00', rate: '1' }] },
    ],
    advances: [],
  },
  {
    login: 'maria.santos',
    reports: [
      {
        distanceType: 'mi',
        expenses: [
          {
            daysAgo: 9,
            category: 'Ministry Supplies',
            amount: '2850.00',
            rate: '56.20',
            description: 'Bibles for the youth camp',
            holdAccount: 'Santos Ministry Projects',
          },
        ],
        trips: [{ daysAgo: 7, category: 'Mileage - Personal Vehicle', distance: '37.5' }],
        submittedDaysAgo: 5,
      },
    ],
    advances: [{ daysAgo: 3, category: 'Event Advance', requested: '300.00' }],
  },
  {
    login: 'daniel.kim',
    reports: [],
    advances: [
      {
        daysAgo: 20,
        category: 'Travel Advance',
        requested: '900.00',
        approved: '800.00',
        paidThisMatDay: true,
        report: [{ daysAgo: 6, category: 'Airfare', amount: '640.00', rate: '1', description: 'Seoul to Manila' }],
      },
      { daysAgo: 1, category: 'Conference & Training', requested: '250.00' },
    ],
  },
];

async function categoryIds(tx: Tx): Promise<Map<string, number>> {
  const rows = await tx.select({ id: categories.id, name: categories.expenseCategory }).from(categories);
  return new Map(rows.map((row) => [row.name.toLowerCase(), row.id]));
}

/** The day `daysAgo` before today, but not before the first of this month (what still waits for MAT Day). */
function waitingSince(today: string, daysAgo: number): string {
  const day = addDays(today, -daysAgo);
  const monthStart = `${today.slice(0, 8)}01`;
  return day < monthStart ? monthStart : day;
}

/** The last day of today's month: the demo's MAT Day. */
function matDayOf(today: string): string {
  const [year, month] = today.split('-').map(Number);
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

async function holdAccountIds(tx: Tx, items: DemoExpense[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const item of items) {
    if (!item.holdAccount || ids.has(item.holdAccount)) continue;
    const id = await holdAccountIdByName(tx, item.holdAccount);
    if (id !== null) ids.set(item.holdAccount, id);
  }
  return ids;
}

/** Adds one report with its items; answers its id and total (cents). */
async function addReport(
  tx: Tx,
  context: { userId: number; today: string; now: Date; category: Map<string, number>; ratePerMile: Decimal },
  report: DemoReport & { type: 'reimbursement' | 'advance'; advanceRequestId?: number },
) {
  const day = (daysAgo: number) => addDays(context.today, -daysAgo);
  const accounts = await holdAccountIds(tx, report.expenses);
  const expenseRows = report.expenses.map((item) => ({
    date: day(item.daysAgo),
    expenseCode: context.category.get(item.category.toLowerCase()) ?? null,
    holdAccountId: item.holdAccount ? (accounts.get(item.holdAccount) ?? null) : null,
    description: item.description ?? null,
    fieldCurrency: toDecimalString(fromDollars(Number(item.amount))),
    exchangeRate: item.rate,
    usdAmount: usdAmount(item.amount, item.rate),
  }));
  const tripRows = (report.trips ?? []).map((trip) => {
    const distance = tripDistance({
      odometer_start: trip.odometer?.[0],
      odometer_end: trip.odometer?.[1],
      total_distance: trip.distance,
    })!;
    return {
      date: day(trip.daysAgo),
      type: context.category.get(trip.category.toLowerCase()) ?? null,
      odometerStart: trip.odometer?.[0] ?? null,
      odometerEnd: trip.odometer?.[1] ?? null,
      totalDistance: decimalToString(distance),
      totalCost: mileageCost(distance, report.distanceType as 'km' | 'mi', context.ratePerMile),
    };
  });
  const totals = reportTotals(
    expenseRows.map((row) => ({ date: row.date, amount: row.usdAmount })),
    tripRows.map((row) => ({ date: row.date, amount: row.totalCost })),
  );
  const payout = report.processed ? fromDollars(Number(report.processed.payout)) : null;
  const submitted = report.submittedDaysAgo;
  const [row] = await tx
    .insert(expenseReports)
    .values({
      type: report.type,
      userId: context.userId,
      distanceType: report.distanceType,
      totalAmount: totals.totalAmount,
      unreimbursedAmount: report.type === 'advance' ? 0 : totals.totalAmount - (payout ?? 0),
      payout,
      startDate: totals.startDate,
      endDate: totals.endDate,
      submitted: submitted !== undefined,
      dateSubmitted:
        submitted === undefined ? null : report.processed ? day(submitted) : waitingSince(context.today, submitted),
      processed: report.processed !== undefined,
      processedAt: report.processed ? new Date(context.now.getTime() - report.processed.daysAgo * 86_400_000) : null,
      advanceRequestId: report.advanceRequestId ?? null,
      createdAt: context.now,
      updatedAt: context.now,
    })
    .returning();
  if (expenseRows.length > 0) {
    await tx.insert(expenses).values(expenseRows.map((item) => ({ ...item, expenseReportId: row.id })));
  }
  if (tripRows.length > 0)
    await tx.insert(mileage).values(tripRows.map((trip) => ({ ...trip, expenseReportId: row.id })));
  return row;
}

/**
 * A payout entered when processing is paid at once from the missionary's fund (decision
 * 14 of docs/decisions.md, as PATCH /process-expense-report does); the demo's processed reports have general lines only.
 */
async function payFromFund(tx: Tx, userId: number, row: { id: number; payout: Cents | null }, adminId: number | null) {
  const payout = row.payout ?? 0;
  const [profile] = await tx
    .update(profiles)
    .set({ fundBalance: sql`${profiles.fundBalance} - ${toDecimalString(payout)}::numeric` })
    .where(eq(profiles.userId, userId))
    .returning({ fundBalance: profiles.fundBalance });
  await postJournal(tx, {
    account: 'user_fund',
    accountId: userId,
    amount: -payout,
    balanceAfter: profile.fundBalance,
    reason: 'expense_report_payout',
    refType: 'expense_report',
    refId: row.id,
    memo: `Report #${row.id}: payout from the fund`,
    actorId: adminId,
  });
}

/** Expense reports and advance requests for three demo missionaries; added once per missionary. */
export const expensesSeed: DemoSeed = {
  name: 'expense reports and advances',
  async run({ tx, now }) {
    const adminId = await userIdByEmail(tx, demoEmail('admin'));
    const category = await categoryIds(tx);
    const ratePerMile = (await loadSettings(tx)).mileageReimbursement;
    const today = isoDateOf(now);
    let added = 0;
    for (const person of DEMO_EXPENSE_DATA) {
      const userId = await userIdByEmail(tx, demoEmail(person.login));
      if (userId === null) continue;
      const [{ existing }] = await tx
        .select({ existing: sql<number>`count(*)::int` })
        .from(expenseReports)
        .where(eq(expenseReports.userId, userId));
      const [{ asked }] = await tx
        .select({ asked: sql<number>`count(*)::int` })
        .from(advanceRequests)
        .where(eq(advanceRequests.userId, userId));
      if (existing > 0 || asked > 0) continue;
      const context = { userId, today, now, category, ratePerMile };

      for (const report of person.reports) {
        const row = await addReport(tx, context, { ...report, type: 'reimbursement' });
        added += 1;
        if (row.payout !== null && row.payout > 0) await payFromFund(tx, userId, row, adminId);
        if (row.payout !== null && row.unreimbursedAmount > 0) {
          const [profile] = await tx
            .update(profiles)
            .set({
              unreimbursedAmount: sql`${profiles.unreimbursedAmount} + ${toDecimalString(row.unreimbursedAmount)}::numeric`,
            })
            .where(eq(profiles.userId, userId))
            .returning({ unreimbursedAmount: profiles.unreimbursedAmount });
          await postJournal(tx, {
            account: 'user_unreimbursed',
            accountId: userId,
            amount: row.unreimbursedAmount,
            balanceAfter: profile.unreimbursedAmount,
            reason: 'expense_report_processed',
            refType: 'expense_report',
            refId: row.id,
            memo: `Report #${row.id}: ${formatUSD(row.totalAmount)} due, ${formatUSD(row.payout)} paid`,
            actorId: adminId,
          });
        }
      }

      for (const advance of person.advances) {
        const approved = advance.approved === undefined ? null : fromDollars(Number(advance.approved));
        const [request] = await tx
          .insert(advanceRequests)
          .values({
            userId,
            status: approved === null ? 'requested' : 'approved',
            amountRequested: fromDollars(Number(advance.requested)),
            amountApproved: approved,
            approved: approved !== null,
            type: category.get(advance.category.toLowerCase()) ?? null,
            dateSubmitted: waitingSince(today, advance.daysAgo),
            matDate: advance.paidThisMatDay ? matDayOf(today) : null,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        added += 1;
        if (advance.report) {
          const report = await addReport(tx, context, {
            type: 'advance',
            distanceType: 'none',
            expenses: advance.report,
            advanceRequestId: request.id,
          });
          await tx
            .update(advanceRequests)
            .set({ expenseReportId: report.id })
            .where(eq(advanceRequests.id, request.id));
          added += 1;
        }
      }
    }
    return added;
  },
};
