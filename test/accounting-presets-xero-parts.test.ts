import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { PresetEntry } from '../src/domain/reports/presets/entries';
import { XERO, XERO_MAX_LINES } from '../src/domain/reports/presets/xero';
import { writeXero, type XeroAnswer } from '../src/server/journal-presets/write-journal';
import { mappingOf, monthArbitrary, monthEntries, writeAll } from './journal/month';
import { readXero, totalsByAccount, unbalanced } from './journal/readers';

/**
 * Xero takes at most 300 lines a file, so a longer range is answered as a zip of parts. The zip is
 * read by Debian's `unzip` (its own CRC and structure checks), never by our writer's code, and each
 * part by the test's Xero reader: every part within the limit, no journal split between parts, and
 * the parts together equal to the single file of the same entries.
 */
const mapping = mappingOf(['missionary_funds', 'payroll_expense', 'bank_clearing'], 'Missionary');

/** Random months of the journal until there are enough lines for three parts or more. */
function manyEntries(): PresetEntry[] {
  const entries: PresetEntry[] = [];
  let seed = 7;
  while (entries.reduce((sum, e) => sum + e.lines.length, 0) < XERO_MAX_LINES * 2.5) {
    for (const month of fc.sample(monthArbitrary, { seed: seed++, numRuns: 20 }))
      entries.push(...monthEntries(month, mapping));
  }
  // Samples of separate months reuse ids; numbered afresh, each entry is one journal to Xero.
  return entries.map((entry, index) => ({ ...entry, number: `E${index + 1}` }));
}

async function* each(entries: readonly PresetEntry[]) {
  yield* entries;
}

async function writeParts(entries: readonly PresetEntry[]): Promise<{ answer: XeroAnswer; bytes: Buffer }> {
  const chunks: Buffer[] = [];
  let answer: XeroAnswer | null = null;
  await writeXero(
    XERO,
    mapping,
    each(entries),
    (kind) => {
      answer = kind;
      return async (chunk) => {
        chunks.push(chunk);
      };
    },
    (index) => `journal-part${String(index).padStart(2, '0')}.csv`,
  );
  if (!answer) throw new Error('writeXero never said what it answers');
  return { answer, bytes: Buffer.concat(chunks) };
}

describe('the Xero export beyond 300 lines', () => {
  it('is a zip that unzip accepts, of parts within the limit that add up to the single file', async () => {
    const entries = manyEntries();
    const { answer, bytes } = await writeParts(entries);
    expect(answer).toEqual({ kind: 'zip' });

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xero-parts-'));
    try {
      const zip = path.join(dir, 'journal.zip');
      fs.writeFileSync(zip, bytes);
      // -t: every member's CRC and sizes checked by unzip itself.
      expect(execFileSync('unzip', ['-t', zip], { encoding: 'utf8' })).toContain('No errors detected');
      const names = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).trim().split('\n');
      expect(names.length).toBeGreaterThanOrEqual(3);
      expect(names).toEqual(names.map((_, i) => `journal-part${String(i + 1).padStart(2, '0')}.csv`));

      const parts = names.map((name) => execFileSync('unzip', ['-p', zip, name], { encoding: 'utf8' }));
      const seen = new Set<string>();
      for (const part of parts) {
        const read = readXero(part);
        // Lines of a part: its rows below the header, each at most the limit.
        expect(part.trimEnd().split(/\r?\n/).length - 1).toBeLessThanOrEqual(XERO_MAX_LINES);
        expect(unbalanced(read)).toEqual([]);
        for (const entry of read) {
          const key = `${entry.number} ${entry.date}`;
          expect(seen.has(key), `${key} is split between parts`).toBe(false);
          seen.add(key);
        }
      }
      const whole = readXero(writeAll(XERO, mapping, entries));
      expect(totalsByAccount(parts.flatMap((part) => readXero(part)))).toEqual(totalsByAccount(whole));
      expect(seen.size).toBe(whole.length);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stays one CSV while the range fits', async () => {
    const few = manyEntries().slice(0, 3);
    const { answer, bytes } = await writeParts(few);
    expect(answer).toEqual({ kind: 'csv' });
    expect(bytes.toString('utf8')).toBe(writeAll(XERO, mapping, few));
  });
});
