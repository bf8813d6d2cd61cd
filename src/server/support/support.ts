import { eq, sql } from 'drizzle-orm';
import { isoDateOf } from '../../domain/dates';
import { AppError } from '../../domain/errors';
import { toDollars } from '../../domain/money';
import type { ReportTable } from '../../domain/reports/table';
import { isStaff } from '../../domain/roles';
import type { TSupport } from '../../domain/support/contract';
import { addMonths, monthOf, SUPPORT_MONTHS, type SupportGiver, supportFigures } from '../../domain/support/figures';
import type { AuthUser } from '../auth/tokens';
import type { DbOrTx } from '../db/client';
import { donations, users } from '../db/schema';
import { donorNamesShownToMissionaries } from '../settings/settings';

/** The rule's eight months reach back before the 24 shown; "first gift ever" needs every gift. */
async function loadGifts(db: DbOrTx, userId: number) {
  const rows = await db
    .select({
      donorKey: donations.donorKey,
      donorName: donations.donorName,
      // An upload without gift dates dates its gifts by the import.
      date: sql<string>`coalesce(${donations.giftDate}, (${donations.createdAt} at time zone 'UTC')::date)::text`,
      amount: donations.amount,
      designated: sql<boolean>`${donations.holdAccountId} is not null`,
    })
    .from(donations)
    .where(eq(donations.userId, userId));
  return rows.map((row) => ({ ...row, donorKey: row.donorKey?.trim() || null, designated: Boolean(row.designated) }));
}

/** Who may look, and whether they see names: the missionary themselves (names per the setting) or staff. */
async function access(db: DbOrTx, viewer: AuthUser, userId: number): Promise<{ namesShown: boolean }> {
  if (!isStaff(viewer.role) && viewer.id !== userId) throw AppError.forbidden();
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw AppError.notFound('User not found.');
  return { namesShown: isStaff(viewer.role) || (await donorNamesShownToMissionaries(db)) };
}

function giverOut(giver: SupportGiver, namesShown: boolean) {
  return {
    name: namesShown ? (giver.donorName ?? giver.donorKey) : null,
    total: toDollars(giver.total),
    gifts: giver.gifts,
    first_gift_date: giver.firstGiftDate,
    last_gift_date: giver.lastGiftDate,
  };
}

/** GET /user/{id}/support (decision 36, docs/decisions.md). */
export async function getSupport(db: DbOrTx, viewer: AuthUser, userId: number, now: Date): Promise<TSupport> {
  const { namesShown } = await access(db, viewer, userId);
  const figures = supportFigures(await loadGifts(db, userId), isoDateOf(now));
  return {
    user_id: userId,
    names_shown: namesShown,
    months: figures.months.map((month) => ({
      month: month.month,
      total: toDollars(month.total),
      designated: toDollars(month.designated),
      general: toDollars(month.general),
      givers: month.givers,
      new_givers: month.newGivers,
      stopped_givers: month.stoppedGivers,
    })),
    total: toDollars(figures.total),
    designated: toDollars(figures.designated),
    general: toDollars(figures.general),
    new_givers: figures.newGivers.map((giver) => ({
      ...giverOut(giver, namesShown),
      amount_this_month: toDollars(giver.amountThisMonth),
    })),
    stopped_givers: figures.stoppedGivers.map((giver) => ({
      ...giverOut(giver, namesShown),
      months_given: giver.monthsGiven,
    })),
    givers: namesShown ? figures.givers.map((giver) => giverOut(giver, true)) : [],
  };
}

/** The thank-you list: refused (403) to a missionary while donor names are not shown to them. */
export async function supportDonorsTable(db: DbOrTx, viewer: AuthUser, userId: number, now: Date) {
  const { namesShown } = await access(db, viewer, userId);
  if (!namesShown) throw AppError.forbidden('Your organisation does not show donor names to missionaries.');
  const today = isoDateOf(now);
  const figures = supportFigures(await loadGifts(db, userId), today);
  const table: ReportTable = {
    sheetName: 'Givers',
    columns: [
      { header: 'Donor', kind: 'text' },
      { header: 'Gifts', kind: 'integer' },
      { header: 'Total', kind: 'money' },
      { header: 'First gift', kind: 'date' },
      { header: 'Last gift', kind: 'date' },
    ],
    rows: figures.givers.map((giver) => [
      giver.donorName ?? giver.donorKey,
      giver.gifts,
      giver.total,
      giver.firstGiftDate,
      giver.lastGiftDate,
    ]),
  };
  const from = addMonths(monthOf(today), -(SUPPORT_MONTHS - 1));
  return { table, filename: `givers-${userId}-${from}-to-${monthOf(today)}.csv` };
}
