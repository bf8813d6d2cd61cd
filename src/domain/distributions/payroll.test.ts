import { AppError } from '../errors';
import { MESSAGES } from '../messages';
import { computeDistribution } from './engine';
import { adminFee, computePayroll, ficaShares } from './payroll';
import { distributionInput, pct, profile, SETTINGS, usd } from './test-fixtures';

describe('admin fee = min(percentage × total_donations, cap) (docs/product.md §9, waterfall step 3, docs/distribution.md)', () => {
  // Settings: 10 % capped at $500.00. A profile's percentage and cap override them (decision 9).
  it.each([
    // donations, profile %, profile cap, fee
    ['4450.00', null, null, '445.00'], // 10 % × 4450.00 = 445.00 < 500.00
    ['5000.00', null, null, '500.00'], // 10 % × 5000.00 = 500.00 = cap
    ['6000.00', null, null, '500.00'], // 600.00 capped at 500.00
    ['6000.00', '5', null, '300.00'], // profile 5 % × 6000.00 = 300.00 < settings cap 500.00
    ['6000.00', null, '250.00', '250.00'], // 10 % → 600.00, profile cap 250.00
    ['12000.00', '5', '550.00', '550.00'], // 5 % → 600.00, profile cap 550.00
    ['6000.00', null, '0.00', '0.00'], // a profile cap of 0 waives the fee
    ['6000.00', '0', null, '0.00'], // a profile percentage of 0 waives the fee
    ['1234.56', '7.3125', null, '90.28'], // 123456 × 7.3125 / 100 = 9027.72 → 9028 cents
    ['0.00', null, null, '0.00'],
    ['-100.00', null, null, '0.00'], // a month of net reversals carries no fee (never a refund)
  ])('donations %s, profile percentage %s and cap %s → fee %s', (donations, percentage, cap, fee) => {
    const p = profile({
      adminFeePercentage: percentage === null ? null : pct(percentage),
      adminFeeCap: cap === null ? null : usd(cap),
    });
    expect(adminFee(usd(donations), p, SETTINGS)).toBe(usd(fee));
  });

  it.each([
    // Rounding is half away from zero, once, on the exact product (never banker's rounding).
    ['0.05', '10', '0.01'], // 5 × 10 / 100 = 0.5 cent → 1 cent
    ['0.15', '10', '0.02'], // 1.5 cents → 2
    ['0.25', '10', '0.03'], // 2.5 cents → 3 (banker's would give 2)
    ['1.00', '2.5', '0.03'], // 100 × 2.5 / 100 = 2.5 cents → 3
    ['0.14', '10', '0.01'], // 1.4 cents → 1
  ])('rounds %s × %s percent half away from zero → %s', (donations, percentage, fee) => {
    expect(adminFee(usd(donations), profile({ adminFeePercentage: pct(percentage) }), SETTINGS)).toBe(usd(fee));
  });
});

