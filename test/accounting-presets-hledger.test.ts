import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { ACCOUNT_KINDS } from '../src/domain/reports/presets/kinds';
import { LAYOUTS } from '../src/domain/reports/presets/layouts';
import { mappingOf, monthArbitrary, monthEntries, writeAll } from './journal/month';

/**
 * A real accounting tool reads the QuickBooks Online and Xero files: hledger (Debian package
 * `hledger`, installed by .ci/run) with the CSV rules in test/fixtures/journal/. Every entry's
 * clearing account must come out at zero, and the accounts' balances must equal the journal's.
 * Without hledger this test fails: it is the only reader that is not ours.
 */
const RULES = path.join(import.meta.dirname, 'fixtures/journal');

function hledgerBalances(file: string, rules: string, query: string): Map<string, number> {
  const csv = execFileSync(
    'hledger',
    ['-f', file, '--rules-file', rules, 'balance', '--flat', '-E', '-O', 'csv', query],
    { encoding: 'utf8' },
  );
  const balances = new Map<string, number>();
  for (const line of csv.trim().split('\n').slice(1)) {
    const [account, amount] = JSON.parse(`[${line}]`) as [string, string];
    if (account === 'total') continue;
    balances.set(account, Math.round(Number(amount.replaceAll(',', '')) * 100));
  }
  return balances;
}

describe('hledger reads the QuickBooks Online and Xero journals', () => {
  it('is installed', () => {
    expect(execFileSync('hledger', ['--version'], { encoding: 'utf8' })).toMatch(/^hledger 1\./);
  });

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheepfold-hledger-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const months = fc.sample(
    monthArbitrary.filter((m) => m.approvals.length > 2),
    { numRuns: 4, seed: 2026 },
  );

  it.each(months.map((month, i) => [i, month] as const))('month %i: every entry balances', (_i, month) => {
    const mapping = mappingOf(ACCOUNT_KINDS.filter((_, k) => k % 2 === 0));
    const entries = monthEntries(month, mapping);
    for (const [format, key] of [
      ['qbo', (line: { account: { number: string; name: string } }) => line.account.name],
      ['xero', (line: { account: { number: string; name: string } }) => line.account.number],
    ] as const) {
      const file = path.join(dir, `${format}.csv`);
      fs.writeFileSync(file, writeAll(LAYOUTS[format], mapping, entries));
      const rules = path.join(RULES, `${format}.rules`);
      const clearing = hledgerBalances(file, rules, '^entry:');
      expect(clearing.size, format).toBe(entries.length);
      expect(
        [...clearing].filter(([, cents]) => cents !== 0),
        format,
      ).toEqual([]);
      const expected = new Map<string, number>();
      for (const line of entries.flatMap((e) => e.lines)) {
        expected.set(key(line), (expected.get(key(line)) ?? 0) + line.debit - line.credit);
      }
      const accounts = hledgerBalances(file, rules, 'not:^entry:');
      expect(new Map([...accounts].filter(([, c]) => c !== 0)), format).toEqual(
        new Map([...expected].filter(([, c]) => c !== 0)),
      );
    }
  });
});
