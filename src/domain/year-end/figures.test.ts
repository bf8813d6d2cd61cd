import fc from 'fast-check';
import { usd } from '../distributions/test-fixtures';
import type { Cents } from '../money';
import { type ConfirmedAdvance, type YearEndDistribution, yearEndFigures, yearEndTotals } from './figures';
import { TAX_YEAR_2026 } from './tax-years';

let nextId = 1;
function dist(overrides: Partial<YearEndDistribution>): YearEndDistribution {
  return {
    id: nextId++,
    userId: 1,
    userName: 'Ann',
    endDate: '2026-01-31',
    taxStatus: 'W2',
    grossPayroll: 0,
    housingAllowance: 0,
    housingAllowanceExcluded: 0,
    retirement: 0,
    federalIncomeTax: 0,
    employeeSs: 0,
    employeeMc: 0,
    socialSecurityWages: 0,
    medicareWages: 0,
    ...overrides,
  };
}

function twelve(overrides: Partial<YearEndDistribution>): YearEndDistribution[] {
  return Array.from({ length: 12 }, (_, i) =>
    dist({ endDate: `2026-${String(i + 1).padStart(2, '0')}-28`, ...overrides }),
  );
}

describe('W-2 figures (2026)', () => {
  it('box 1 for a W2 employee with 403(b) deferrals', () => {
    // Each month as stored: gross payroll 5,412.18, housing 0, retirement 400.00, tax 539.39,
    // shares 302.13 and 70.66. Box 1 = 12 × (5412.18 − 400.00) = 12 × 5012.18 = 60,146.16
    // Box 12 E = 12 × 400 = 4,800.00; box 3 = box 5 = 12 × 5412.18 = 64,946.16
    const [ann] = yearEndFigures(
      twelve({
        grossPayroll: usd('5412.18'),
        retirement: usd('400.00'),
        federalIncomeTax: usd('539.39'),
        employeeSs: usd('302.13'),
        employeeMc: usd('70.66'),
        socialSecurityWages: usd('5412.18'),
        medicareWages: usd('5412.18'),
      }),
      [],
      TAX_YEAR_2026,
    );
    expect(ann).toMatchObject({
      form: 'W-2',
      box1: usd('60146.16'),
      box2: usd('6472.68'), // 12 × 539.39
      box3: usd('64946.16'),
      box4: usd('3625.56'), // 12 × 302.13
      box5: usd('64946.16'),
      box6: usd('847.92'), // 12 × 70.66
      box12E: usd('4800.00'),
      box14: 0,
      reportable: true,
    });
  });

  it('a W2 Exempt minister: boxes 3–6 zero, box 14 the excluded housing allowance', () => {
    // 9 months of housing 2,500 + the 10th capped at 1,500 = 24,000.00 excluded (box 14)
    // gross payroll 3,000 a month (no FICA); box 1 = 12 × 3000 + 24000 − 24000 − 12 × 250 = 33,000.00
    const months = twelve({
      taxStatus: 'W2 Exempt',
      grossPayroll: usd('3000.00'),
      retirement: usd('250.00'),
    }).map((d, i) => {
      const housing = i < 9 ? usd('2500.00') : i === 9 ? usd('1500.00') : 0;
      return { ...d, housingAllowance: housing, housingAllowanceExcluded: housing };
    });
    const [rev] = yearEndFigures(months, [], TAX_YEAR_2026);
    expect(rev).toMatchObject({ box1: usd('33000.00'), box3: 0, box4: 0, box5: 0, box6: 0 });
    expect([rev?.box12E, rev?.box14, rev?.housingTaxable]).toEqual([usd('3000.00'), usd('24000.00'), 0]);
  });

  it('a minister without a designation: the housing allowance stays in box 1 and a note says so', () => {
    // 12 × (2000 + 1000 housing) = 36,000.00 in box 1, box 14 0
    const [rev] = yearEndFigures(
      twelve({ taxStatus: 'W2 Exempt', grossPayroll: usd('2000.00'), housingAllowance: usd('1000.00') }),
      [],
      TAX_YEAR_2026,
    );
    expect([rev?.box1, rev?.box14]).toEqual([usd('36000.00'), 0]);
    expect(rev?.notes).toContain('Housing allowance of $12,000.00 paid without a designation: taxable, in box 1.');
  });

  it('1099 workers: NEC box 1 from $2,000.00 (reportable) and below it (listed, not reportable)', () => {
    const rows = yearEndFigures(
      [
        dist({ userId: 2, userName: 'Bo', taxStatus: '1099', grossPayroll: usd('1999.99') }),
        dist({
          userId: 3,
          userName: 'Cy',
          taxStatus: '1099',
          grossPayroll: usd('1500.00'),
          housingAllowance: usd('500.00'),
        }),
      ],
      [],
      TAX_YEAR_2026,
    );
    // Bo 1,999.99 < 2,000: no form; Cy 1500 + 500 = 2,000.00: reportable
    expect(rows.map((r) => [r.userName, r.nec1, r.reportable])).toEqual([
      ['Bo', usd('1999.99'), false],
      ['Cy', usd('2000.00'), true],
    ]);
  });

  it('advances confirmed as wages join box 1 (W-2) or NEC box 1 (1099)', () => {
    const rows = yearEndFigures(
      [
        dist({ userId: 1, grossPayroll: usd('1000.00') }),
        dist({ userId: 2, userName: 'Bo', taxStatus: '1099', grossPayroll: usd('2500.00') }),
      ],
      [
        { advanceId: 7, userId: 1, userName: 'Ann', amount: usd('300.00') },
        { advanceId: 8, userId: 2, userName: 'Bo', amount: usd('200.00') },
      ],
      TAX_YEAR_2026,
    );
    // Ann 1000 + 300 = 1,300.00; Bo 2500 + 200 = 2,700.00
    expect(rows.map((r) => [r.userName, r.box1, r.nec1, r.advanceIds])).toEqual([
      ['Ann', usd('1300.00'), 0, [7]],
      ['Bo', 0, usd('2700.00'), [8]],
    ]);
  });
});