describe('payroll (docs/product.md §9, waterfall step 4, docs/distribution.md)', () => {
  // The rates are percent; with fica_tax the salary S is grossed up: G = S / (1 − ss − mc), and each
  // share S × a / (100·10^k − a − b) is rounded once. Without fica_tax: G = S and no FICA shares.
  it.each([
    // fica, S, fit, ss%, mc%, employee ss, employee mc, gross, total
    [false, '2000.00', '120.00', null, null, '0.00', '0.00', '2120.00', '2120.00'], // no gross-up
    // 200000 × 620 / 9235 = 13427.18 → 134.27; 200000 × 145 / 9235 = 3140.23 → 31.40
    // gross 2000 + 134.27 + 31.40 + 120 = 2285.67; total + 134.27 + 31.40 = 2451.34
    [true, '2000.00', '120.00', null, null, '134.27', '31.40', '2285.67', '2451.34'],
    // profile 5 % + 5 %: G = 900 / 0.9 = 1000.00, shares 50.00 each; total 1000 + 100 = 1100.00
    [true, '900.00', '0.00', '5', '5', '50.00', '50.00', '1000.00', '1100.00'],
    [true, '0.00', '0.00', null, null, '0.00', '0.00', '0.00', '0.00'], // nothing to gross up
    [true, '1000.00', '0.00', '0', '0', '0.00', '0.00', '1000.00', '1000.00'], // 0 % rates
    // ss 6.2 only: 100000 × 620 / 9380 = 6609.81 → 66.10
    [true, '1000.00', '0.00', '6.2', '0', '66.10', '0.00', '1066.10', '1132.20'],
  ])(
    'fica %s, salary %s, tax %s, ss %s mc %s → %s / %s, gross %s, total %s',
    (fica, salary, fit, ss, mc, employeeSs, employeeMc, gross, total) => {
      const payroll = computePayroll(
        profile({
          ficaTax: fica,
          netSalary: usd(salary),
          federalIncomeTax: usd(fit),
          socialSecurity: ss === null ? null : pct(ss),
          medicare: mc === null ? null : pct(mc),
        }),
        SETTINGS,
      );
      expect(payroll.employeeSs).toBe(usd(employeeSs));
      expect(payroll.employerSs).toBe(usd(employeeSs));
      expect(payroll.employeeMc).toBe(usd(employeeMc));
      expect(payroll.employerMc).toBe(usd(employeeMc));
      expect(payroll.grossPayroll).toBe(usd(gross));
      expect(payroll.totalPayroll).toBe(usd(total));
      expect(payroll.netPayroll).toBe(usd(salary));
    },
  );

  // FICA shares and the gross-up only for W2 with fica_tax ticked (docs/decisions.md). W2 Exempt and
  // 1099 profiles stored with the box ticked (before the API refused it) are computed without FICA.
  it.each([
    // status, fica, S, fit, employee ss, employee mc, gross, total, FICA withheld
    // W2 with FICA (settings 6.2 % + 1.45 %): 200000 × 620 / 9235 = 134.27; 200000 × 145 / 9235 = 31.40
    // gross 2000 + 134.27 + 31.40 + 120 = 2285.67; total 2285.67 + 134.27 + 31.40 = 2451.34
    ['W2', true, '2000.00', '120.00', '134.27', '31.40', '2285.67', '2451.34', true],
    // W2 without the box: G = S; gross = total = 2000 + 120 = 2120.00
    ['W2', false, '2000.00', '120.00', '0.00', '0.00', '2120.00', '2120.00', false],
    // W2 Exempt with the box stored ticked: no shares, G = S; gross = total = 2000 + 120 = 2120.00
    ['W2 Exempt', true, '2000.00', '120.00', '0.00', '0.00', '2120.00', '2120.00', false],
    // 1099 with the box stored ticked: no shares; gross = total = 1500 + 0 = 1500.00
    ['1099', true, '1500.00', '0.00', '0.00', '0.00', '1500.00', '1500.00', false],
    // 1099 without the box: the same 1500.00
    ['1099', false, '1500.00', '0.00', '0.00', '0.00', '1500.00', '1500.00', false],
    // No tax status with the box ticked: FICA is W2 only (docs/decisions.md "Tax status and FICA"), so
    // no shares, G = S; gross = total = 1000 + 0 = 1000.00 (before, 67.14 and 15.70 were withheld)
    [null, true, '1000.00', '0.00', '0.00', '0.00', '1000.00', '1000.00', false],
    // No tax status, box unticked: the same 1000.00
    [null, false, '1000.00', '0.00', '0.00', '0.00', '1000.00', '1000.00', false],
    // W2 with the box, the same $1,000: 100000 × 620 / 9235 = 6713.59 → 67.14; 100000 × 145 / 9235 =
    // 1570.11 → 15.70; gross 1000 + 67.14 + 15.70 = 1082.84; total 1082.84 + 82.84 = 1165.68
    ['W2', true, '1000.00', '0.00', '67.14', '15.70', '1082.84', '1165.68', true],
  ] as const)(
    'tax status %s, fica %s, salary %s, tax %s → %s / %s, gross %s, total %s',
    (taxStatus, fica, salary, fit, employeeSs, employeeMc, gross, total, withheld) => {
      const payroll = computePayroll(
        profile({ taxStatus, ficaTax: fica, netSalary: usd(salary), federalIncomeTax: usd(fit) }),
        SETTINGS,
      );
      expect([payroll.employeeSs, payroll.employerSs]).toEqual([usd(employeeSs), usd(employeeSs)]);
      expect([payroll.employeeMc, payroll.employerMc]).toEqual([usd(employeeMc), usd(employeeMc)]);
      expect(payroll.grossPayroll).toBe(usd(gross));
      expect(payroll.totalPayroll).toBe(usd(total));
      expect(payroll.ficaTax).toBe(withheld);
    },
  );

  it.each([
    // A W2 Exempt minister with FICA stored ticked: S 2000.00, housing 800.00, tax 120.00, insurance
    // 310.00, wire 25.00 and 5000.00 in the fund. Cost = 2000 + 120 + 800 + 310 + 25 = 3255.00 (no
    // employer FICA); ending = 5000.00 − 3255.00 = 1745.00; the distribution records FICA off.
    ['W2 Exempt', '3255.00', '1745.00'],
    // The same as 1099: the same figures.
    ['1099', '3255.00', '1745.00'],
    // As W2 with FICA: shares 134.27 + 31.40 each side; total payroll 2451.34; cost 2451.34 + 800 +
    // 310 + 25 = 3586.34; ending 5000.00 − 3586.34 = 1413.66.
    ['W2', '3586.34', '1413.66'],
  ] as const)(
    'a %s profile with fica_tax stored ticked costs the fund %s and ends at %s',
    (taxStatus, cost, ending) => {
      const result = computeDistribution(
        distributionInput({
          profile: {
            taxStatus,
            ficaTax: true,
            netSalary: usd('2000.00'),
            housingAllowance: usd('800.00'),
            federalIncomeTax: usd('120.00'),
            insuranceAmount: usd('310.00'),
            wireFee: usd('25.00'),
            fundBalance: usd('5000.00'),
          },
        }),
      );
      const d = result.distribution;
      expect(d.total_payroll + d.housing_allowance + d.insurance_payment + d.wire_fee).toBe(usd(cost));
      expect(d.ending_balance).toBe(usd(ending));
      expect(d.fica_tax).toBe(taxStatus === 'W2');
      expect(d.tax_status).toBe(taxStatus);
    },
  );

  it.each([
    // With 5 % + 5 % a share is S × 5 / 90 = S / 18: an exact half cent when S is an odd multiple of 9.
    [9, 1], // 0.5 cent → 1
    [27, 2], // 1.5 cents → 2
    [45, 3], // 2.5 cents → 3 (half away from zero, not to even)
    [63, 4], // 3.5 cents → 4
    [18, 1], // exactly 1
  ])('rounds a FICA share of a salary of %i cents half away from zero → %i', (salary, share) => {
    expect(ficaShares(salary, pct('5'), pct('5'))).toEqual({ ss: share, mc: share });
  });

  it('pays S + housing − retirement to the missionary and charges the fund payroll + housing + insurance + wire fee', () => {
    const payroll = computePayroll(
      profile({
        netSalary: usd('2000.00'),
        housingAllowance: usd('800.00'),
        retirementAmount: usd('150.00'),
        federalIncomeTax: usd('120.00'),
        insuranceAmount: usd('310.00'),
        wireFee: usd('25.00'),
      }),
      SETTINGS,
    );
    // 2000.00 + 800.00 − 150.00
    expect(payroll.payrollDisbursement).toBe(usd('2650.00'));
    // total 2120.00 (no FICA) + 800.00 + 310.00 + 25.00; the 150.00 retirement is inside S + housing
    expect(payroll.payrollCost).toBe(usd('3255.00'));
  });

  it('keeps the mid-month disbursement inside the payroll disbursement (net_payroll_dist is the rest)', () => {
    const result = computeDistribution(
      distributionInput({
        profile: { netSalary: usd('2000.00'), housingAllowance: usd('500.00'), fundBalance: usd('5000.00') },
        manual: { ministryReimbursement: 0, ministryAdvance: 0, midMonthDisbursement: usd('1000.00') },
      }),
    );
    // 2500.00 disbursed for the month, 1000.00 of it mid-month: 1500.00 on MAT Day
    expect(result.distribution.payroll_disbursement).toBe(usd('2500.00'));
    expect(result.distribution.net_payroll_dist).toBe(usd('1500.00'));
    // The mid-month part is not a second cost: 5000.00 − 2500.00
    expect(result.distribution.ending_balance).toBe(usd('2500.00'));
  });

  it.each([
    [
      { netSalary: usd('100.00'), housingAllowance: usd('50.00'), retirementAmount: usd('150.01') },
      MESSAGES.retirementTooLarge,
    ],
    [{ ficaTax: true, socialSecurity: pct('60'), medicare: pct('40') }, MESSAGES.ficaRatesInvalid],
  ])('refuses impossible payroll settings', (overrides, message) => {
    expect(() => computePayroll(profile(overrides), SETTINGS)).toThrow(AppError);
    expect(() => computePayroll(profile(overrides), SETTINGS)).toThrow(message);
  });
});
