import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { abaChecks, readNacha } from '../src/domain/payments/nacha-reader.test-support';

/**
 * The test reader that judges Sheepfold's NACHA files is itself judged on public files whose verdict
 * is known (test/fixtures/nacha/README.md): it must accept each valid one and name the fault of each
 * invalid one. A reader that accepts everything would fail here.
 */
const DIR = path.resolve(import.meta.dirname, 'fixtures/nacha');
const read = (name: string) =>
  name.endsWith('.gz')
    ? gunzipSync(fs.readFileSync(path.join(DIR, name))).toString('latin1')
    : fs.readFileSync(path.join(DIR, name), 'latin1');

describe('the test NACHA reader on public files', () => {
  // [file, batches, entries + addenda, debits, credits] as the file's own control record states them.
  it.each([
    ['examples__ppd-credit.ach', 1, 1, 0, 100000000], // PPD credits only (220)
    ['examples__ppd-debit.ach', 1, 1, 200000000, 0], // PPD debits only (225)
    ['examples__ppd-mixedDebitCredit.ach', 1, 3, 200000000, 200000000], // balanced: one debit, two credits
    ['examples__ccd-debit.ach', 1, 2, 500125, 0],
    ['examples__web-credit.ach', 1, 2, 0, 10000], // an entry and its addenda 05
    ['examples__enr-read.ach', 1, 2, 0, 0], // a prenote (code 23, $0) and its addenda
    ['examples__segmentFile-ppd-credit.ach', 1, 2, 0, 200000000],
    ['test__two-micro-deposits.ach', 2, 12, 120, 120], // addenda on every entry
    ['test__flattenBatchesMultipleBatchHeaders.ach', 4, 24, 0, 1200000],
    ['cmd_writeACH__201805101355.ach.gz', 4, 10000, 0, 500000000], // 5,000 entries, each with an addenda
  ])('accepts %s (%i batches, %i entries and addenda)', (name, batches, entryAndAddenda, debits, credits) => {
    const reading = readNacha(read(name));
    expect(reading.problems).toEqual([]);
    expect(reading.totals).toEqual({ batches, entryAndAddenda, debits, credits });
  });

  it('reads the entries of a balanced file: the debit equals the credits', () => {
    const reading = readNacha(read('examples__ppd-mixedDebitCredit.ach'));
    expect(reading.entries.map((entry) => [entry.code, entry.cents])).toEqual([
      ['27', 200000000],
      ['22', 100000000],
      ['22', 100000000],
    ]);
  });

  it('reads a prenote with its addenda', () => {
    const reading = readNacha(read('examples__enr-read.ach'));
    expect(reading.entries).toMatchObject([{ code: '23', cents: 0, addenda: 1 }]);
  });

  it('counts the 5,000 entries of the large file and their addenda', () => {
    const reading = readNacha(read('cmd_writeACH__201805101355.ach.gz'));
    expect(reading.entries).toHaveLength(5_000);
    expect(reading.totals.entryAndAddenda).toBe(
      reading.entries.length + reading.entries.reduce((n, e) => n + e.addenda, 0),
    );
  });

  it.each([
    ['test__ppd-debit.ach', /characters, not 94/], // lines right-trimmed
    ['test__short-line.ach', /74 characters, not 94/],
    ['test__long-line.ach', /(98|101) characters, not 94/],
    ['test__ppd-debit-invalid-entryDetail-checkDigit.ach', /fails the ABA check digit/],
    ['test__ppd-mixedDebitCredit-invalid.ach', /immediate origin .* is not numeric/],
    ['test__20110729A-invalid.ach', /not a multiple of 10/], // also a 93-character header and a wrong batch count
  ])('rejects %s', (name, reason) => {
    const { problems } = readNacha(read(name));
    expect(
      problems.some((problem) => reason.test(problem)),
      problems.slice(0, 5).join('\n'),
    ).toBe(true);
  });

  it('finds each fault of the 2011 file, not just the first', () => {
    const { problems } = readNacha(read('test__20110729A-invalid.ach'));
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^line 1: 93 characters/),
        expect.stringMatching(/file batch count/),
        expect.stringMatching(/not a multiple of 10/),
      ]),
    );
  });

  it.each([
    ['021000021', true],
    ['231380104', true],
    ['121042882', true],
    ['021000022', false],
    ['23138010', false],
  ])('ABA check of %s → %s', (routing, ok) => {
    expect(abaChecks(routing)).toBe(ok);
  });
});
