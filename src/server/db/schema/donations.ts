import { boolean, date, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from './columns';
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
    /** The giver as the donor system names them (DESIGN.md decision 24); shown to staff only. */
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
    index('donations_hold_account_idx').on(t.holdAccountId),
    index('donations_distribution_idx').on(t.distributionId),
  ],
);

/**
 * A column mapping the office chose for a donor export (DESIGN.md decision 24), remembered under the
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
