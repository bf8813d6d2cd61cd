import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import type { Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema';

/** How long a key is remembered: a phone that comes back online the next day may still retry. */
export const IDEMPOTENCY_KEY_HOURS = 24;
const MAX_KEY_LENGTH = 200;

export interface IdempotencyKey {
  key: string;
  /** sha256 of the parsed request body: the same key with another body is refused. */
  requestHash: string;
}

/**
 * The Idempotency-Key header of a create request, or null when it has none; 422 when malformed.
 * `route` names the create (keys are per user, not per route: the same key on another route is
 * another request, refused with 409); `body` is what identifies the request (for an upload, a digest
 * of the file rather than its bytes).
 */
export function idempotencyKeyOf(header: unknown, route: string, body: unknown): IdempotencyKey | null {
  if (header === undefined) return null;
  const key = Array.isArray(header) ? header[0] : header;
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(key)) {
    throw AppError.field(
      'Idempotency-Key',
      `Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} visible characters without spaces.`,
    );
  }
  return {
    key,
    requestHash: createHash('sha256')
      .update(`${route}\0${JSON.stringify(body)}`)
      .digest('hex'),
  };
}

/**
 * Claims the key for this user inside the create's transaction. Null: the key is new (or expired)
 * and is now held; call rememberResource with the new row's id. A number: the row the first request
 * with this key and body made. 409 when the key was used with another body. A concurrent request
 * with the same key waits on the claimed row, then sees the first request's answer.
 */
export async function claimIdempotencyKey(
  tx: Tx,
  userId: number,
  idempotency: IdempotencyKey,
  now: Date,
): Promise<number | null> {
  const mine = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, idempotency.key));
  const expired = new Date(now.getTime() - IDEMPOTENCY_KEY_HOURS * 3_600_000);
  await tx.delete(idempotencyKeys).where(and(mine, lt(idempotencyKeys.createdAt, expired)));
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ userId, key: idempotency.key, requestHash: idempotency.requestHash, resourceId: 0, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) return null;
  const [prior] = await tx.select().from(idempotencyKeys).where(mine);
  if (!prior || prior.requestHash !== idempotency.requestHash) {
    throw AppError.conflict('This Idempotency-Key was already used for a different request.');
  }
  return prior.resourceId;
}

export async function rememberResource(tx: Tx, userId: number, key: string, resourceId: number): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ resourceId })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}
