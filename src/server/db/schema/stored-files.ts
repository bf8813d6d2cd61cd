import { customType, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType() {
    return 'bytea';
  },
});

/**
 * Uploaded files when the app runs on a PostgreSQL server (decision 19, docs/decisions.md): any number of
 * app processes share them and keep nothing on their own disks. With PGlite they stay under
 * DATA_DIR/uploads and these tables stay empty.
 */
export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  sizeBytes: integer('size_bytes').notNull(),
  chunkCount: integer('chunk_count').notNull(),
  createdAt: createdAt(),
});

/** A file's bytes in pieces of at most STORED_FILE_CHUNK_BYTES, so no file is ever one big value in memory. */
export const storedFileChunks = pgTable(
  'stored_file_chunks',
  {
    key: text('key')
      .notNull()
      .references(() => storedFiles.key, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.seq] })],
);
