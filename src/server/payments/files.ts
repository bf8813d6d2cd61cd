import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../domain/errors';
import type { AuthUser } from '../auth/tokens';
import type { AppContext } from '../context';
import { paymentBatches } from '../db/schema';
import { recordAudit } from '../journal/journal';
import { BATCH_NOT_FOUND, batchFileName } from './read-batch';
import { type BatchFiles, openBatchFiles } from './sealed';

const TYPES = {
  nacha: 'text/plain; charset=us-ascii',
  pain001: 'application/xml; charset=utf-8',
  checks: 'text/csv; charset=utf-8',
} as const;

const NONE: Record<keyof BatchFiles, string> = {
  nacha: 'This batch has no ACH payment or prenote, so it has no NACHA file.',
  pain001: 'This batch has no wire, so it has no pain.001 file.',
  checks: 'This batch has no check, so it has no check register.',
};

/**
 * GET /payment-batches/{id}/nacha|pain001|checks: the file made at release, exactly as made then
 * (sealed at rest: it carries full account numbers). Each download is audited.
 */
export async function sendBatchFile(
  ctx: AppContext,
  actor: AuthUser,
  id: number,
  kind: keyof BatchFiles,
  reply: FastifyReply,
) {
  const [batch] = await ctx.db.select().from(paymentBatches).where(eq(paymentBatches.id, id));
  if (!batch) throw AppError.notFound(BATCH_NOT_FOUND);
  if (batch.status !== 'released') {
    throw AppError.conflict('The files are made when the batch is released: review and release it first.');
  }
  const content = openBatchFiles(ctx.config, id, batch.files)[kind];
  if (content === null) throw AppError.notFound(NONE[kind]);
  await recordAudit(ctx.db, {
    actorId: actor.id,
    action: `download_${kind}`,
    entityType: 'payment_batch',
    entityId: id,
  });
  const body = Buffer.from(content, kind === 'nacha' ? 'ascii' : 'utf8');
  const filename = batchFileName(id, kind);
  return reply
    .header('content-type', TYPES[kind])
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store, private')
    .header('content-length', String(body.length))
    .send(body);
}
