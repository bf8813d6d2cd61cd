import { AppError } from '../errors';
import { computeDistribution } from './engine';
import { computePayroll } from './payroll';
import { housingLeftMessage, type YearToDate, yearPayroll } from './payroll-year';
import { distributionInput, profile, SETTINGS, usd } from './test-fixtures';

/** The 2026 year so far: wage base $184,500.00, and what the year's other distributions hold. */
function ytd(overrides: Partial<YearToDate> = {}): YearToDate {
  return {
    year: 2026,
    socialSecurityWageBase: usd('184500.00'),
    socialSecurityWagesBefore: 0,
    housingDesignation: null,
    housingExcludedBefore: 0,
    ...overrides,
  };
}

/** The message of the AppError `run` throws under `field`, or null when it does not throw. */
function refusal(run: () => unknown, field: string): string | null {
  try {
    run();
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return error.errors?.[field]?.[0] ?? null;
  }
}

describe('a minister with a $24,000.00 designation for 2026 (approved 2025-12-15), paid $2,500.00 a month', () => {
  const minister = profile({ taxStatus: 'W2 Exempt', minister: true, netSalary: usd('3000.00') });
  const designation = { amount: usd('24000.00'), approvedOn: '2025-12-15' };
  it.each([
    // month, excluded before, asked, excluded this month or the refusal's "left"
    ['2026-01-31', '0.00', '2500.00', '2500.00'], // 24000 − 0 = 24000 left
    ['2026-05-31', '10000.00', '2500.00', '2500.00'], // 4 × 2500 = 10000 before; 14000 left
    ['2026-09-30', '20000.00', '2500.00', '2500.00'], // 8 × 2500 = 20000 before; 4000 left
    // 9 × 2500 = 22500 before: 24000 − 22500 = 1500 left < 2500 asked → refused, naming $1,500.00
    ['2026-10-31', '22500.00', '2500.00', 'left 1500.00'],
    ['2026-10-31', '22500.00', '1500.00', '1500.00'], // the office pays what is left: capped at 1500
    ['2026-11-30', '24000.00', '2500.00', 'left 0.00'], // 22500 + 1500 = 24000: nothing left
    ['2026-12-31', '24000.00', '2500.00', 'left 0.00'],
    ['2026-12-31', '24000.00', '0.00', '0.00'], // no housing allowance this month: nothing to refuse
  ])('MAT date %s, %s excluded before, asks %s → %s', (endDate, before, asked, expected) => {
    const year = ytd({ housingDesignation: designation, housingExcludedBefore: usd(before) });
    const p = { ...minister, housingAllowance: usd(asked) };
    const run = () => yearPayroll(p, SETTINGS, endDate, year);
    if (expected.startsWith('left ')) {
      const left = usd(expected.slice(5));
      expect(refusal(run, 'housing_allowance')).toBe(housingLeftMessage(2026, left, usd('24000.00')));
    } else {
      expect(run().housingAllowanceExcluded).toBe(usd(expected));
    }
  });

  it('names the remainder in words', () => {
    expect(housingLeftMessage(2026, usd('1500.00'), usd('24000.00'))).toBe(
      'Only $1,500.00 is left of the 2026 housing allowance designation of $24,000.00.',
    );
  });

  it.each([
    // minister, designation approved on, MAT date → excluded (else taxable wages, nothing refused)
    [true, null, '2026-03-31', '0.00'], // no designation: taxable, paid in full
    [true, '2026-04-01', '2026-03-31', '0.00'], // designated after the MAT date: not in advance, taxable
    [true, '2026-03-31', '2026-03-31', '2500.00'], // approved on the MAT date itself: in time
    [false, '2025-12-15', '2026-03-31', '0.00'], // not a minister: housing is wages whatever the board said
  ])('minister %s, designation approved %s, MAT date %s → excluded %s', (isMinister, approvedOn, endDate, excluded) => {
    const year = ytd({
      housingDesignation: approvedOn === null ? null : { amount: usd('24000.00'), approvedOn },
      housingExcludedBefore: usd('23000.00'), // 1000 left: a designated month would be refused
    });
    const p = { ...minister, minister: isMinister, housingAllowance: usd(excluded === '0.00' ? '2500.00' : '1000.00') };
    expect(yearPayroll(p, SETTINGS, endDate, year).housingAllowanceExcluded).toBe(
      excluded === '0.00' ? 0 : usd('1000.00'),
    );
  });

  it('refuses the 10th month through the engine under housing_allowance', () => {
    const input = distributionInput({
      endDate: '2026-10-31',
      profile: { ...minister, housingAllowance: usd('2500.00'), fundBalance: usd('10000.00') },
      yearToDate: ytd({ housingDesignation: designation, housingExcludedBefore: usd('22500.00') }),
    });
    expect(refusal(() => computeDistribution(input), 'housing_allowance')).toMatch(/Only \$1,500\.00 is left/);
  });

  it('a minister with W2 and the FICA box ticked still owes no FICA shares (as W2 Exempt)', () => {
    const p = profile({ taxStatus: 'W2', ficaTax: true, minister: true, netSalary: usd('2000.00') });
    const payroll = yearPayroll(p, SETTINGS, '2026-01-31', ytd());
    // G = S = 2000.00: no shares, no gross-up; boxes 3 and 5 wages 0
    expect([payroll.employeeSs, payroll.employeeMc, payroll.grossPayroll]).toEqual([0, 0, usd('2000.00')]);
    expect([payroll.socialSecurityWages, payroll.medicareWages, payroll.ficaTax]).toEqual([0, 0, false]);
  });
});

