import crypto from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { formatUSDate, isoDateOf } from '../../domain/dates';
import { type ColumnMapping, type ColumnRole, normalizeMapping } from '../../domain/donations/columns';
import { uploadMonth } from '../../domain/donations/gift-fields';
import { canonicalRows, headerCells, readDonationTable } from '../../domain/donations/import-file';
import { buildPreview, type ImportPreview, type MatchedDonation } from '../../domain/donations/import-preview';
import { AppError } from '../../domain/errors';
import { MESSAGES } from '../../domain/messages';
import { isMoneyInRange, sum, toDecimalString, toDollars } from '../../domain/money';
import type { AuthUser } from '../auth/tokens';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { queryRows } from '../db/query-rows';
import { donationUploads } from '../db/schema';
import type { UploadedFile } from '../http/routes';
import { recordAudit } from '../journal/journal';
import { bulkWrite } from './bulk-load';
import { findMapping, mappingErrors, upsertMapping } from './column-mappings';
import { loadDirectory } from './directory';
import { type ImportProgress, startImportProgress } from './import-progress';
import { FILE_FIELD, readImportFile } from './read-file';
import { ANSWER_MISSIONARIES_LIMIT, serializePreview, serializeTotals } from './serialize';

/** Rows per INSERT … SELECT FROM unnest(…): few round trips, statements of bounded size. */
export const INSERT_CHUNK_ROWS = 5000;
/** A smaller import is written in about this many statements, so its progress moves (decision 18) … */
const PROGRESS_STEPS = 20;
/** … of at least this many rows each. */
const MIN_CHUNK_ROWS = 250;

/** Rows per statement for an import of `total` rows. */
export function insertChunkRows(total: number): number {
  return Math.min(INSERT_CHUNK_ROWS, Math.max(MIN_CHUNK_ROWS, Math.ceil(total / PROGRESS_STEPS)));
}

export interface ImportInput {
  uploadName: string;
  file: UploadedFile;
  /** The column mapping chosen on the import screen (header → role); remembered on import. */
  columns?: Record<string, ColumnRole>;
  amountColumn?: string;
  /** YYYY-MM; else read from the upload name. */
  month?: string;
  /** A UUID the browser made up: GET /progress/{id} follows the import (decision 18). */
  progressId?: string;
}

interface PreviewExtra {
  mappingId: number | null;
  month: string | null;
}

function refusedMessage(preview: ImportPreview): string {
  if (preview.fileErrors.length > 0) return `${preview.fileErrors[0]} Nothing was imported.`;
  const problems = preview.grand.problemRows;
  return `${problems} ${problems === 1 ? 'row' : 'rows'} could not be matched or read. Nothing was imported.`;
}

/**
 * Some rows could not be matched or read, or the columns need a mapping: the whole import is
 * refused and the preview (rows and columns) sent back.
 */
export class ImportRefused extends AppError {
  readonly preview: ImportPreview;
  readonly extra: PreviewExtra;
  constructor(preview: ImportPreview, extra: PreviewExtra) {
    super('validation', refusedMessage(preview));
    this.preview = preview;
    this.extra = extra;
  }

  body(file: string, uploadName: string) {
    return {
      message: this.message,
      errors: { [FILE_FIELD]: [this.message] },
      preview: true as const,
      upload_name: uploadName,
      file,
      total_count: this.preview.grand.rows,
      ...serializePreview(this.preview, this.extra),
    };
  }
}

export function contentHash(content: Buffer): string {
  return crypto.createHash('sha256').update(content).digest('hex');
}

/** Upload names are unique (decision 12, docs/decisions.md); one import at a time checks and takes a name. */
const UPLOAD_NAME_LOCK = 7_340_002;

/**
 * 409 when the same file was imported before — the same bytes, or the same rows whatever the bytes
 * (canonicalRows) — naming the earlier upload; 409 when the upload name is taken (by an upload, or by
 * donations without one: their names are in donation_upload_summaries, migration 0017).
 */
async function refuseDuplicate(db: DbOrTx, hashes: readonly string[], uploadName: string): Promise<void> {
  const [existing] = await db
    .select({ uploadName: donationUploads.uploadName, createdAt: donationUploads.createdAt })
    .from(donationUploads)
    .where(inArray(donationUploads.contentSha256, [...hashes]))
    .limit(1);
  if (existing) throw duplicateError(existing);
  const taken = await queryRows(
    db,
    sql`
    select 1 from donation_uploads where lower(upload_name) = lower(${uploadName})
    union all select 1 from donation_upload_summaries where upload_name = ${uploadName} limit 1`,
    z.unknown(),
  );
  if (taken.length > 0) {
    throw AppError.conflict(`An upload named "${uploadName}" already exists. Choose another name.`);
  }
}

