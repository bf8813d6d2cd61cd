import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { IsoDate } from '../../domain/dates';
import {
  type DatedDistribution,
  findOverlap,
  OVERLAP_UNKNOWN,
  type WantedRange,
} from '../../domain/distributions/overlap';
import { AppError } from '../../domain/errors';
import { distributionOverlapMessage } from '../../domain/messages';
import type { DbOrTx } from '../db/client';
import { isExclusionViolation } from '../db/errors';
import { queryRows } from '../db/query-rows';

/**
 * One missionary, one distribution per day (docs/distribution.md "One distribution per day"). The
 * rule is `findOverlap` (src/domain/distributions/overlap.ts); this reads what it needs. Callers ask
 * under the missionary's lock (their `users` row, FOR UPDATE) in the transaction that writes, so of
 * two saves at once the second waits and then sees the first one's row. The exclusion constraint
 * below is the database's own guard behind it.
 */
export const NO_OVERLAP_CONSTRAINT = 'distributions_no_overlap';

export type OverlapRow = DatedDistribution & { userName: string };

const ZOverlapRow = z.object({
  id: z.coerce.number(),
  user_id: z.coerce.number(),
  user_name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  status: z.string(),
});

/** The users' distributions that count (not reversed) and share a day with the range, by id. */
export async function overlapCandidates(
  db: DbOrTx,
  userIds: readonly number[],
  range: { startDate: IsoDate; endDate: IsoDate },
): Promise<OverlapRow[]> {
  if (userIds.length === 0) return [];
  const rows = await queryRows(
    db,
    sql`select d.id, d.user_id, u.name as user_name, to_char(d.start_date, 'YYYY-MM-DD') as start_date,
        to_char(d.end_date, 'YYYY-MM-DD') as end_date, d.status
      from distributions d join users u on u.id = d.user_id
      where d.user_id = any(${sql.param([...userIds])}::int[]) and d.status <> 'reversed'
        and d.start_date <= ${range.endDate}::date and d.end_date >= ${range.startDate}::date
      order by d.user_id, d.id`,
    ZOverlapRow,
  );
  return rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    userName: row.user_name,
    startDate: row.start_date,
    endDate: row.end_date,
    status: row.status,
  }));
}

/** 409 naming the other distribution when the wanted range shares a day with one that counts. */
export async function refuseOverlap(tx: DbOrTx, wanted: WantedRange): Promise<void> {
  const other = findOverlap(wanted, await overlapCandidates(tx, [wanted.userId], wanted));
  if (other) throw AppError.conflict(distributionOverlapMessage(other.userName, other));
}

/**
 * Runs a save; when the exclusion constraint refuses it (23P01: a racer the lock did not order, or a
 * path that skipped the check) the answer is the same 409, naming the other distribution when it
 * can be read back — never a 500.
 */
export async function withOverlapConflict<T>(db: DbOrTx, wanted: WantedRange, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isExclusionViolation(error, NO_OVERLAP_CONSTRAINT)) throw error;
    const other = findOverlap(wanted, await overlapCandidates(db, [wanted.userId], wanted));
    throw AppError.conflict(other ? distributionOverlapMessage(other.userName, other) : OVERLAP_UNKNOWN);
  }
}
