import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import type { AppContext } from '../context';
import { idempotencyKeys } from '../db/schema';
import { IDEMPOTENCY_KEY_HOURS, type IdempotencyKey, idempotencyKeyOf } from './idempotency';

/**
 * Idempotency-Key for a create route whose service does not claim the key itself (docs/security.md,
 * "Idempotency"): the route layer claims the key for the user in a short transaction of its own
 * (one row; a parallel claim of the same key waits on it and finds it), runs the handler, and
 * remembers the answer's status and body. A retry with the same key and body gets that answer again
 * and creates nothing; one that arrives while the first still runs waits for its answer (up to
 * WAIT_MS, then 409); the same key with another body or route is 409. A first request that fails
 * lets its key go, so a corrected retry runs.
 */
const WAIT_MS = 15_000;
const POLL_MS = 25;
export const STILL_RUNNING = 'A request with this Idempotency-Key is still being processed. Try again shortly.';

/** The request's identity for its key: files count by their digest, not their bytes. */
function identity(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) {
    const file = value as { kind?: string; content?: Buffer; filename?: string };
    out[name] =
      file && typeof file === 'object' && file.kind === 'file' && Buffer.isBuffer(file.content)
        ? { file: file.filename, sha256: createHash('sha256').update(file.content).digest('hex') }
        : value;
  }
  return out;
}

export type Replay = { status: number; body: unknown };

/**
 * Runs `create` at most once per (user, Idempotency-Key): without the header it just runs. `route`
 * names the route ("POST /advance-request"); `body` is the request as sent (files as UploadedFile).
 */
export async function createOnce(
  ctx: AppContext,
  userId: number,
  header: unknown,
  route: string,
  body: Record<string, unknown>,
  create: () => Promise<Replay | null>,
): Promise<Replay | null> {
  const key = idempotencyKeyOf(header, route, identity(body));
  if (!key) return create();
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    if (await claim(ctx, userId, key)) {
      let answer: Replay | null = null;
      try {
        answer = await create();
      } finally {
        await settle(ctx, userId, key.key, answer);
      }
      return answer;
    }
    const prior = await waitForAnswer(ctx, userId, key, deadline);
    // The first request failed and let the key go: this one runs in its place.
    if (prior !== 'free') return prior;
  }
}

const mine = (userId: number, key: string) => and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

async function claim(ctx: AppContext, userId: number, key: IdempotencyKey): Promise<boolean> {
  const now = ctx.clock.now();
  const expired = new Date(now.getTime() - IDEMPOTENCY_KEY_HOURS * 3_600_000);
  return ctx.db.transaction(async (tx) => {
    await tx.delete(idempotencyKeys).where(and(mine(userId, key.key), lt(idempotencyKeys.createdAt, expired)));
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ userId, key: key.key, requestHash: key.requestHash, resourceId: 0, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    return claimed.length > 0;
  });
}

/** The first request's answer is remembered; a failed (or unserialisable) one lets the key go. */
async function settle(ctx: AppContext, userId: number, key: string, answer: Replay | null) {
  if (answer && answer.status < 400) {
    await ctx.db
      .update(idempotencyKeys)
      .set({ responseStatus: answer.status, responseBody: answer.body ?? null })
      .where(mine(userId, key));
  } else {
    await ctx.db.delete(idempotencyKeys).where(and(mine(userId, key), isNull(idempotencyKeys.responseStatus)));
  }
}

async function waitForAnswer(
  ctx: AppContext,
  userId: number,
  key: IdempotencyKey,
  deadline: number,
): Promise<Replay | 'free'> {
  for (;;) {
    const [prior] = await ctx.db.select().from(idempotencyKeys).where(mine(userId, key.key));
    if (prior && prior.requestHash !== key.requestHash) {
      throw AppError.conflict('This Idempotency-Key was already used for a different request.');
    }
    if (prior?.responseStatus) return { status: prior.responseStatus, body: prior.responseBody };
    if (!prior) return 'free';
    if (prior.resourceId !== 0) {
      throw AppError.conflict('This Idempotency-Key was already used for a different request.');
    }
    if (Date.now() > deadline) throw AppError.conflict(STILL_RUNNING);
    await sleep(POLL_MS);
  }
}
