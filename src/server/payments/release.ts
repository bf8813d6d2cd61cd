import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { addDays, type IsoDate, isoDateOf } from '../../domain/dates';
import { AppError } from '../../domain/errors';
import { effectiveEntryDate, payDateOf } from '../../domain/payments/business-days';
import {
  achSettingsMissing,
  PAYMENT_SETTING_LABELS,
  type PaymentSettingField,
  wireSettingsMissing,
} from '../../domain/payments/payment-settings';
import type { AuthUser } from '../auth/tokens';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { payeeBankDetails, paymentBatches, paymentLineItems, paymentLines } from '../db/schema';
import { recordAudit } from '../journal/journal';
import { assertFreshSecondFactor } from '../second-factor/freshness';
import { buildBatchFiles, type FileLine } from './build-files';
import { RELEASED_MESSAGE } from './lines';
import { loadPaymentSettings } from './payment-settings';
import { BATCH_NOT_FOUND, batchLines, type LineRow, readBatch } from './read-batch';
import { openBankDetails, sealBatchFiles } from './sealed';

export const RELEASE_MESSAGES = {
  staleSecondFactor:
    'Confirm your second factor again before releasing a payment batch: enter a code from your authenticator app (it must have been verified within the last 15 minutes).',
  held: (count: number) =>
    `${count} ${count === 1 ? 'line is' : 'lines are'} held: clear ${count === 1 ? 'it' : 'them'} or leave ${count === 1 ? 'it' : 'them'} out before releasing.`,
  nothing: 'This batch pays nothing and sends no prenote: leave it as a draft or discard it.',
  settings: (fields: PaymentSettingField[]) =>
    `Complete the payment settings first: ${fields.map((field) => PAYMENT_SETTING_LABELS[field]).join(', ')}.`,
  detailsMoved: (name: string) =>
    `The bank details of ${name} changed after this line was made: reload the batch and review the line.`,
} as const;

/**
 * POST /payment-batches/{id}/release (docs/payments.md "Release"): an admin with a fresh second
 * factor releases a draft with no held line. In one transaction: the payees' details are opened,
 * the files written and sealed, the batch frozen, paying lines marked paid and prenote lines' items
 * set free for a later batch, and each payee's details recorded as reviewed and proven. No balance
 * moves: approving the distribution (or processing the payout) already booked the money out.
 */
export async function releaseBatch(ctx: AppContext, actor: AuthUser, token: string, id: number) {
  await assertFreshSecondFactor(ctx, actor, token, RELEASE_MESSAGES.staleSecondFactor);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [batch] = await tx.select().from(paymentBatches).where(eq(paymentBatches.id, id)).for('update');
    if (!batch) throw AppError.notFound(BATCH_NOT_FOUND);
    if (batch.status !== 'draft') throw AppError.conflict(RELEASED_MESSAGE);
    const lines = await batchLines(tx, id);
    const held = lines.filter((line) => line.status === 'held').length;
    if (held > 0) throw AppError.conflict(RELEASE_MESSAGES.held(held));
    const sending = lines.filter((line) => line.status === 'pending' || line.status === 'prenote');
    if (sending.length === 0) throw AppError.conflict(RELEASE_MESSAGES.nothing);
    const settings = await loadPaymentSettings(tx);
    const missing = [
      ...(sending.some((l) => l.method === 'ach') ? achSettingsMissing(settings) : []),
      ...(sending.some((l) => l.method === 'wire' && l.status === 'pending') ? wireSettingsMissing(settings) : []),
    ];
    if (missing.length > 0) throw AppError.conflict(RELEASE_MESSAGES.settings(missing));
    const fileLines = await openLines(ctx, tx, sending);
    const today = isoDateOf(now);
    // Released after its MAT date, a batch pays as soon as it can: a bank refuses a past date.
    const payDate = payDateOf(batch.matDate, today);
    const files = buildBatchFiles(batch, payDate, settings, fileLines, now, await fileIdModifier(tx, today));
    await freeze(tx, { id, actorId: actor.id, now, payDate, sealed: sealBatchFiles(ctx.config, id, files) }, sending);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'release',
      entityType: 'payment_batch',
      entityId: id,
      details: {
        paid: sending.filter((l) => l.status === 'pending').length,
        prenotes: sending.filter((l) => l.status === 'prenote').length,
        effective_date: effectiveEntryDate(payDate),
      },
    });
  });
  return readBatch(ctx.db, id);
}

/** The payees' details, each opened for this file only; a line whose payee changed since is refused. */
async function openLines(ctx: AppContext, tx: Tx, lines: readonly LineRow[]): Promise<FileLine[]> {
  const rows = await tx
    .select()
    .from(payeeBankDetails)
    .where(
      inArray(
        payeeBankDetails.userId,
        lines.map((l) => l.userId),
      ),
    )
    .for('update');
  const byUser = new Map(rows.map((row) => [row.userId, row]));
  return lines.map((line) => {
    const row = byUser.get(line.userId);
    if (!row || row.version !== line.detailsVersion)
      throw AppError.conflict(RELEASE_MESSAGES.detailsMoved(line.userName));
    return {
      lineId: line.id,
      userId: line.userId,
      userName: line.userName,
      missionaryNumber: line.missionaryNumber,
      amount: line.amount,
      status: line.status === 'prenote' ? 'prenote' : 'paid',
      details: openBankDetails(ctx.config, line.userId, row.sealed),
    };
  });
}

/** A, B, C… for the files released the same day: a bank refuses two identical file headers. */
async function fileIdModifier(tx: Tx, today: IsoDate): Promise<string> {
  const start = new Date(`${today}T00:00:00Z`);
  const end = new Date(`${addDays(today, 1)}T00:00:00Z`);
  const released = await tx
    .select({ id: paymentBatches.id })
    .from(paymentBatches)
    .where(and(gte(paymentBatches.releasedAt, start), lt(paymentBatches.releasedAt, end)));
  return '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.charAt(10 + (released.length % 26));
}

async function freeze(
  tx: Tx,
  release: { id: number; actorId: number; now: Date; payDate: IsoDate; sealed: string },
  sending: readonly LineRow[],
) {
  await tx
    .update(paymentBatches)
    .set({
      status: 'released',
      releasedAt: release.now,
      releasedBy: release.actorId,
      effectiveDate: effectiveEntryDate(release.payDate),
      files: release.sealed,
      updatedAt: release.now,
    })
    .where(eq(paymentBatches.id, release.id));
  const paying = sending.filter((l) => l.status === 'pending').map((l) => l.id);
  const prenotes = sending.filter((l) => l.status === 'prenote').map((l) => l.id);
  if (paying.length > 0) await tx.update(paymentLines).set({ status: 'paid' }).where(inArray(paymentLines.id, paying));
  // A prenote pays nothing now: what its line held is free for the next batch.
  if (prenotes.length > 0) await tx.delete(paymentLineItems).where(inArray(paymentLineItems.lineId, prenotes));
  // One statement for every payee (a batch may hold thousands): reviewed and proven at its version.
  const users = sending.map((l) => l.userId);
  const versions = sending.map((l) => l.detailsVersion);
  await tx.execute(sql`update payee_bank_details p
    set reviewed_version = v.version, proven_version = v.version
    from (select unnest(${sql.param(users)}::int[]) as user_id, unnest(${sql.param(versions)}::int[]) as version) v
    where p.user_id = v.user_id and p.version = v.version`);
}