function duplicateError(existing: { uploadName: string; createdAt: Date } | null): AppError {
  return AppError.conflict(
    existing
      ? `This file was already imported on ${formatUSDate(isoDateOf(existing.createdAt))} as "${existing.uploadName}".`
      : 'This file was already imported.',
  );
}

/** The mapping to read the file with: the one sent (checked against the headers), else the remembered one. */
async function mappingFor(db: DbOrTx, headers: readonly string[], input: ImportInput) {
  if (input.columns) {
    const errors = mappingErrors(headers, input.columns, input.amountColumn ?? null);
    if (errors.length > 0) throw new AppError('validation', errors[0], { columns: errors });
    return {
      mapping: normalizeMapping(input.columns) as ColumnMapping,
      mappingId: null,
      amountColumn: input.amountColumn,
    };
  }
  const saved = headers.length > 0 ? await findMapping(db, headers) : null;
  return {
    mapping: (saved?.columns as ColumnMapping | undefined) ?? null,
    mappingId: saved?.id ?? null,
    amountColumn: input.amountColumn ?? saved?.amountColumn ?? undefined,
  };
}

/**
 * Reads the file and matches its rows. A file that cannot be read at all is a 422 under the file
 * field; one whose columns need a mapping (or an amount column choice) is a preview that says so.
 */
async function readAndMatch(db: DbOrTx, input: ImportInput) {
  const table = await readImportFile(input.file);
  const headers = headerCells(table.rows);
  const { mapping, mappingId, amountColumn } = await mappingFor(db, headers, input);
  const month = input.month ?? uploadMonth(input.uploadName);
  const read = readDonationTable(table.rows, { mapping, amountColumn: amountColumn ?? null, month });
  const columnsProblem = read.plan !== null && (read.plan.mappingNeeded || read.plan.amountChoiceNeeded);
  if (read.errors.length > 0 && !columnsProblem) {
    throw new AppError('validation', read.errors[0], { [FILE_FIELD]: read.errors });
  }
  const rowsHash = read.rows.length > 0 ? contentHash(Buffer.from(canonicalRows(read.rows))) : null;
  const preview = buildPreview(read, await loadDirectory(db));
  return { table, headers, rowsHash, preview, extra: { mappingId, month } };
}

/** Import totals beyond the money range are refused, naming them (decision 17, docs/decisions.md). */
function refuseHugeTotals(preview: ImportPreview): void {
  for (const missionary of preview.byMissionary) {
    if (!isMoneyInRange(missionary.total)) {
      throw AppError.field(FILE_FIELD, `The total for ${missionary.userName} is beyond ±$999,999,999.99.`);
    }
  }
  const { fileTotal, matchedTotal, skippedTotal } = preview.grand;
  if (!isMoneyInRange(fileTotal) || !isMoneyInRange(matchedTotal) || !isMoneyInRange(skippedTotal)) {
    throw AppError.field(FILE_FIELD, "The file's total is beyond ±$999,999,999.99.");
  }
}

/** POST /donation/denari-upload with preview=1: the preview, nothing written. */
export async function previewDonationFile(ctx: AppContext, input: ImportInput) {
  const { table, rowsHash, preview, extra } = await readAndMatch(ctx.db, input);
  const hashes = [contentHash(input.file.content), ...(rowsHash ? [rowsHash] : [])];
  await refuseDuplicate(ctx.db, hashes, input.uploadName);
  refuseHugeTotals(preview);
  return {
    preview: true as const,
    upload_name: input.uploadName,
    file: input.file.filename,
    format: table.format,
    encoding: table.encoding,
    total_count: preview.grand.rows,
    ...serializePreview(preview, extra),
  };
}

/**
 * POST /donation/denari-upload: in ONE transaction, the upload row and every donation, or nothing.
 * Rows are matched again inside the transaction so the import uses what is true at commit time.
 * With `progressId`, the progress record says how far it has got and how it ended (decision 18).
 */
export async function importDonationFile(ctx: AppContext, actor: AuthUser, input: ImportInput) {
  const progress = await startImportProgress(ctx, actor, input.progressId);
  try {
    const result = await writeImport(ctx, actor, input, progress);
    await progress.finish('done', result.upload.rowCount, MESSAGES.importPosted);
    return result;
  } catch (error) {
    const message = error instanceof AppError ? error.message : 'The import failed. Nothing was imported.';
    await progress.finish('failed', 0, message);
    throw error;
  }
}

