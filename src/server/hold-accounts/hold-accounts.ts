import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { archiveProblem, deleteProblem, RETIRE_MESSAGES } from '../../domain/hold-accounts/retire';
import type { createHoldAccountSchema, updateHoldAccountSchema } from '../../domain/hold-accounts/schemas';
import { isStaff } from '../../domain/roles';
import type { AuthUser } from '../auth/tokens';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { isForeignKeyViolation } from '../db/errors';
import { rowsOfResult } from '../db/query-rows';
import {
  advanceRequests,
  donations,
  expenses,
  holdAccounts,
  holdAccountTransactions,
  journalEntries,
  users,
} from '../db/schema';
import { MAX_LIST_ROWS } from '../http/pagination';
import { recordAudit } from '../journal/journal';
import { serializeHoldAccount } from './serialize';

const ownerColumns = { id: users.id, name: users.name, missionaryNumber: users.missionaryNumber };

export const HOLD_ACCOUNT_IN_USE = RETIRE_MESSAGES.inUse;

/** Fund names identify hold accounts in the donation import, so active ones are unique (any case). */
const FUND_NAME_LOCK = 7_340_001;

async function lockFundNames(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${FUND_NAME_LOCK})`);
}

async function assertFundNameFree(tx: DbOrTx, fundName: string, exceptId: number | null, field = 'fund_name') {
  const [taken] = await tx
    .select({ id: holdAccounts.id, fundName: holdAccounts.fundName })
    .from(holdAccounts)
    .where(
      and(
        sql`lower(${holdAccounts.fundName}) = lower(${fundName})`,
        isNull(holdAccounts.archivedAt),
        exceptId === null ? undefined : ne(holdAccounts.id, exceptId),
      ),
    )
    .limit(1);
  if (taken) {
    const message = `Another active hold account is already named "${taken.fundName}".`;
    if (field === '_') throw AppError.conflict(message);
    throw AppError.field(field, message);
  }
}

/** The owner must be an active user with role missionary (docs/product.md §6). */
async function requireMissionary(tx: DbOrTx, userId: number) {
  const [owner] = await tx
    .select({ ...ownerColumns, role: users.role, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (owner?.role !== 'missionary' || owner.deletedAt !== null) {
    throw AppError.field('user_id', 'Choose an active missionary as the owner.');
  }
  return owner;
}

export async function findHoldAccount(db: DbOrTx, id: number, options: { lock?: boolean } = {}) {
  const query = db.select().from(holdAccounts).where(eq(holdAccounts.id, id));
  const [row] = options.lock ? await query.for('no key update') : await query;
  if (!row) throw AppError.notFound('Hold account not found.');
  return row;
}

async function ownerOf(db: DbOrTx, userId: number) {
  const [owner] = await db.select(ownerColumns).from(users).where(eq(users.id, userId));
  return owner ?? null;
}

/** Staff see every account; anyone else only their own. */
export function assertCanView(viewer: AuthUser, account: { userId: number }): void {
  if (!isStaff(viewer.role) && account.userId !== viewer.id) throw AppError.forbidden();
}

export async function serializeById(db: DbOrTx, id: number) {
  const account = await findHoldAccount(db, id);
  return serializeHoldAccount(account, await ownerOf(db, account.userId));
}

/** GET /hold-account: Active (default), Archived or all; a missionary's own only. */
export async function listHoldAccounts(
  db: DbOrTx,
  viewer: AuthUser,
  filter: { status: 'active' | 'archived' | 'all'; userId?: number },
) {
  let userId = filter.userId;
  if (!isStaff(viewer.role)) {
    if (userId !== undefined && userId !== viewer.id) throw AppError.forbidden();
    userId = viewer.id;
  }
  const conditions: Array<SQL | undefined> = [
    filter.status === 'active' ? isNull(holdAccounts.archivedAt) : undefined,
    filter.status === 'archived' ? isNotNull(holdAccounts.archivedAt) : undefined,
    userId !== undefined ? eq(holdAccounts.userId, userId) : undefined,
  ];
  const where = and(...conditions);
  // Decision 18: the newest MAX_LIST_ROWS accounts, listed by fund name as the screen shows them.
  const newest = db
    .select({ id: holdAccounts.id })
    .from(holdAccounts)
    .where(where)
    .orderBy(desc(holdAccounts.id))
    .limit(MAX_LIST_ROWS);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ account: holdAccounts, owner: ownerColumns })
      .from(holdAccounts)
      .innerJoin(users, eq(users.id, holdAccounts.userId))
      .where(inArray(holdAccounts.id, newest))
      .orderBy(asc(holdAccounts.fundName), asc(holdAccounts.id)),
    db.select({ total: count() }).from(holdAccounts).where(where),
  ]);
  return { rows: rows.map((row) => serializeHoldAccount(row.account, row.owner)), total };
}

export async function getHoldAccount(db: DbOrTx, viewer: AuthUser, id: number) {
  const account = await findHoldAccount(db, id);
  assertCanView(viewer, account);
  return serializeHoldAccount(account, await ownerOf(db, account.userId));
}

/**
 * POST /hold-account: the opening balance is stored as `opening_balance` and starts `balance`
 * (docs/decisions.md: balance = opening_balance + Σ journal rows, and there are none yet).
 */
export async function createHoldAccount(
  ctx: AppContext,
  actor: AuthUser,
  input: z.output<typeof createHoldAccountSchema>,
) {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const owner = await requireMissionary(tx, input.user_id);
    await lockFundNames(tx);
    await assertFundNameFree(tx, input.fund_name, null);
    const [account] = await tx
      .insert(holdAccounts)
      .values({
        userId: owner.id,
        fundName: input.fund_name,
        openingBalance: input.balance,
        balance: input.balance,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'create',
      entityType: 'hold_account',
      entityId: account.id,
      details: { fund_name: account.fundName, user_id: owner.id, opening_balance: input.balance },
    });
    return serializeHoldAccount(account, owner);
  });
}

async function hasPostedMovements(tx: DbOrTx, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ n: count() })
    .from(journalEntries)
    .where(
      and(
        eq(journalEntries.accountId, id),
        sql`${journalEntries.account} in ('hold_account', 'hold_account_unreimbursed')`,
      ),
    );
  return row.n > 0;
}

/** PATCH /hold-account/{id}: fund name, owner, recurring MAT Day amounts, opening balance (until something posts). */
export async function updateHoldAccount(
  ctx: AppContext,
  actor: AuthUser,
  id: number,
  input: z.output<typeof updateHoldAccountSchema>,
) {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const existing = await findHoldAccount(tx, id, { lock: true });
    const changes: Partial<typeof holdAccounts.$inferInsert> = {};
    if (input.user_id !== undefined && input.user_id !== existing.userId) {
      changes.userId = (await requireMissionary(tx, input.user_id)).id;
    }
    if (input.fund_name !== undefined && input.fund_name !== existing.fundName) {
      if (existing.archivedAt === null) {
        await lockFundNames(tx);
        await assertFundNameFree(tx, input.fund_name, id);
      }
      changes.fundName = input.fund_name;
    }
    if (input.opening_balance !== undefined && input.opening_balance !== existing.openingBalance) {
      if (await hasPostedMovements(tx, id)) {
        throw AppError.field(
          'opening_balance',
          'The opening balance cannot change once transactions have posted. Add a deposit or withdrawal instead.',
        );
      }
      changes.openingBalance = input.opening_balance;
      changes.balance = existing.balance + (input.opening_balance - existing.openingBalance);
    }
    if (input.mat_day_recurring_deposit !== undefined) changes.matDayRecurringDeposit = input.mat_day_recurring_deposit;
    if (input.mat_day_recurring_transfer !== undefined)
      changes.matDayRecurringTransfer = input.mat_day_recurring_transfer;
    if (input.mat_day_recurring_withdrawal !== undefined)
      changes.matDayRecurringWithdrawal = input.mat_day_recurring_withdrawal;
    const [updated] = await tx
      .update(holdAccounts)
      .set({ ...changes, updatedAt: now })
      .where(eq(holdAccounts.id, id))
      .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'update',
      entityType: 'hold_account',
      entityId: id,
      details: { fields: Object.keys(changes) },
    });
    return serializeHoldAccount(updated, await ownerOf(tx, updated.userId));
  });
}

/**
 * Uses of a hold account that still wait for a distribution (decision 15, docs/decisions.md): its rows in a
 * pending distribution, designated donations not yet deposited, expenses of unprocessed reports.
 */
async function waitingUses(tx: DbOrTx, id: number): Promise<number> {
  const result = await tx.execute(sql`
    select (select count(*) from hold_account_transactions where hold_account_id = ${id} and status = 'pending')
      + (select count(*) from donations d left join distributions x on x.id = d.distribution_id
          where d.hold_account_id = ${id} and not d.approved and (x.id is null or x.status = 'pending'))
      + (select count(*) from expenses e join expense_reports r on r.id = e.expense_report_id
          where e.hold_account_id = ${id} and not r.processed) as n`);
  return rowsOfResult(result, z.object({ n: z.coerce.number() }))[0].n;
}

/** Everything ever recorded on the account: with any of it, delete is refused (archive instead). */
async function recordedUses(tx: DbOrTx, id: number): Promise<number> {
  // Sequential: a transaction's queries share one connection.
  const counts = [
    await tx.select({ n: count() }).from(donations).where(eq(donations.holdAccountId, id)),
    await tx.select({ n: count() }).from(expenses).where(eq(expenses.holdAccountId, id)),
    await tx.select({ n: count() }).from(advanceRequests).where(eq(advanceRequests.holdAccountId, id)),
    await tx.select({ n: count() }).from(holdAccountTransactions).where(eq(holdAccountTransactions.holdAccountId, id)),
  ];
  return counts.reduce((total, [row]) => total + row.n, 0) + ((await hasPostedMovements(tx, id)) ? 1 : 0);
}

/**
 * GET /hold-account/{id}/archive: archives an active account — only an empty one nothing waiting
 * uses (409 naming the amounts) — and restores an archived one.
 */
export async function toggleArchive(ctx: AppContext, actor: AuthUser, id: number) {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const existing = await findHoldAccount(tx, id, { lock: true });
    const restoring = existing.archivedAt !== null;
    if (restoring) {
      await lockFundNames(tx);
      await assertFundNameFree(tx, existing.fundName, id, '_');
    } else {
      const problem = archiveProblem({
        balance: existing.balance,
        unreimbursedAmount: existing.unreimbursedAmount,
        waitingUses: await waitingUses(tx, id),
        recordedUses: 0,
      });
      if (problem) throw AppError.conflict(problem);
    }
    const [updated] = await tx
      .update(holdAccounts)
      .set({ archivedAt: restoring ? null : now, updatedAt: now })
      .where(eq(holdAccounts.id, id))
      .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      action: restoring ? 'restore' : 'archive',
      entityType: 'hold_account',
      entityId: id,
    });
    return serializeHoldAccount(updated, await ownerOf(tx, updated.userId));
  });
}

/** DELETE /hold-account/{id}: only an empty account nothing was ever recorded on (else 409: archive instead). */
export async function deleteHoldAccount(ctx: AppContext, actor: AuthUser, id: number) {
  return ctx.db.transaction(async (tx) => {
    const existing = await findHoldAccount(tx, id, { lock: true });
    const problem = deleteProblem({
      balance: existing.balance,
      unreimbursedAmount: existing.unreimbursedAmount,
      waitingUses: 0,
      recordedUses: await recordedUses(tx, id),
    });
    if (problem) throw AppError.conflict(problem);
    try {
      await tx.transaction(async (inner) => {
        await inner.delete(holdAccounts).where(eq(holdAccounts.id, id));
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) throw AppError.conflict(HOLD_ACCOUNT_IN_USE);
      throw error;
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'delete',
      entityType: 'hold_account',
      entityId: id,
      details: { fund_name: existing.fundName, user_id: existing.userId, opening_balance: existing.openingBalance },
    });
    return serializeHoldAccount(existing, await ownerOf(tx, existing.userId));
  });
}
