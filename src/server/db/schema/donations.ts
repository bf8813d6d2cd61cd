import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, instant, money, updatedAt } from './columns';
import { distributions } from './distributions';
import { users } from './users';

/** One imported donor-system file; its content hash refuses the same file twice. */
export const donationUploads = pgTable('donation_uploads', {
  id: serial('id').primaryKey(),
  uploadName: text('upload_name').notNull(),
  filename: text('filename').notNull(),
  contentSha256: text('content_sha256').notNull().unique(),
  rowCount: integer('row_count').notNull(),
  totalAmount: money('total_amount').notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const donations = pgTable(
  'donations',
  {
    id: serial('id').primaryKey(),
    // upload_id, user_id and hold_account_id are checked per statement, not by foreign keys: migration
    // 0015 (an import's 140,000 rows paid one key lookup each per reference, a fifth of its time).
    uploadId: integer('upload_id'),
    uploadName: text('upload_name').notNull(),
    amount: money('amount').notNull(),
    count: integer('count').notNull().default(1),
    userId: integer('user_id'),
    userName: text('user_name'),
    fundName: text('fund_name'),
    holdAccountId: integer('hold_account_id'),
    /** The giver as the donor system names them (decision 24, docs/decisions.md); shown to staff only. */
    donorName: text('donor_name'),
    /** What identifies one donor when counting donors (the donor ID, else the name). */
    donorKey: text('donor_key'),
    giftDate: date('gift_date', { mode: 'string' }),
    approved: boolean('approved').notNull().default(false),
    distributionId: integer('distribution_id').references(() => distributions.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('donations_user_upload_idx').on(t.userId, t.uploadName),
    // Partial (migration 0016): an import writes NULL in most of these, and no query looks a NULL up.
    index('donations_hold_account_idx').on(t.holdAccountId).where(sql`${t.holdAccountId} is not null`),
    index('donations_distribution_idx').on(t.distributionId).where(sql`${t.distributionId} is not null`),
    // The donations no distribution has taken yet, by missionary and upload (migration 0018): what the
    // MAT Day form preselects and the ledger check lists; small once a month is distributed.
    index('donations_undistributed_idx').on(t.userId, t.uploadName).where(sql`${t.distributionId} is null`),
    // The donations search's donor arm (migration 0016); the other searched columns have (column, id).
    index('donations_donor_name_idx').on(t.donorName).where(sql`${t.donorName} is not null`),
  ],
);

/**
 * Every distinct text a donation holds in a searched column (missionary, fund, upload and donor
 * names), kept by triggers (migration 0016) so a search finds its terms by trigram here and then the
 * donations by each column's b-tree, never by reading the donations.
 */
export const donationSearchTerms = pgTable('donation_search_terms', { term: text('term').primaryKey() }, (t) => [
  index('donation_search_terms_trgm_idx').using('gin', t.term.op('gin_trgm_ops')).with({ gin_pending_list_limit: 256 }),
]);

/**
 * Each upload name's donations now: how many, their sum, and its newest donation (the highest id and
 * when that one was written), kept by triggers (migration 0017) so the uploads' select never groups
 * the millions of donations. `total` is unbounded numeric: a sum may pass one amount's range.
 */
export const donationUploadSummaries = pgTable(
  'donation_upload_summaries',
  {
    uploadName: text('upload_name').primaryKey(),
    donations: integer('donations').notNull(),
    total: numeric('total').notNull(),
    lastId: integer('last_id').notNull(),
    lastImportedAt: instant('last_imported_at').notNull(),
  },
  (t) => [index('donation_upload_summaries_last_id_idx').on(t.lastId)],
);

/**
 * A column mapping the office chose for a donor export (decision 24, docs/decisions.md), remembered under the
 * file's header signature (its normalised headers, sorted) and applied to the next file with the
 * same headers.
 */
export const donationColumnMappings = pgTable('donation_column_mappings', {
  id: serial('id').primaryKey(),
  headerSignature: text('header_signature').notNull().unique(),
  /** The headers as the file spelt them, in the file's order. */
  headers: jsonb('headers').$type<string[]>().notNull(),
  /** Normalised header → role. */
  columns: jsonb('columns').$type<Record<string, string>>().notNull(),
  /** The amount column chosen when the file has several (a header), or null. */
  amountColumn: text('amount_column'),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});
