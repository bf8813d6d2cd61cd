import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../src/server/test-support/harness';
import { runLedgerCheck } from './check-ledger';
import { loadDemo } from './demo/index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('npm run check:ledger', () => {
  it('passes on the demo organisation (npm run demo) and prints every check', async () => {
    await loadDemo(t.ctx.db, t.clock.now());
    const lines: string[] = [];
    const code = await runLedgerCheck(t.database, (line) => lines.push(line));
    expect(lines.join('\n')).not.toContain('FAIL');
    expect(code).toBe(0);
    expect(lines.at(-1)).toBe('All 14 checks hold.');
  });

  it('prints the broken invariant with its records and exits 1 when a balance moved without its journal', async () => {
    // 25.00 added to one hold account behind the journal's back
    await t.ctx.db.execute(
      sql`update hold_accounts set balance = balance + 25 where id = (select min(id) from hold_accounts)`,
    );
    const lines: string[] = [];
    const code = await runLedgerCheck(t.database, (line) => lines.push(line));
    const text = lines.join('\n');
    expect(code).toBe(1);
    expect(text).toMatch(/FAIL Every hold-account balance equals its journal \(1\)/);
    expect(text).toMatch(/records: hold_account #\d+ \(.+\)/);
    expect(text).toContain('difference $25.00');
    expect(lines.at(-1)).toBe('3 of 14 checks fail.');
  });
});