describe('a W2 employee crossing the 2026 wage base ($184,500.00) in November', () => {
  // S 15,000.00 and federal tax 1,200.00 a month, FICA 6.2 % + 1.45 % grossed up:
  // ss = 1500000 × 620 / 9235 = 100703.84 → 1,007.04; mc = 1500000 × 145 / 9235 = 23551.70 → 235.52
  // gross = 15000 + 1007.04 + 235.52 + 1200 = 17,442.56 a month; ten months = 174,425.60
  const employee = profile({
    taxStatus: 'W2',
    ficaTax: true,
    netSalary: usd('15000.00'),
    federalIncomeTax: usd('1200.00'),
  });
  it.each([
    // MAT date, SS wages before, employee ss, employee mc, gross, SS wages, base reached
    ['2026-01-31', '0.00', '1007.04', '235.52', '17442.56', '17442.56', false],
    // 9 × 17442.56 = 156983.04 before; 156983.04 + 17442.56 = 174425.60 < 184500: no cap
    ['2026-10-31', '156983.04', '1007.04', '235.52', '17442.56', '17442.56', false],
    // 184500 − 174425.60 = 10074.40 left; 6.2 % × 10074.40 = 624.6128 → 624.61 < 1007.04: capped
    // mc grossed up again on S + ss: 1562461 × 145 / 9855 = 22989.03 → 229.89
    // gross = 15000 + 624.61 + 229.89 + 1200 = 17,054.50; SS wages min(17054.50, 10074.40) = 10,074.40
    ['2026-11-30', '174425.60', '624.61', '229.89', '17054.50', '10074.40', true],
    // nothing left: ss 0; mc = 1500000 × 145 / 9855 = 22070.01 → 220.70; gross 15000 + 220.70 + 1200
    ['2026-12-31', '184500.00', '0.00', '220.70', '16420.70', '0.00', true],
  ])(
    'MAT date %s, %s before → ss %s, mc %s, gross %s, SS wages %s, reached %s',
    (endDate, before, ss, mc, gross, wages, reached) => {
      const payroll = yearPayroll(employee, SETTINGS, endDate, ytd({ socialSecurityWagesBefore: usd(before) }));
      expect([payroll.employeeSs, payroll.employerSs]).toEqual([usd(ss), usd(ss)]);
      expect([payroll.employeeMc, payroll.employerMc]).toEqual([usd(mc), usd(mc)]);
      expect(payroll.grossPayroll).toBe(usd(gross));
      // total = gross + employer shares
      expect(payroll.totalPayroll).toBe(usd(gross) + usd(ss) + usd(mc));
      expect(payroll.socialSecurityWages).toBe(usd(wages));
      expect(payroll.medicareWages).toBe(usd(gross)); // box 5 has no cap
      expect(payroll.wageBaseReached).toBe(reached);
    },
  );

  it('box 3 over the year is the wage base exactly', () => {
    let before = 0;
    for (let month = 1; month <= 12; month++) {
      const endDate = `2026-${String(month).padStart(2, '0')}-28`;
      before += yearPayroll(
        employee,
        SETTINGS,
        endDate,
        ytd({ socialSecurityWagesBefore: before }),
      ).socialSecurityWages;
    }
    expect(before).toBe(usd('184500.00'));
  });

  it('without a year to date (or a tax year) the payroll is exactly the uncapped one', () => {
    const plain = computePayroll(employee, SETTINGS);
    const year = yearPayroll(employee, SETTINGS, '2026-12-31', undefined);
    const noBase = yearPayroll(
      employee,
      SETTINGS,
      '2026-12-31',
      ytd({ socialSecurityWageBase: null, socialSecurityWagesBefore: usd('999999.00') }),
    );
    for (const payroll of [year, noBase]) {
      expect(payroll).toMatchObject(plain);
      expect(payroll.socialSecurityWages).toBe(plain.grossPayroll);
    }
  });
});
