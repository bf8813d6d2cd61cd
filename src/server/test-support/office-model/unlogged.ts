import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/query-rows';

/**
 * Makes every table of the model's throw-away database UNLOGGED: PostgreSQL then writes no WAL for
 * them. PGlite keeps its files in memory, and a CPU profile of `npm run check:model` showed most of
 * a sequence's time inside PGlite (its WebAssembly and its in-memory file system writing and growing
 * files). Unlogged changes only what survives a crash of the server (the table is emptied) — never
 * what a transaction, a lock, a constraint or a query does — so the model checks the same behaviour.
 * PostgreSQL refuses to unlog a table that references a logged one, and the schema's references
 * form cycles (users ↔ advance requests), so the foreign keys are taken off, every table unlogged,
 * and each key put back as it was (same name, same definition, checked again when it is added).
 */
export async function unlogEveryTable(db: DbOrTx): Promise<number> {
  const keys = await queryRows(
    db,
    sql`select c.conrelid::regclass::text as on_table, c.conname as name, pg_get_constraintdef(c.oid) as definition
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where n.nspname = 'public' and c.contype = 'f' order by c.oid`,
    z.object({ on_table: z.string(), name: z.string(), definition: z.string() }),
  );
  const tables = await queryRows(
    db,
    sql`select c.oid::regclass::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and c.relpersistence = 'p'`,
    z.object({ name: z.string() }),
  );
  await db.transaction(async (tx) => {
    for (const key of keys) await tx.execute(sql.raw(`alter table ${key.on_table} drop constraint "${key.name}"`));
    for (const table of tables) await tx.execute(sql.raw(`alter table ${table.name} set unlogged`));
    for (const key of keys) {
      await tx.execute(sql.raw(`alter table ${key.on_table} add constraint "${key.name}" ${key.definition}`));
    }
  });
  return tables.length;
}
