import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { isoDateOf } from '../../domain/dates';
import { AppError } from '../../domain/errors';
import type { holdAccountTransactionSchema, TransactionType } from '../../domain/hold-accounts/schemas';
import {
  defaultDescription,
  deleteProblem,
  overdrawProblem,
  reversalEffect,
  transactionEffect,
} from '../../domain/hold-accounts/transactions';
import { type Cents, toDecimalString } from '../../domain/money';
import type { AuthUser } from '../auth/tokens';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { holdAccounts, holdAccountTransactions, profiles, users } from '../db/schema';
import { MAX_LIST_ROWS } from '../http/pagination';
import { postJournal, recordAudit } from '../journal/journal';
import { assertCanView, findHoldAccount, serializeById } from './hold-accounts';
import { serializeTransaction } from './serialize';

type TransactionRow = typeof holdAccountTransactions.$inferSelect;

function deletable(row: TransactionRow, balance: Cents): boolean {
  return deleteProblem({ ...row, transactionType: row.transactionType as TransactionType }, balance) === null;
}

/** GET /hold-account/{id}/transactions: posted movements, newest first (pending ones travel with a distribution). */
export async function listTransactions(db: DbOrTx, viewer: AuthUser, holdAccountId: number) {
  const account = await findHoldAccount(db, holdAccountId);
  assertCanView(viewer, account);
  const where = and(
    eq(holdAccountTransactions.holdAccountId, holdAccountId),
    eq(holdAccountTransactions.status, 'posted'),
  );
  // Decision 18: the newest MAX_LIST_ROWS, and the count of all in X-Total-Count.
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ transaction: holdAccountTransactions, createdByName: users.name })
      .from(holdAccountTransactions)
      .leftJoin(users, eq(users.id, holdAccountTransactions.createdBy))
      .where(where)
      .orderBy(desc(holdAccountTransactions.id))
      .limit(MAX_LIST_ROWS),
    db.select({ total: count() }).from(holdAccountTransactions).where(where),
  ]);
  return {
    rows: rows.map((row) =>
      serializeTransaction(row.transaction, {
        createdByName: row.createdByName,
        deletable: deletable(row.transaction, account.balance),
      }),
    ),
    total,
  };
}

/** Moves the owner's general fund (profiles.fund_balance) with its journal row, atomically. */
async function moveUserFund(
  tx: DbOrTx,
  entry: { userId: number; delta: Cents; reason: string; refId: number; memo: string; actorId: number; now: Date },
): Promise<void> {
  if (entry.delta === 0) return;
  const [profile] = await tx
    .insert(profiles)
    .values({ userId: entry.userId, fundBalance: entry.delta, updatedAt: entry.now })
    .onConflictDoUpdate({
      target: profiles.userId,
      set: {
        fundBalance: sql`${profiles.fundBalance} + ${toDecimalString(entry.delta)}::numeric`,
        updatedAt: entry.now,
      },
    })
    .returning({ fundBalance: profiles.fundBalance });
  await postJournal(tx, {
    account: 'user_fund',
    accountId: entry.userId,
    amount: entry.delta,
    balanceAfter: profile.fundBalance,
    reason: entry.reason,
    refType: 'hold_account_transaction',
    refId: entry.refId,
    memo: entry.memo,
    actorId: entry.actorId,
  });
}

/**
 * POST /hold-account/{id}/transaction (admin, decision 4, docs/decisions.md): posts at once. A withdrawal or
 * transfer may not overdraw the account. The balance, the owner's general fund and their journal
 * rows change in the same transaction.
 */
