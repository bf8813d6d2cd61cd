import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../domain/errors';
import {
  detectReceiptType,
  extensionOfType,
  MAX_RECEIPT_BYTES,
  normaliseFileName,
} from '../../domain/expense-reports/files';
import { MESSAGES } from '../../domain/messages';
import type { AuthUser } from '../auth/tokens';
import { errorSummary } from '../background';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { fileUploads } from '../db/schema';
import { claimIdempotencyKey, type IdempotencyKey, rememberResource } from '../http/idempotency';
import { isUploadedFile } from '../http/routes';
import { recordAudit } from '../journal/journal';
import { StoredFileMissingError } from '../storage/storage';
import { reportFor } from './access';
import { serializeFile } from './serialize';

export const FILE_NOT_FOUND = 'File upload not found.';

/**
 * The upload itself: present, at most 5 MB (413), and an image or a PDF by its bytes (the name and
 * the type the browser sends are not trusted).
 */
export function checkReceipt(file: unknown) {
  if (!isUploadedFile(file) || file.content.length === 0) throw AppError.field('file', MESSAGES.fileNotChosen);
  if (file.content.length > MAX_RECEIPT_BYTES) {
    throw new AppError('too_large', MESSAGES.fileTooLarge, { file: [MESSAGES.fileTooLarge] });
  }
  const type = detectReceiptType(file.content);
  if (!type) throw AppError.field('file', MESSAGES.fileNotImageOrPdf);
  return { file, type, filename: normaliseFileName(file.filename, type.extension) };
}

/** What identifies an upload for its Idempotency-Key: the name and a digest of the bytes, not the bytes. */
export function uploadFingerprint(upload: unknown) {
  if (!isUploadedFile(upload)) return null;
  return { filename: upload.filename, sha256: createHash('sha256').update(upload.content).digest('hex') };
}

/**
 * POST /fileUpload {file, expense_report_id}: stored through the storage module, recorded with the
 * report. A retry with the same Idempotency-Key and file answers with the first upload's row.
 */
export async function uploadFile(
  ctx: AppContext,
  actor: AuthUser,
  reportId: number,
  upload: unknown,
  idempotency: IdempotencyKey | null = null,
) {
  const now = ctx.clock.now();
  // Who and which report first (404/403/409), then the file (422/413).
  const report = await reportFor(ctx.db, reportId, 'edit', actor);
  const receipt = checkReceipt(upload);
  const key = await ctx.storage.put(`receipts/${report.userId}/${report.id}`, receipt.filename, receipt.file.content);
  try {
    const { row, repeated } = await ctx.db.transaction(async (tx) => {
      const prior = idempotency ? await claimIdempotencyKey(tx, actor.id, idempotency, now) : null;
      if (prior !== null) return { row: await fileRow(tx, prior), repeated: true };
      await reportFor(tx, reportId, 'edit', actor, { lock: true });
      const [inserted] = await tx
        .insert(fileUploads)
        .values({
          expenseReportId: reportId,
          filename: receipt.filename,
          filePath: key,
          contentType: receipt.type.contentType,
          sizeBytes: receipt.file.content.length,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'upload',
        entityType: 'file_upload',
        entityId: inserted.id,
        details: { expense_report_id: reportId, filename: receipt.filename, bytes: receipt.file.content.length },
      });
      if (idempotency) await rememberResource(tx, actor.id, idempotency.key, inserted.id);
      return { row: inserted, repeated: false };
    });
    // A retry: the first request stored this file already; the copy just written goes.
    if (repeated) await ctx.storage.delete(key).catch(() => undefined);
    return serializeFile(row);
  } catch (error) {
    await ctx.storage.delete(key).catch(() => undefined);
    throw error;
  }
}

async function fileRow(db: DbOrTx, id: number) {
  const [row] = await db.select().from(fileUploads).where(eq(fileUploads.id, id));
  if (!row) throw AppError.notFound(FILE_NOT_FOUND);
  return row;
}

/** DELETE /fileUpload/{id}: the owner of a draft report. The stored file goes once the row is gone. */
export async function deleteFile(ctx: AppContext, actor: AuthUser, id: number) {
  const row = await ctx.db.transaction(async (tx) => {
    const found = await fileRow(tx, id);
    await reportFor(tx, found.expenseReportId, 'edit', actor, { lock: true });
    await tx.delete(fileUploads).where(eq(fileUploads.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'delete',
      entityType: 'file_upload',
      entityId: id,
      details: { expense_report_id: found.expenseReportId, filename: found.filename },
    });
    return found;
  });
  await ctx.storage
    .delete(row.filePath)
    .catch((error: unknown) => ctx.log.error({ err: errorSummary(error), key: row.filePath }, 'receipt not removed'));
  return { ...serializeFile(row), message: MESSAGES.fileDeleted };
}

/**
 * The name a stored file is served under: its base (already [a-z0-9_] for new uploads; older rows are
 * cleaned again) with the extension of its stored content type, never the uploader's (decision 19).
 */
export function servedFileName(stored: string, contentType: string): string {
  const extension = extensionOfType(contentType);
  const base = stored.replace(new RegExp(`\\.${extension}$`), '');
  return normaliseFileName(base, extension);
}

/** GET /fileUpload/{id}: the file itself, to the report's owner and to staff only. */
export async function sendFile(ctx: AppContext, actor: AuthUser, id: number, reply: FastifyReply) {
  const row = await fileRow(ctx.db, id);
  await reportFor(ctx.db, row.expenseReportId, 'view', actor);
  const content = await ctx.storage.read(row.filePath).catch((error: unknown) => {
    if (error instanceof StoredFileMissingError) throw AppError.notFound('The stored file is missing.');
    throw error;
  });
  return reply
    .header('content-type', row.contentType)
    .header('content-disposition', `attachment; filename="${servedFileName(row.filename, row.contentType)}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(content);
}
