import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { undistributedContract as api, type TUndistributedUpload } from '../../domain/donations/undistributed-contract';
import { toDollars } from '../../domain/money';
import { STAFF } from '../../domain/roles';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { queryRows } from '../db/query-rows';
import { centsFromDatabase } from '../db/schema/columns';
import { type AnyRoute, route } from '../http/routes';

/**
 * GET /donation/undistributed[?user_id]: each upload holding donations no distribution has taken
 * (of that missionary, or of any active missionary), newest upload first. Read through the partial
 * index on undistributed donations (migration 0020), so it costs what is left to distribute, not
 * the whole history; the uploads' select (GET /donation/upload-names) is left as it is.
 */
export async function listUndistributedUploads(
  db: DbOrTx,
  userId: number | undefined,
): Promise<TUndistributedUpload[]> {
  const who =
    userId === undefined
      ? sql`d.user_id in (select u.id from users u where u.role = 'missionary' and u.deleted_at is null)`
      : sql`d.user_id = ${userId}`;
  const rows = await queryRows(
    db,
    sql`select d.upload_name, count(*)::int as donations, sum(d.amount)::text as total, max(d.id) as last_id
      from donations d where d.distribution_id is null and d.user_id is not null and ${who}
      group by d.upload_name order by last_id desc`,
    z.object({ upload_name: z.string(), donations: z.coerce.number(), total: z.string() }),
  );
  return rows.map((row) => ({
    upload_name: row.upload_name,
    donations: row.donations,
    total_amount: toDollars(centsFromDatabase(row.total)),
  }));
}

export function undistributedRoutes(ctx: AppContext): AnyRoute[] {
  return [
    route(api.listUndistributedUploads, {
      access: STAFF,
      handler: async (request) => listUndistributedUploads(ctx.db, request.query.user_id),
    }),
  ];
}
