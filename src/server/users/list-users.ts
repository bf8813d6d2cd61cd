import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { USER_SORTS } from '../../domain/users/contract';
import type { DbOrTx } from '../db/client';
import { profiles, users } from '../db/schema';
import { type ListQuery, likePattern, MAX_LIST_ROWS, orderOf, type Page } from '../http/pagination';
import { serializeUser } from './serialize';

export type UserSort = (typeof USER_SORTS)[number];

const SORT_COLUMNS = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  missionary_number: users.missionaryNumber,
  created_at: users.createdAt,
} as const;

function searchCondition(q: string | null): SQL | undefined {
  if (!q) return undefined;
  const pattern = likePattern(q);
  return or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(users.missionaryNumber, pattern));
}

/**
 * GET /user and /user/archived (decision 18): the newest MAX_LIST_ROWS users that match, answered A–Z
 * as the Users screen lists them, and the count of all that match (X-Total-Count).
 */
export async function listUsers(db: DbOrTx, filter: { archived: boolean; role?: string; q?: string | null }) {
  const where = and(
    filter.archived ? isNotNull(users.deletedAt) : isNull(users.deletedAt),
    filter.role ? eq(users.role, filter.role) : undefined,
    searchCondition(filter.q ?? null),
  );
  const newest = db.select({ id: users.id }).from(users).where(where).orderBy(desc(users.id)).limit(MAX_LIST_ROWS);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ user: users, profile: profiles })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(inArray(users.id, newest))
      .orderBy(asc(users.name), asc(users.id)),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows: rows.map((row) => serializeUser(row.user, row.profile)), total };
}

export async function paginateUsers(
  db: DbOrTx,
  query: ListQuery<UserSort>,
  filter: { archived: boolean; role?: string },
): Promise<Page<ReturnType<typeof serializeUser>>> {
  const where = and(
    filter.archived ? isNotNull(users.deletedAt) : isNull(users.deletedAt),
    filter.role ? eq(users.role, filter.role) : undefined,
    searchCondition(query.q),
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ user: users, profile: profiles })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(where)
      .orderBy(...orderOf(SORT_COLUMNS[query.orderBy], query.order, users.id))
      .limit(query.limit)
      .offset(query.page * query.limit),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { data: rows.map((row) => serializeUser(row.user, row.profile)), total_count: total };
}

/** GET /search_user: active users of a role whose name, email or Account # matches, from 2 characters. */
export async function searchUsers(db: DbOrTx, q: string, role: string) {
  const term = q.trim();
  if (term.length < 2) return [];
  const rows = await db
    .select({ user: users, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(isNull(users.deletedAt), eq(users.role, role), searchCondition(term.toLowerCase())))
    .orderBy(asc(users.name), asc(users.id))
    .limit(20);
  return rows.map((row) => serializeUser(row.user, row.profile));
}
