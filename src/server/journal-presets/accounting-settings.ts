import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TAccountingSettings } from '../../domain/reports/presets/contract';
import {
  ACCOUNT_KINDS,
  type AccountingMapping,
  NO_MAPPING,
  unmappedKinds,
  ZMappedAccount,
} from '../../domain/reports/presets/kinds';
import type { DbOrTx } from '../db/client';
import { accountingSettings } from '../db/schema';

/** What is stored, read leniently: a kind whose stored account no longer parses counts as unmapped. */
const ZStoredAccounts = z.record(z.string(), z.unknown());

/** The organisation's mapping (docs/reports.md "Accounting presets"), the journal's own accounts when none is saved. */
export async function loadMapping(db: DbOrTx): Promise<AccountingMapping> {
  const [row] = await db.select().from(accountingSettings).limit(1);
  if (!row) return NO_MAPPING;
  const stored = ZStoredAccounts.safeParse(row.accounts);
  const accounts: AccountingMapping['accounts'] = {};
  for (const kind of ACCOUNT_KINDS) {
    const parsed = ZMappedAccount.safeParse(stored.success ? stored.data[kind] : undefined);
    if (parsed.success) accounts[kind] = parsed.data;
  }
  return { accounts, dimension: row.dimension };
}

export function settingsAnswer(mapping: AccountingMapping): TAccountingSettings {
  return { accounts: mapping.accounts, dimension: mapping.dimension, unmapped: unmappedKinds(mapping) };
}

/** Replaces the mapping (the one row), in the caller's transaction. */
export async function saveMapping(tx: DbOrTx, mapping: AccountingMapping, now: Date): Promise<void> {
  await tx
    .insert(accountingSettings)
    .values({ id: 1, accounts: mapping.accounts, dimension: mapping.dimension, updatedAt: now })
    .onConflictDoUpdate({
      target: accountingSettings.id,
      set: { accounts: sql`excluded.accounts`, dimension: sql`excluded.dimension`, updatedAt: now },
    });
}
