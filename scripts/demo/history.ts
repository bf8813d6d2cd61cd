import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type IsoDate, isoDateOf, monthLabel } from '../../src/domain/dates';
import { allFlagsReviewed } from '../../src/domain/distributions/review';
import { createBackground } from '../../src/server/background';
import { readConfig } from '../../src/server/config';
import { type AppContext, type Clock, plainLog } from '../../src/server/context';
import type { Db } from '../../src/server/db/client';
import { queryRows } from '../../src/server/db/query-rows';
import { distributions, donationUploads, users } from '../../src/server/db/schema';
import { batchDistributions } from '../../src/server/distributions/batch';
import { batchApprove } from '../../src/server/distributions/batch-approve';
import { importDonationFile } from '../../src/server/donations/import-donations';
import { DEMO_DOMAIN, demoEmail } from './constants';
import { demoDonationCsv } from './donations';
import { DEMO_MISSIONARIES } from './missionaries';

/** One month of the demo history: its donation upload and, for the older two, its MAT Day. */
export interface DemoMonth {
  /** 0 = oldest, 2 = the month of `now`. */
  index: 0 | 1 | 2;
  uploadName: string;
  /** The calendar month, the distributions' date range. */
  startDate: IsoDate;
  endDate: IsoDate;
  /** Distributed (built and approved) by the demo; the newest month is left for the newcomer. */
  distributed: boolean;
  /** When the donor export is imported: the month's MAT Day (its last day), or `now` for the newest month. */
  importedAt: Date;
  /** The older months' MAT Day: distributions built at 14:00 UTC and approved at 16:00 UTC on the last day. */
  builtAt: Date;
  approvedAt: Date;
}

/** The month of `now` and the two before it, oldest first, named like "September 2026". */
export function demoMonths(now: Date): DemoMonth[] {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  return ([0, 1, 2] as const).map((index) => {
    const first = new Date(Date.UTC(year, month - 2 + index, 1));
    const startDate = isoDateOf(first);
    const endDate = isoDateOf(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)));
    const distributed = index < 2;
    const at = (hour: number) => new Date(`${endDate}T${String(hour).padStart(2, '0')}:00:00Z`);
    return {
      index,
      uploadName: monthLabel(startDate),
      startDate,
      endDate,
      distributed,
      importedAt: distributed ? at(10) : now,
      builtAt: at(14),
      approvedAt: at(16),
    };
  });
}

/** What one run did for one month (all zero when it was there already). */
export interface DemoHistoryMonth {
  uploadName: string;
  startDate: IsoDate;
  endDate: IsoDate;
  /** Rows of the donor export imported by this run (0: the upload was there). */
  importedRows: number;
  /** Distributions built and approved by this run (always 0 for the newest month). */
  built: number;
  approved: number;
}

export interface DemoHistoryResult {
  /** Oldest first; the last one is the month left for the newcomer's MAT Day. */
  months: DemoHistoryMonth[];
  /** Why the history was left out, when it was. */
  skipped: string | null;
  /** The newest month still has no distribution: MAT Day is there to try. */
  newestOpen: boolean;
  /** Records added (uploads, distributions built and approved); 0 when everything was there. */
  added: number;
}

/** A clock the demo moves to each step's date, so the history reads as if it happened then. */
class DemoClock implements Clock {
  constructor(private instant: Date) {}
  now(): Date {
    return new Date(this.instant);
  }
  set(instant: Date): void {
    this.instant = new Date(instant);
  }
}

function refuse(what: string): never {
  throw new Error(`The demo history does not ${what}.`);
}

/** The services' context on the demo's database: no mail, no files, errors to stderr. */
function demoContext(db: Db, dbKind: AppContext['dbKind'], clock: Clock): AppContext {
  const log = plainLog('stderr');
  return {
    db,
    dbKind,
    config: readConfig(),
    clock,
    mailer: { send: async () => refuse('send mail') },
    storage: { put: async () => refuse('store files'), read: async () => refuse('read files'), delete: async () => {} },
    log,
    background: createBackground(() => log),
  };
}

async function countOf(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows(db, query, z.object({ n: z.coerce.number() }));
  return row?.n ?? 0;
}

/** Why the history cannot be added to this database, or null when it can. */
async function reasonToSkip(db: Db, months: DemoMonth[], missionaryIds: Array<number | null>): Promise<string | null> {
  if (!missionaryIds.every((id) => id !== null)) return 'some demo missionaries are missing.';
  const archived = await countOf(
    db,
    sql`select count(*) as n from users where id = any(${sql.param(missionaryIds)}::int[]) and deleted_at is not null`,
  );
  if (archived > 0) return 'some demo missionaries are archived.';
  const others = await countOf(
    db,
    sql`select count(*) as n from users where role = 'missionary' and deleted_at is null
          and lower(email) not like ${`%@${DEMO_DOMAIN}`}`,
  );
  if (others > 0) return 'the database has missionaries who are not part of the demo, and MAT Day would pay them.';
  const names = months.map((month) => month.uploadName);
  const [foreign] = await db
    .select({ uploadName: donationUploads.uploadName })
    .from(donationUploads)
    .where(sql`${donationUploads.uploadName} <> all(${sql.param(names)}::text[])`)
    .limit(1);
  if (foreign) {
    return `the database already has donation uploads (e.g. "${foreign.uploadName}"), so the history was loaded before or the office imports its own.`;
  }
  return null;
}

