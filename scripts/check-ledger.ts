import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ledgerHolds } from '../src/domain/ledger/check';
import type { LedgerCheckResult } from '../src/domain/ledger/types';
import { formatUSD } from '../src/domain/money';
import { readConfig } from '../src/server/config';
import { type Database, openPglite, openPostgres } from '../src/server/db/client';
import { type DataDirLock, DataDirLockedError, lockDataDir } from '../src/server/db/data-dir-lock';
import { checkLiveLedger } from '../src/server/ledger/read-ledger';

/**
 * `npm run check:ledger`: runs the ledger check (docs/distribution.md "Ledger invariants") on the
 * configured database — PGlite under DATA_DIR, or DATABASE_URL — prints every invariant that does
 * not hold with the records involved, and exits 1 when one fails (warnings alone exit 0).
 */
export function formatLedgerReport(result: LedgerCheckResult): string[] {
  const lines: string[] = [];
  for (const check of result.checks) {
    const mark = check.findings === 0 ? 'ok  ' : check.severity === 'error' ? 'FAIL' : 'warn';
    lines.push(`${mark} ${check.title}${check.findings === 0 ? '' : ` (${check.findings})`}`);
    for (const found of result.violations.filter((v) => v.check === check.id)) {
      const records = found.records.map((r) => `${r.type} #${r.id ?? '—'}${r.label ? ` (${r.label})` : ''}`);
      lines.push(`     ${found.message}`, `       records: ${records.join(', ')}`);
    }
  }
  const t = result.totals;
  lines.push(
    '',
    `Money held ${formatUSD(t.money)} = opening balances ${formatUSD(t.openings)} + donations ${formatUSD(t.donations)} − paid out ${formatUSD(t.paidOut)} (${formatUSD(t.openings + t.donations - t.paidOut)}).`,
  );
  const errors = result.checks.filter((c) => c.severity === 'error' && c.findings > 0).length;
  lines.push(
    ledgerHolds(result)
      ? `All ${result.checks.length} checks hold.`
      : `${errors} of ${result.checks.length} checks fail.`,
  );
  return lines;
}

/** Runs the check on an open database; prints the report; returns the exit code. */
export async function runLedgerCheck(database: Database, print: (line: string) => void = console.log): Promise<number> {
  const result = await checkLiveLedger(database.db);
  for (const line of formatLedgerReport(result)) print(line);
  return ledgerHolds(result) ? 0 : 1;
}

async function main(): Promise<number> {
  const config = readConfig();
  let lock: DataDirLock | null = null;
  let database: Database;
  if (config.databaseUrl) {
    database = openPostgres(config.databaseUrl, 2);
  } else {
    lock = lockDataDir(config.dataDir);
    database = await openPglite(path.join(config.dataDir, 'pglite'));
  }
  try {
    return await runLedgerCheck(database);
  } finally {
    await database.close();
    lock?.release();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (error instanceof DataDirLockedError) {
        console.error(`npm run check:ledger: ${error.message}`);
        console.error('The embedded database is in use by the server: stop it first, or use DATABASE_URL.');
      } else {
        console.error(error);
      }
      process.exit(2);
    },
  );
}
