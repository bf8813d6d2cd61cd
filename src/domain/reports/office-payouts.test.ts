import fc from 'fast-check';
import { sum } from '../money';
import { type OfficePayout, officePayoutJournalLines, officePayoutSection, payoutWindow } from './office-payouts';

const payout = (changes: Partial<OfficePayout> = {}): OfficePayout => ({
  reportId: 12,
  userId: 7,
  userName: 'Ruth Okafor',
  missionaryNumber: 'M-0012',
  date: '2026-11-05',
  parts: [{ holdAccountId: null, fundName: '', amount: 13368 }],
  paidOtherwise: null,
  ...changes,
});

describe('officePayoutSection: the bridge from the last statement to this one', () => {
  it.each([
    // previous ending, fund parts, starting balance → the bridge's lines
    // 6,170.97 − 133.68 = 6,037.29: nothing else moved the fund
    [617097, [13368], 603729, [617097, -13368, 603729]],
    // 6,170.97 − 133.68 − 100.00 = 5,937.29: two payouts
    [617097, [13368, 10000], 593729, [617097, -23368, 593729]],
    // 6,170.97 − 133.68 = 6,037.29, but the fund was edited to 6,000.00: −37.29 shown as other changes
    [617097, [13368], 600000, [617097, -13368, -3729, 600000]],
  ])('ending %i, payouts %j, starting %i → %j', (ending, parts, starting, amounts) => {
    const payouts = parts.map((amount, i) =>
      payout({ reportId: 12 + i, parts: [{ holdAccountId: null, fundName: '', amount }] }),
    );
    const section = officePayoutSection(payouts, { endDate: '2026-10-31', endingBalance: ending }, starting);
    expect(section?.lines?.map((line) => line.amount)).toEqual(amounts);
    // The bridge adds up: ending + items = starting.
    const lines = section?.lines ?? [];
    expect(sum(lines.slice(0, -1).map((line) => line.amount ?? 0))).toBe(lines.at(-1)?.amount);
  });

  it('lists each source with the date, the report and how it was paid; none without payouts', () => {
    const section = officePayoutSection(
      [
        payout({
          parts: [
            { holdAccountId: null, fundName: '', amount: 13368 },
            { holdAccountId: 3, fundName: 'Kenya Project', amount: 5000 },
          ],
          paidOtherwise: { method: 'check', reference: '1042' },
        }),
      ],
      null,
      603729,
    );
    expect(section?.table?.rows).toEqual([
      [
        { text: '11/05/2026' },
        { text: 'Report #12' },
        { text: 'Your fund' },
        { text: 'paid by check 1042' },
        { cents: 13368 },
      ],
      [
        { text: '11/05/2026' },
        { text: 'Report #12' },
        { text: 'Kenya Project' },
        { text: 'paid by check 1042' },
        { cents: 5000 },
      ],
    ]);
    expect(section?.table?.total?.at(-1)).toEqual({ cents: 18368 }); // 133.68 + 50.00
    expect(section?.lines).toBeUndefined(); // no earlier statement to bridge from
    expect(officePayoutSection([], null, 0)).toBeNull();
  });
});

describe('officePayoutJournalLines: one balanced entry per payout', () => {
  it('debits the liability each part came from and credits Operating Cash', () => {
    const lines = officePayoutJournalLines(
      payout({
        parts: [
          { holdAccountId: null, fundName: '', amount: 13368 },
          { holdAccountId: 3, fundName: 'Kenya Project', amount: 5000 },
        ],
      }),
    );
    expect(lines.map((l) => [l.entry, l.date, l.account.code, l.debit, l.credit])).toEqual([
      ['PAYOUT-12', '2026-11-05', '2600-M-0012', 13368, 0],
      ['PAYOUT-12', '2026-11-05', '1000', 0, 13368],
      ['PAYOUT-12', '2026-11-05', '2500-3', 5000, 0],
      ['PAYOUT-12', '2026-11-05', '1000', 0, 5000],
    ]);
    expect(lines[0].memo).toBe('Report #12 paid at processing from the fund — Ruth Okafor (M-0012)');
    expect(lines.every((l) => l.distributionId === null)).toBe(true);
  });

  it('every entry balances to the cent and debits exactly what each source paid (property)', () => {
    const part = fc.record({
      holdAccountId: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
      fundName: fc.constantFrom('Kenya Project', 'Car Fund'),
      amount: fc.integer({ min: 0, max: 99_999_999_999 }),
    });
    fc.assert(
      fc.property(fc.array(part, { maxLength: 6 }), (parts) => {
        const lines = officePayoutJournalLines(payout({ parts }));
        expect(sum(lines.map((l) => l.debit))).toBe(sum(lines.map((l) => l.credit)));
        expect(sum(lines.map((l) => l.debit))).toBe(sum(parts.map((p) => p.amount)));
      }),
    );
  });
});

describe('payoutWindow: every payout in exactly one MAT Day journal', () => {
  it.each([
    ['2026-11-30', ['2026-12-31', '2026-11-30', '2026-10-31', '2026-09-30'], '2026-10-31'],
    ['2026-10-31', ['2026-11-30', '2026-10-31'], null],
    ['2026-11-15', ['2026-11-30', '2026-10-31'], '2026-10-31'],
  ])('MAT date %s among %j: paid after %s', (matDate, dates, after) => {
    expect(payoutWindow(matDate, dates).after).toBe(after);
  });
});
