import crypto from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { formatUSDate, isoDateOf } from '../../domain/dates';
import { readDonationTable } from '../../domain/donations/import-file';
import { buildPreview, type ImportPreview, type MatchedDonation } from '../../domain/donations/import-preview';
import { AppError } from '../../domain/errors';
import { MESSAGES } from '../../domain/messages';
import { sum, toDecimalString, toDollars } from '../../domain/money';
import type { AuthUser } from '../auth/tokens';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { donations, donationUploads, holdAccounts, users } from '../db/schema';
import { serializeHoldAccount } from '../hold-accounts/serialize';
import type { UploadedFile } from '../http/routes';
import { recordAudit } from '../journal/journal';
import { loadDirectory } from './directory';
import { FILE_FIELD, readImportFile } from './read-file';
import { serializeDonation, serializePreview, serializeTotals } from './serialize';

/** Rows per INSERT … SELECT FROM unnest(…): few round trips, statements of bounded size. */
export const INSERT_CHUNK_ROWS = 5000;

export interface ImportInput {
  uploadName: string;
  file: UploadedFile;
}

/** Some rows could not be matched or read: the whole import is refused and the rows listed back. */
export class ImportRefused extends AppError {
  readonly preview: ImportPreview;
  constructor(preview: ImportPreview) {
    const problems = preview.grand.problemRows;
    super(
      'validation',
      `${problems} ${problems === 1 ? 'row' : 'rows'} could not be matched or read. Nothing was imported.`,
    );
    this.preview = preview;
  }

  body(file: string, uploadName: string) {
    return {
      message: this.message,
      errors: { [FILE_FIELD]: [this.message] },
      preview: true,
      upload_name: uploadName,
      file,
      total_count: this.preview.grand.rows,
      ...serializePreview(this.preview),
    };
  }
}

export function contentHash(content: Buffer): string {
  return crypto.createHash('sha256').update(content).digest('hex');
}

async function refuseDuplicate(db: DbOrTx, sha: string): Promise<void> {
  const [existing] = await db
    .select({ uploadName: donationUploads.uploadName, createdAt: donationUploads.createdAt })
    .from(donationUploads)
    .where(eq(donationUploads.contentSha256, sha));
  if (existing) throw duplicateError(existing);
}

function duplicateError(existing: { uploadName: string; createdAt: Date } | null): AppError {
  return AppError.conflict(
    existing
      ? `This file was already imported on ${formatUSDate(isoDateOf(existing.createdAt))} as "${existing.uploadName}".`
      : 'This file was already imported.',
  );
}

/** Reads the file and matches its rows; file-level problems are a 422 under the file field. */
async function readAndMatch(db: DbOrTx, file: UploadedFile) {
  const table = await readImportFile(file);
  const read = readDonationTable(table.rows);
  if (read.errors.length > 0) throw new AppError('validation', read.errors[0], { [FILE_FIELD]: read.errors });
  return { table, preview: buildPreview(read, await loadDirectory(db)) };
}

/** POST /donation/denari-upload with preview=1: the preview, nothing written. */
export async function previewDonationFile(ctx: AppContext, input: ImportInput) {
  await refuseDuplicate(ctx.db, contentHash(input.file.content));
  const { table, preview } = await readAndMatch(ctx.db, input.file);
  return {
    preview: true,
    upload_name: input.uploadName,
    file: input.file.filename,
    format: table.format,
    encoding: table.encoding,
    total_count: preview.grand.rows,
    ...serializePreview(preview),
  };
}

/**
 * POST /donation/denari-upload: in ONE transaction, the upload row and every donation, or nothing.
 * Rows are matched again inside the transaction so the import uses what is true at commit time.
 */
export async function importDonationFile(ctx: AppContext, actor: AuthUser, input: ImportInput) {
  const sha = contentHash(input.file.content);
  await refuseDuplicate(ctx.db, sha);
  const now = ctx.clock.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      const { preview } = await readAndMatch(tx, input.file);
      if (!preview.canImport) throw new ImportRefused(preview);
      const total = sum(preview.matched.map((row) => row.amount));
      const [upload] = await tx
        .insert(donationUploads)
        .values({
          uploadName: input.uploadName,
          filename: input.file.filename,
          contentSha256: sha,
          rowCount: preview.matched.length,
          totalAmount: total,
          createdBy: actor.id,
          createdAt: now,
        })
        .returning();
      await insertDonations(tx, upload.id, input.uploadName, now, preview.matched);
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'import',
        entityType: 'donation_upload',
        entityId: upload.id,
        details: {
          upload_name: input.uploadName,
          filename: input.file.filename,
          rows: preview.matched.length,
          total: toDecimalString(total),
        },
      });
      return { upload, preview };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      // Another import of the same file committed first.
      const [existing] = await ctx.db
        .select({ uploadName: donationUploads.uploadName, createdAt: donationUploads.createdAt })
        .from(donationUploads)
        .where(eq(donationUploads.contentSha256, sha));
      throw duplicateError(existing ?? null);
    }
    throw error;
  }
}

export async function insertDonations(
  tx: DbOrTx,
  uploadId: number,
  uploadName: string,
  now: Date,
  rows: readonly MatchedDonation[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK_ROWS) {
    const chunk = rows.slice(start, start + INSERT_CHUNK_ROWS);
    await tx.execute(sql`
      insert into donations (upload_id, upload_name, amount, count, user_id, user_name, fund_name, hold_account_id, approved, created_at)
      select ${uploadId}, ${uploadName}, t.amount, t.count, t.user_id, t.user_name, t.fund_name, t.hold_account_id, false, ${now}
      from unnest(
        ${sql.param(chunk.map((row) => toDecimalString(row.amount)))}::numeric[],
        ${sql.param(chunk.map((row) => row.count))}::int[],
        ${sql.param(chunk.map((row) => row.userId))}::int[],
        ${sql.param(chunk.map((row) => row.userName))}::text[],
        ${sql.param(chunk.map((row) => row.fundName))}::text[],
        ${sql.param(chunk.map((row) => row.holdAccountId))}::int[]
      ) with ordinality as t(amount, count, user_id, user_name, fund_name, hold_account_id, n)
      order by t.n`);
  }
}

/** The import's answer (SPEC.md §7): message, file, total_count, id, donations and holdAccounts. */
export async function importResponse(db: DbOrTx, result: Awaited<ReturnType<typeof importDonationFile>>) {
  const { upload, preview } = result;
  const rows = await db.select().from(donations).where(eq(donations.uploadId, upload.id)).orderBy(asc(donations.id));
  const accountIds = [...new Set(rows.map((row) => row.holdAccountId).filter((id): id is number => id !== null))];
  const accounts =
    accountIds.length === 0
      ? []
      : await db
          .select({
            account: holdAccounts,
            owner: { id: users.id, name: users.name, missionaryNumber: users.missionaryNumber },
          })
          .from(holdAccounts)
          .innerJoin(users, eq(users.id, holdAccounts.userId))
          .where(inArray(holdAccounts.id, accountIds))
          .orderBy(asc(holdAccounts.fundName));
  return {
    id: upload.id,
    message: MESSAGES.importPosted,
    file: upload.filename,
    upload_name: upload.uploadName,
    total_count: upload.rowCount,
    total_amount: toDollars(upload.totalAmount),
    created_at: upload.createdAt.toISOString(),
    totals: serializeTotals(preview),
    donations: rows.map(serializeDonation),
    holdAccounts: accounts.map(({ account, owner }) => serializeHoldAccount(account, owner)),
  };
}
