import fc from 'fast-check';
import { addMonths, type SupportGift, supportFigures } from './figures';

const TODAY = '2026-11-15';

function gift(donorKey: string | null, date: string, amount: number, designated = false): SupportGift {
  return { donorKey, donorName: `Donor ${donorKey}`, date, amount, designated };
}

describe('supportFigures', () => {
  it.each([
    // Months are this one (2026-11) and the one before (2026-10) quiet; the six before them are 2026-04..2026-09.
    ['gave in 4 of the 6 months, then nothing for two: stopped', ['2026-04', '2026-05', '2026-07', '2026-09'], 4],
    ['gave in exactly 3 of the 6: stopped', ['2026-04', '2026-06', '2026-08'], 3],
    ['gave in only 2 of the 6: never regular, not stopped', ['2026-05', '2026-08'], null],
    ['gave last month: only one quiet month, not stopped', ['2026-05', '2026-06', '2026-07', '2026-10'], null],
    ['gave this month: not stopped', ['2026-05', '2026-06', '2026-07', '2026-11'], null],
    [
      'gave monthly until 2026-03, quiet since: the six before the quiet two are empty of most',
      ['2026-01', '2026-02', '2026-03'],
      null,
    ],
  ])('%s', (_name, months, monthsGiven) => {
    const gifts = months.map((month) => gift('A', `${month}-10`, 5000));
    const stopped = supportFigures(gifts, TODAY).stoppedGivers;
    expect(stopped.map((giver) => giver.monthsGiven)).toEqual(monthsGiven === null ? [] : [monthsGiven]);
  });

  it('lists a donor whose first gift is this month as new, and not one who gave before', () => {
    const figures = supportFigures(
      [
        gift('NEW', '2026-11-02', 2500),
        gift('NEW', '2026-11-20', 1000),
        // Gave in 2024-06, before the 24 shown months: their first gift is not this month.
        gift('OLD', '2024-06-01', 9900),
        gift('OLD', '2026-11-03', 4000),
        // No donor ID nor name: in the amounts, not a giver.
        gift(null, '2026-11-04', 500),
      ],
      TODAY,
    );
    // NEW gave 25.00 + 10.00 = 35.00 this month.
    expect(figures.newGivers.map((giver) => [giver.donorKey, giver.amountThisMonth, giver.gifts])).toEqual([
      ['NEW', 3500, 2],
    ]);
    const november = figures.months.at(-1);
    // Two givers in November, one of them new; 25.00 + 10.00 + 40.00 + 5.00 unnamed = 80.00.
    expect(november).toMatchObject({ month: '2026-11', givers: 2, newGivers: 1, total: 8000 });
  });

  it('splits each month into designated and general and keeps 24 months ending this one', () => {
    const figures = supportFigures(
      [
        gift('A', '2026-10-05', 10000),
        gift('B', '2026-10-06', 2550, true),
        gift('A', '2024-12-01', 700),
        // Outside the 24 months (2024-12 .. 2026-11): counted nowhere.
        gift('C', '2024-11-30', 12345),
      ],
      TODAY,
    );
    expect(figures.months).toHaveLength(24);
    expect(figures.months[0]?.month).toBe('2024-12');
    // October: 100.00 general + 25.50 designated = 125.50.
    expect(figures.months.at(-2)).toMatchObject({ total: 12550, designated: 2550, general: 10000, givers: 2 });
    // In all: 125.50 + 7.00 = 132.50, of it 25.50 designated.
    expect([figures.total, figures.designated, figures.general]).toEqual([13250, 2550, 10700]);
    expect(figures.givers.map((giver) => [giver.donorKey, giver.total])).toEqual([
      ['A', 10700],
      ['B', 2550],
    ]);
  });

  it('counts a stop once, in the month the two quiet months complete', () => {
    // Gave 2026-01..2026-06, nothing since: quiet 2026-07 and 2026-08, so stopped as of 2026-08.
    const gifts = ['01', '02', '03', '04', '05', '06'].map((m) => gift('A', `2026-${m}-01`, 100));
    const stopped = supportFigures(gifts, TODAY).months.filter((month) => month.stoppedGivers > 0);
    expect(stopped.map((month) => [month.month, month.stoppedGivers])).toEqual([['2026-08', 1]]);
  });

  it('adds up: the months sum to the total, and designated plus general is the total each month', () => {
    const arbitraryGift = fc.record({
      donorKey: fc.constantFrom('A', 'B', 'C', 'D', null),
      donorName: fc.constant(null),
      date: fc.integer({ min: -30, max: 0 }).map((offset) => `${addMonths('2026-11', offset)}-15`),
      amount: fc.integer({ min: 1, max: 1_000_000 }),
      designated: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(arbitraryGift, { maxLength: 60 }), (gifts) => {
        const figures = supportFigures(gifts, TODAY);
        const inWindow = gifts.filter((g) => g.date >= '2024-12-01');
        expect(figures.total).toBe(inWindow.reduce((total, g) => total + g.amount, 0));
        for (const month of figures.months) expect(month.designated + month.general).toBe(month.total);
        const named = inWindow.filter((g) => g.donorKey !== null).reduce((total, g) => total + g.amount, 0);
        expect(figures.givers.reduce((total, g) => total + g.total, 0)).toBe(named);
      }),
    );
  });

  it.each([
    ['2026-11', -1, '2026-10'],
    ['2026-01', -1, '2025-12'],
    ['2026-01', -23, '2024-02'],
    ['2025-12', 1, '2026-01'],
  ])('addMonths(%s, %i) = %s', (month, offset, expected) => {
    expect(addMonths(month, offset)).toBe(expected);
  });
});
