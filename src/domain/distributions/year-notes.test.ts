import { type YearToDate, yearPayroll } from './payroll-year';
import { profile, SETTINGS, usd } from './test-fixtures';
import type { PayrollProfile } from './types';
import { type YearNoteFigures, yearNotes } from './year-notes';

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

/** The figures the engine stores for one month of `p` (payroll-year.ts), as the notes read them. */
function month(p: PayrollProfile, endDate: string, year: YearToDate): YearNoteFigures {
  const payroll = yearPayroll(p, SETTINGS, endDate, year);
  return {
    end_date: endDate,
    tax_status: p.taxStatus,
    fica_tax: payroll.ficaTax,
    gross_payroll: payroll.grossPayroll,
    social_security_wages: payroll.socialSecurityWages,
    housing_allowance: payroll.housingAllowance,
    housing_allowance_excluded: payroll.housingAllowanceExcluded,
  };
}

const messages = (d: YearNoteFigures, year: YearToDate, minister = false) =>
  yearNotes(d, { minister, yearToDate: year }).map((note) => note.message);

describe('the wage base note of a W2 employee crossing $184,500.00 in November (payroll-year.test.ts)', () => {
  // S 15,000.00 and federal tax 1,200.00 a month, FICA grossed up: gross 17,442.56 a month uncapped.
  const employee = profile({
    taxStatus: 'W2',
    ficaTax: true,
    netSalary: usd('15000.00'),
    federalIncomeTax: usd('1200.00'),
  });
  it.each([
    // MAT date, SS wages before → the note (none while the month's gross fits under the base)
    ['2026-01-31', '0.00', []],
    // 9 × 17442.56 = 156983.04 before; + 17442.56 = 174425.60 ≤ 184500: nothing capped
    ['2026-10-31', '156983.04', []],
    // 184500 − 174425.60 = 10074.40 left; capped gross 17,054.50 (payroll-year.test.ts);
    // SS wages 10,074.40, so 17054.50 − 10074.40 = 6,980.10 is above the base
    [
      '2026-11-30',
      '174425.60',
      [
        "Social Security wage base of $184,500.00 reached this month: $6,980.10 of this month's wages are above it, so no Social Security tax is taken on them.",
      ],
    ],
    // nothing left: SS wages 0 of a gross of 16,420.70
    [
      '2026-12-31',
      '184500.00',
      ['Social Security wage base of $184,500.00 already reached this year: no Social Security tax this month.'],
    ],
  ])('MAT date %s, %s before → %j', (endDate, before, expected) => {
    const year = ytd({ socialSecurityWagesBefore: usd(before) });
    expect(messages(month(employee, endDate, year), year)).toEqual(expected);
  });

  it.each([
    // who, why there is no note in December although nothing is left under the base
    ['W2 without the FICA box', profile({ taxStatus: 'W2', ficaTax: false, netSalary: usd('15000.00') })],
    ['a minister (W2 Exempt)', profile({ taxStatus: 'W2 Exempt', minister: true, netSalary: usd('15000.00') })],
    ['a 1099 worker', profile({ taxStatus: '1099', netSalary: usd('15000.00') })],
  ])('says nothing for %s: no Social Security tax is taken anyway', (_who, p) => {
    const year = ytd({ socialSecurityWagesBefore: usd('184500.00') });
    expect(messages(month(p, '2026-12-31', year), year, p.minister)).toEqual([]);
  });

  it('says nothing without a wage base for the year or without a year-to-date', () => {
    const noBase = ytd({ socialSecurityWageBase: null, socialSecurityWagesBefore: usd('999999.00') });
    expect(messages(month(employee, '2026-12-31', noBase), noBase)).toEqual([]);
    const december = month(employee, '2026-12-31', ytd({ socialSecurityWagesBefore: usd('184500.00') }));
    expect(yearNotes(december, { minister: false, yearToDate: undefined })).toEqual([]);
  });
});

describe('the housing allowance note of a minister paid $2,500.00 of housing allowance', () => {
  const minister = profile({
    taxStatus: 'W2 Exempt',
    minister: true,
    netSalary: usd('3000.00'),
    housingAllowance: usd('2500.00'),
  });
  const designated = (approvedOn: string) => ({ amount: usd('24000.00'), approvedOn });
  it.each([
    // designation (approved on), MAT date → the note; excluded 0 means all 2,500.00 is taxable
    [
      null,
      '2026-03-31',
      [
        'No housing allowance was designated for 2026 before this payment, so $2,500.00 of housing allowance is taxable wages.',
      ],
    ],
    [
      '2026-04-01',
      '2026-03-31',
      [
        "The 2026 housing allowance designation was approved on 04/01/2026, after this payment's MAT date (03/31/2026), so $2,500.00 of housing allowance is taxable wages.",
      ],
    ],
    ['2026-03-31', '2026-03-31', []], // approved on the MAT date: 2,500.00 excluded, nothing taxable
    ['2025-12-15', '2026-03-31', []],
  ])('designation approved %s, MAT date %s → %j', (approvedOn, endDate, expected) => {
    const year = ytd({ housingDesignation: approvedOn === null ? null : designated(approvedOn) });
    expect(messages(month(minister, endDate, year), year, true)).toEqual(expected);
  });

  it.each([
    // profile, designation, note
    [
      'a 1099 minister without a designation',
      { taxStatus: '1099' as const, minister: true },
      null,
      'No housing allowance was designated for 2026 before this payment, so $2,500.00 of housing allowance is taxable compensation.',
    ],
    [
      'W2 Exempt not marked as a minister, even with a designation',
      { minister: false },
      designated('2025-12-15'),
      "The profile is not marked as a minister, so $2,500.00 of housing allowance is taxable wages: only a minister's housing allowance can be excluded under a designation.",
    ],
  ])('%s', (_who, overrides, designation, expected) => {
    const year = ytd({ housingDesignation: designation });
    const p = { ...minister, ...overrides };
    expect(messages(month(p, '2026-03-31', year), year, p.minister)).toEqual([expected]);
  });

  it('says nothing of an ordinary W2 or 1099 worker’s housing allowance (it is pay like any other)', () => {
    const year = ytd();
    for (const taxStatus of ['W2', '1099'] as const) {
      const p = { ...minister, taxStatus, minister: false };
      expect(messages(month(p, '2026-03-31', year), year, false)).toEqual([]);
    }
  });

  it('names a stored month above the designation (the engine refuses it; an edited record may hold it)', () => {
    // 2,500.00 paid, 1,500.00 excluded: 2500 − 1500 = 1,000.00 taxable
    const stored = { ...month(minister, '2026-10-31', ytd()), housing_allowance_excluded: usd('1500.00') };
    const year = ytd({ housingDesignation: designated('2025-12-15') });
    expect(messages(stored, year, true)).toEqual([
      '$1,000.00 of housing allowance is taxable wages: it is more than was left of the 2026 housing allowance designation of $24,000.00.',
    ]);
  });
});