describe('property: every figure is the sum of the non-reversed distributions it is made of', () => {
  const cents = fc.integer({ min: 0, max: 2_000_000 }).map((n): Cents => n);
  const arbitraryDistribution = fc.record({
    userId: fc.integer({ min: 1, max: 5 }),
    month: fc.integer({ min: 1, max: 12 }),
    taxStatus: fc.constantFrom('W2', 'W2 Exempt', '1099', null),
    reversed: fc.boolean(),
    grossPayroll: cents,
    housingAllowance: cents,
    excludedShare: fc.integer({ min: 0, max: 100 }),
    retirement: cents,
    federalIncomeTax: cents,
    employeeSs: cents,
    employeeMc: cents,
    socialSecurityWages: cents,
    medicareWages: cents,
  });

  it('W-2 boxes, NEC box 1 and the totals, to the cent', () => {
    fc.assert(
      fc.property(
        fc.array(arbitraryDistribution, { maxLength: 60 }),
        fc.array(cents, { maxLength: 3 }),
        (year, advanceAmounts) => {
          const stored = year.map((d, i) =>
            dist({
              ...d,
              id: i + 1,
              userName: `P${d.userId}`,
              endDate: `2026-${String(d.month).padStart(2, '0')}-28`,
              housingAllowanceExcluded: Math.floor((d.housingAllowance * d.excludedShare) / 100),
            }),
          );
          // The server passes only approved, non-reversed distributions.
          const kept = stored.filter((_, i) => !year[i]?.reversed);
          const advances: ConfirmedAdvance[] = advanceAmounts.map((amount, i) => ({
            advanceId: i + 1,
            userId: 1,
            userName: 'P1',
            amount,
          }));
          const rows = yearEndFigures(kept, advances, TAX_YEAR_2026);
          const byId = new Map(kept.map((d) => [d.id, d]));
          const advanceById = new Map(advances.map((a) => [a.advanceId, a]));
          for (const row of rows) {
            const ds = row.distributionIds.map((id) => byId.get(id) as YearEndDistribution);
            const add = (pick: (d: YearEndDistribution) => number) => ds.reduce((total, d) => total + pick(d), 0);
            const advanced = row.advanceIds.reduce((total, id) => total + (advanceById.get(id)?.amount ?? 0), 0);
            const w2 = row.form === 'W-2';
            const nec = row.form === '1099-NEC';
            expect(row.grossPay).toBe(add((d) => d.grossPayroll + d.housingAllowance));
            expect(row.box1).toBe(
              w2
                ? add((d) => d.grossPayroll + d.housingAllowance - d.retirement - d.housingAllowanceExcluded) + advanced
                : 0,
            );
            expect([row.box2, row.box3, row.box4, row.box5, row.box6, row.box12E, row.box14]).toEqual(
              w2
                ? [
                    add((d) => d.federalIncomeTax),
                    add((d) => d.socialSecurityWages),
                    add((d) => d.employeeSs),
                    add((d) => d.medicareWages),
                    add((d) => d.employeeMc),
                    add((d) => d.retirement),
                    add((d) => d.housingAllowanceExcluded),
                  ]
                : [0, 0, 0, 0, 0, 0, 0],
            );
            expect(row.nec1).toBe(nec ? add((d) => d.grossPayroll + d.housingAllowance) + advanced : 0);
            for (const d of ds)
              expect(
                row.userId === d.userId &&
                  row.form === (d.taxStatus === '1099' ? '1099-NEC' : d.taxStatus === null ? 'none' : 'W-2'),
              ).toBe(true);
          }
          // Every non-reversed distribution is in exactly one row; no reversed one is.
          expect(rows.flatMap((r) => r.distributionIds).sort((a, b) => a - b)).toEqual(kept.map((d) => d.id));
          // The totals add up to the year's approved distributions.
          const totals = yearEndTotals(rows);
          expect(totals.grossPay).toBe(kept.reduce((t, d) => t + d.grossPayroll + d.housingAllowance, 0));
          expect(totals.box12E).toBe(
            kept
              .filter((d) => d.taxStatus === 'W2' || d.taxStatus === 'W2 Exempt')
              .reduce((t, d) => t + d.retirement, 0),
          );
          expect(totals.advancesAsWages).toBe(advances.reduce((t, a) => t + a.amount, 0));
        },
      ),
    );
  });
});
