import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { MISSIONARY_TOTAL_SORTS, TMissionaryTotal } from '../../domain/donations/contract';
import { AppError } from '../../domain/errors';
import { toDollars } from '../../domain/money';
import type { DbOrTx } from '../db/client';
import { queryRow, queryRows } from '../db/query-rows';
import { centsFromDatabase } from '../db/schema/columns';
import { type ListQuery, likePattern } from '../http/pagination';

type MissionaryTotalSort = (typeof MISSIONARY_TOTAL_SORTS)[number];

/** Whitelisted ORDER BY expressions (never the client's text); user_id breaks ties. */
const ORDER = {
  user_name: sql`user_name`,
  total: sql`total`,
  count: sql`gift_count`,
  rows: sql`row_count`,
} satisfies Record<MissionaryTotalSort, unknown>;

const ZTotalRow = z.object({
  user_id: z.coerce.number(),
  user_name: z.string().nullable(),
  missionary_number: z.string().nullable(),
  row_count: z.coerce.number(),
  gift_count: z.coerce.number(),
  donors: z.coerce.number(),
  general: z.union([z.string(), z.number()]),
  designated: z.union([z.string(), z.number()]),
  total: z.union([z.string(), z.number()]),
});

/**
 * GET /donation/upload/{id}/missionary-totals: one page of the upload's totals per missionary, from
 * the donations it holds now (the import's answer lists only the largest; decisions 12 and 18).
 * The upload's rows are found by its name, which every row it wrote carries and `(upload_name, id)`
 * indexes (names are unique and never change); upload_id alone has no index and read the table.
 */
export async function listUploadMissionaryTotals(
  db: DbOrTx,
  uploadId: number,
  query: ListQuery<MissionaryTotalSort>,
): Promise<{ data: TMissionaryTotal[]; total_count: number }> {
  const [upload] = await queryRows(
    db,
    sql`select upload_name from donation_uploads where id = ${uploadId}`,
    z.object({ upload_name: z.string() }),
  );
  if (!upload) throw AppError.notFound();
  const search = query.q
    ? sql`and (lower(d.user_name) like ${likePattern(query.q)} or lower(u.missionary_number) like ${likePattern(query.q)})`
    : sql``;
  const grouped = sql`
    select d.user_id, max(d.user_name) as user_name, u.missionary_number, count(*) as row_count,
      sum(d.count) as gift_count, count(distinct d.donor_key) as donors,
      coalesce(sum(d.amount) filter (where d.hold_account_id is null), 0) as general,
      coalesce(sum(d.amount) filter (where d.hold_account_id is not null), 0) as designated,
      sum(d.amount) as total
    from donations d left join users u on u.id = d.user_id
    where d.upload_name = ${upload.upload_name} and d.upload_id = ${uploadId} and d.user_id is not null ${search}
    group by d.user_id, u.missionary_number`;
  const direction = query.order === 'asc' ? sql`asc` : sql`desc`;
  const [rows, counted] = await Promise.all([
    queryRows(
      db,
      sql`select * from (${grouped}) as totals
        order by ${ORDER[query.orderBy]} ${direction}, user_id ${direction}
        limit ${query.limit} offset ${query.page * query.limit}`,
      ZTotalRow,
    ),
    queryRow(db, sql`select count(*) as n from (${grouped}) as totals`, z.object({ n: z.coerce.number() })),
  ]);
  return {
    data: rows.map((row) => ({
      user_id: row.user_id,
      user_name: row.user_name ?? '',
      missionary_number: row.missionary_number,
      rows: row.row_count,
      count: row.gift_count,
      donors: row.donors,
      general: toDollars(centsFromDatabase(row.general)),
      designated: toDollars(centsFromDatabase(row.designated)),
      total: toDollars(centsFromDatabase(row.total)),
    })),
    total_count: counted.n,
  };
}