/**
 * The demo's second phase, after the seed transaction: three months of donor exports imported with
 * `importDonationFile`, and MAT Day for the older two — `batchDistributions` for the calendar month,
 * then `batchApprove` — all as the demo admin through the real services (each opens its own
 * transactions), with the clock set to the day each step would have happened. The month of `now` is
 * imported but not distributed, for the newcomer to run MAT Day on.
 *
 * Idempotent: an upload is imported only while no upload has its name, and a month is distributed
 * only while no demo missionary has a distribution overlapping it. When something is missing, nothing
 * is added to a database with donation uploads of other names (a history loaded in an earlier month,
 * or real ones) or with missionaries outside the demo (MAT Day would pay them).
 */
export async function loadDemoHistory(
  db: Db,
  now: Date,
  options: { dbKind?: AppContext['dbKind'] } = {},
): Promise<DemoHistoryResult> {
  const months = demoMonths(now);
  const result: DemoHistoryResult = {
    months: months.map(({ uploadName, startDate, endDate }) => ({
      uploadName,
      startDate,
      endDate,
      importedRows: 0,
      built: 0,
      approved: 0,
    })),
    skipped: null,
    newestOpen: false,
    added: 0,
  };
  const [admin] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) = ${demoEmail('admin')}`);
  if (!admin) return { ...result, skipped: 'the demo admin is missing.' };
  const missionaryIds: Array<number | null> = [];
  for (const person of DEMO_MISSIONARIES) {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${demoEmail(person.login)}`);
    missionaryIds.push(row?.id ?? null);
  }
  const ids = missionaryIds.filter((id) => id !== null);
  const uploadExists = async (month: DemoMonth) => {
    const [row] = await db
      .select({ id: donationUploads.id })
      .from(donationUploads)
      .where(eq(donationUploads.uploadName, month.uploadName))
      .limit(1);
    return row !== undefined;
  };
  const overlaps = async (month: DemoMonth) => {
    const [row] = await db
      .select({ id: distributions.id })
      .from(distributions)
      .where(
        and(
          inArray(distributions.userId, ids),
          sql`${distributions.startDate} <= ${month.endDate}`,
          sql`${distributions.endDate} >= ${month.startDate}`,
        ),
      )
      .limit(1);
    return row !== undefined;
  };

  let missing = false;
  for (const month of months) {
    if (!(await uploadExists(month)) || (month.distributed && !(await overlaps(month)))) missing = true;
  }
  if (missing) {
    result.skipped = await reasonToSkip(db, months, missionaryIds);
    if (result.skipped) return result;
  }
  const actor = { ...admin, role: 'admin' as const };
  const clock = new DemoClock(now);
  const ctx = demoContext(db, options.dbKind ?? 'pglite', clock);

  for (const month of months) {
    const done = result.months[month.index];
    if (!(await uploadExists(month))) {
      clock.set(month.importedAt);
      const file = demoDonationCsv(month.index);
      await importDonationFile(ctx, actor, {
        uploadName: month.uploadName,
        file: {
          kind: 'file',
          fieldname: 'denari',
          filename: `donations-${month.startDate.slice(0, 7)}.csv`,
          mimetype: 'text/csv',
          content: file.content,
        },
      });
      done.importedRows = file.rows;
      result.added += 1;
    }
    if (!month.distributed) continue;

    if (!(await overlaps(month))) {
      clock.set(month.builtAt);
      const batch = await batchDistributions(ctx, actor, {
        start_date: month.startDate,
        end_date: month.endDate,
        donation_upload_name: month.uploadName,
        donation_upload_names: [month.uploadName],
      });
      if (batch.failed.length > 0) {
        throw new Error(
          `MAT Day for ${month.uploadName} refused ${batch.failed.map((f) => `${f.user_name} (${f.message})`).join(', ')}.`,
        );
      }
      done.built = batch.created.length;
      result.added += done.built;
    }
    // What the demo's MAT Day built and has not approved yet (this run's, or one an earlier run left).
    const pending = await db
      .select({ id: distributions.id, reviewFlags: distributions.reviewFlags })
      .from(distributions)
      .where(
        and(
          inArray(distributions.userId, ids),
          eq(distributions.status, 'pending'),
          eq(distributions.batch, true),
          eq(distributions.createdBy, admin.id),
          eq(distributions.startDate, month.startDate),
          eq(distributions.endDate, month.endDate),
          eq(distributions.donationUploadName, month.uploadName),
        ),
      );
    if (pending.length > 0) {
      clock.set(month.approvedAt);
      // The demo's office looked at every review flag before approving.
      const reviewed = allFlagsReviewed(
        pending.map((row) => ({ id: row.id, review_flags: row.reviewFlags as Array<{ code: string }> })),
      );
      const outcome = await batchApprove(ctx, actor, { distribution_ids: pending.map((row) => row.id), reviewed });
      if (outcome.body.failed.length > 0) throw new Error(`MAT Day for ${month.uploadName}: ${outcome.body.message}`);
      done.approved = outcome.body.approved.length;
      result.added += done.approved;
    }
  }
  result.newestOpen = !(await overlaps(months[2]));
  return result;
}