export async function postTransaction(
  ctx: AppContext,
  actor: AuthUser,
  holdAccountId: number,
  input: z.output<typeof holdAccountTransactionSchema>,
) {
  const now = ctx.clock.now();
  const type = input.transaction_type;
  const amount = input.transaction_amount;
  const description = input.description ?? defaultDescription(type);
  const transaction = await ctx.db.transaction(async (tx) => {
    const account = await findHoldAccount(tx, holdAccountId, { lock: true });
    if (account.archivedAt !== null) throw AppError.conflict('This hold account is archived. Restore it first.');
    const problem = overdrawProblem(type, amount, account.balance);
    if (problem) throw AppError.field('transaction_amount', problem);
    const effect = transactionEffect(type, amount);
    const balanceAfter = account.balance + effect.holdDelta;
    const [row] = await tx
      .insert(holdAccountTransactions)
      .values({
        holdAccountId,
        transactionType: type,
        transactionAmount: amount,
        amountApproved: amount,
        description,
        recurring: false,
        approved: true,
        startingBalance: account.balance,
        startingUnreimbursedAmount: account.unreimbursedAmount,
        endingBalance: balanceAfter,
        matDate: isoDateOf(now),
        status: 'posted',
        createdBy: actor.id,
        createdAt: now,
      })
      .returning();
    await tx
      .update(holdAccounts)
      .set({ balance: balanceAfter, updatedAt: now })
      .where(eq(holdAccounts.id, holdAccountId));
    const reason = `manual_${type.toLowerCase()}`;
    await postJournal(tx, {
      account: 'hold_account',
      accountId: holdAccountId,
      amount: effect.holdDelta,
      balanceAfter,
      reason,
      refType: 'hold_account_transaction',
      refId: row.id,
      memo: description,
      actorId: actor.id,
    });
    await moveUserFund(tx, {
      userId: account.userId,
      delta: effect.fundDelta,
      reason,
      refId: row.id,
      memo: `${description} (${account.fundName})`,
      actorId: actor.id,
      now,
    });
    return { row, balanceAfter };
  });
  return {
    ...serializeTransaction(transaction.row, {
      createdByName: actor.name,
      deletable: deletable(transaction.row, transaction.balanceAfter),
    }),
    hold_account: await serializeById(ctx.db, holdAccountId),
  };
}

/**
 * DELETE /hold-account-transaction/{id} (admin): only manual ones (not recurring, no expense, not in a
 * distribution). The reversal is journaled; the audit keeps the deleted row.
 */
export async function deleteTransaction(ctx: AppContext, actor: AuthUser, id: number) {
  const now = ctx.clock.now();
  const deleted = await ctx.db.transaction(async (tx) => {
    const [found] = await tx.select().from(holdAccountTransactions).where(eq(holdAccountTransactions.id, id));
    if (!found) throw AppError.notFound('Transaction not found.');
    const account = await findHoldAccount(tx, found.holdAccountId, { lock: true });
    const [row] = await tx
      .select()
      .from(holdAccountTransactions)
      .where(eq(holdAccountTransactions.id, id))
      .for('update');
    if (!row) throw AppError.notFound('Transaction not found.');
    const type = row.transactionType as TransactionType;
    const problem = deleteProblem({ ...row, transactionType: type }, account.balance);
    if (problem) throw AppError.conflict(problem);
    const effect = reversalEffect(type, row.transactionAmount);
    const balanceAfter = account.balance + effect.holdDelta;
    const memo = `Deleted: ${row.description ?? defaultDescription(type)}`;
    await tx.delete(holdAccountTransactions).where(eq(holdAccountTransactions.id, id));
    await tx.update(holdAccounts).set({ balance: balanceAfter, updatedAt: now }).where(eq(holdAccounts.id, account.id));
    await postJournal(tx, {
      account: 'hold_account',
      accountId: account.id,
      amount: effect.holdDelta,
      balanceAfter,
      reason: 'reversal',
      refType: 'hold_account_transaction',
      refId: id,
      memo,
      actorId: actor.id,
    });
    await moveUserFund(tx, {
      userId: account.userId,
      delta: effect.fundDelta,
      reason: 'reversal',
      refId: id,
      memo: `${memo} (${account.fundName})`,
      actorId: actor.id,
      now,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'delete',
      entityType: 'hold_account_transaction',
      entityId: id,
      details: serializeTransaction(row, { createdByName: null, deletable: true }),
    });
    return row;
  });
  return {
    ...serializeTransaction(deleted, { createdByName: null, deletable: false }),
    hold_account: await serializeById(ctx.db, deleted.holdAccountId),
  };
}