async function writeImport(ctx: AppContext, actor: AuthUser, input: ImportInput, progress: ImportProgress) {
  const bytesHash = contentHash(input.file.content);
  const now = ctx.clock.now();
  let sha = bytesHash;
  try {
    return await ctx.db.transaction(async (tx) => {
      const { headers, rowsHash, preview, extra } = await readAndMatch(tx, input);
      await tx.execute(sql`select pg_advisory_xact_lock(${UPLOAD_NAME_LOCK})`);
      await refuseDuplicate(tx, rowsHash ? [bytesHash, rowsHash] : [bytesHash], input.uploadName);
      if (!preview.canImport || !rowsHash) throw new ImportRefused(preview, extra);
      sha = rowsHash;
      refuseHugeTotals(preview);
      progress.rows(preview.matched.length);
      const total = sum(preview.matched.map((row) => row.amount));
      const [upload] = await tx
        .insert(donationUploads)
        .values({
          uploadName: input.uploadName,
          filename: input.file.filename,
          // The rows' hash (decision 12): the same rows in other bytes are the same file.
          contentSha256: rowsHash,
          rowCount: preview.matched.length,
          totalAmount: total,
          createdBy: actor.id,
          createdAt: now,
        })
        .returning();
      await bulkWrite(tx, ctx.dbKind, preview.matched.length, () =>
        insertDonations(tx, upload.id, input.uploadName, now, preview.matched, progress.written),
      );
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'import',
        entityType: 'donation_upload',
        entityId: upload.id,
        details: {
          upload_name: input.uploadName,
          filename: input.file.filename,
          rows: preview.matched.length,
          skipped: preview.grand.skippedRows,
          total: toDecimalString(total),
        },
      });
      // Decision 24 (docs/decisions.md): the mapping the office chose is remembered for the next file like it.
      if (input.columns) {
        await upsertMapping(tx, actor, now, {
          headers,
          columns: input.columns,
          amountColumn: input.amountColumn ?? null,
        });
      }
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
  /** Told before each statement: the rows written so far and the missionary of the next one. */
  onChunk: (done: number, current: string | null) => void = () => {},
  /** Rows per statement (the benches try others). */
  size = insertChunkRows(rows.length),
): Promise<void> {
  for (let start = 0; start < rows.length; start += size) {
    const chunk = rows.slice(start, start + size);
    onChunk(start, chunk[0].userName);
    await tx.execute(sql`
      insert into donations (upload_id, upload_name, amount, count, user_id, user_name, fund_name, hold_account_id,
        donor_name, donor_key, gift_date, approved, created_at)
      select ${uploadId}, ${uploadName}, t.amount, t.count, t.user_id, t.user_name, t.fund_name, t.hold_account_id,
        t.donor_name, t.donor_key, t.gift_date, false, ${now}
      from unnest(
        ${sql.param(chunk.map((row) => toDecimalString(row.amount)))}::numeric[],
        ${sql.param(chunk.map((row) => row.count))}::int[],
        ${sql.param(chunk.map((row) => row.userId))}::int[],
        ${sql.param(chunk.map((row) => row.userName))}::text[],
        ${sql.param(chunk.map((row) => row.fundName))}::text[],
        ${sql.param(chunk.map((row) => row.holdAccountId))}::int[],
        ${sql.param(chunk.map((row) => row.donorName))}::text[],
        ${sql.param(chunk.map((row) => row.donorKey))}::text[],
        ${sql.param(chunk.map((row) => row.giftDate))}::date[]
      ) with ordinality as t(amount, count, user_id, user_name, fund_name, hold_account_id, donor_name, donor_key, gift_date, n)
      order by t.n`);
  }
}

/**
 * The import's answer: a summary — the upload, its counts and totals per missionary and in all —
 * never every row (decision 12 of docs/decisions.md; GET /donation?upload_name= lists the rows), and at most
 * ANSWER_MISSIONARIES_LIMIT missionaries' totals (GET /donation/upload/{id}/missionary-totals pages them all).
 */
export function importResponse(result: Awaited<ReturnType<typeof importDonationFile>>) {
  const { upload, preview } = result;
  return {
    id: upload.id,
    message: MESSAGES.importPosted,
    file: upload.filename,
    upload_name: upload.uploadName,
    total_count: upload.rowCount,
    total_amount: toDollars(upload.totalAmount),
    created_at: upload.createdAt.toISOString(),
    totals: serializeTotals(preview, ANSWER_MISSIONARIES_LIMIT),
  };
}
