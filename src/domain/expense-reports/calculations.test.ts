import fc from 'fast-check';
import { MESSAGES } from '../messages';
import { parseDecimal } from '../money';
import {
  advanceReportProblem,
  formatMiles,
  mileageCost,
  milesOf,
  reportTotals,
  resolvePayout,
  tripDistance,
  unreimbursedOf,
  usdAmount,
} from './calculations';

const dec = (text: string) => parseDecimal(text)!;

describe('usdAmount = field_currency / exchange_rate, to the cent', () => {
  it.each([
    // amount, rate, cents
    ['100', '1', 10000], // 100 / 1
    ['100.00', '1.000000', 10000],
    ['1000', '3.75', 26667], // 266.6666… → 266.67
    ['10', '3', 333], // 3.333… → 3.33
    ['20', '3', 667], // 6.666… → 6.67
    ['0.05', '10', 1], // 0.005 → 0.01 (half away from zero)
    ['0.04', '10', 0], // 0.004 → 0.00
    ['5000', '0.5', 1000000], // 10000.00
    ['12345.67', '123.456789', 10000], // 100.0000…
    ['1', '0.000001', 100000000], // 1,000,000.00
    ['0', '7.5', 0],
    ['-10', '4', -250], // a refund
  ])('%s / %s = %i cents', (amount, rate, cents) => {
    expect(usdAmount(amount, rate)).toBe(cents);
  });

  it.each([
    ['100', '0'],
    ['100', ''],
    ['100', 'abc'],
    ['', '1.5'],
    ['12,50', '1'],
    [Number.NaN, 2],
    [100, Number.POSITIVE_INFINITY],
  ])('is 0.00 when %s / %s is not a finite number', (amount, rate) => {
    expect(usdAmount(amount, rate)).toBe(0);
  });

  it('takes numbers as well as text', () => {
    expect(usdAmount(1000, 3.75)).toBe(26667);
  });

  it('never differs from the exact quotient by more than half a cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 10 }), fc.integer({ min: 1, max: 10 ** 9 }), (cents, micro) => {
        const amount = (cents / 100).toFixed(2);
        const rate = (micro / 1e6).toFixed(6);
        const usd = usdAmount(amount, rate);
        // exact: cents × 1e6 / micro; |usd − exact| ≤ 1/2 ⇔ |2·usd·micro − 2·cents·1e6| ≤ micro
        const diff = 2n * BigInt(usd) * BigInt(micro) - 2n * BigInt(cents) * 1_000_000n;
        return (diff < 0n ? -diff : diff) <= BigInt(micro);
      }),
    );
  });
});

describe('mileage', () => {
  it.each([
    // distance, unit, rate $/mi, cents
    ['100', 'mi', '0.70', 7000], // 100 × 0.70
    ['100', 'km', '0.70', 4350], // 100 × 0.621371 = 62.1371 mi × 0.70 = 43.49597 → 43.50
    ['12.5', 'km', '0.655', 509], // 7.7671375 × 0.655 = 5.0874750625 → 5.09
    ['1', 'km', '0.01', 1], // 0.00621371 → 0.01 (half away from zero at 0.621…¢)
    ['0.5', 'mi', '0.01', 1], // 0.005 → 0.01
    ['0.4', 'mi', '0.01', 0], // 0.004 → 0.00
    ['250.3', 'mi', '0.585', 14643], // 146.4255 → 146.43
    ['80.4672', 'km', '1', 5000], // 80.4672 km = 50.0000… mi
  ])('%s %s at $%s per mile = %i cents (one rounding)', (distance, unit, rate, cents) => {
    expect(mileageCost(dec(distance), unit as 'km' | 'mi', dec(rate))).toBe(cents);
  });

  it('rounds once, not after converting to miles', () => {
    // 3 km = 1.864113 mi; rounding the miles to 1.86 first would give 1.86 × 10.00 = 18.60
    expect(mileageCost(dec('3'), 'km', dec('10'))).toBe(1864);
  });

  it('converts km to miles exactly', () => {
    expect(milesOf(dec('100'), 'km')).toEqual({ value: 100n * 621371n, scale: 6 });
    expect(milesOf(dec('42.5'), 'mi')).toEqual(dec('42.5'));
    expect(formatMiles(dec('100'), 'km')).toBe('62.14');
    expect(formatMiles(dec('10'), 'mi')).toBe('10');
  });

  it.each([
    [{ odometer_start: '1000', odometer_end: '1042.5' }, '42.5'],
    [{ odometer_start: '1000.5', odometer_end: '1001', total_distance: '999' }, '0.5'], // odometers win
    [{ total_distance: '12.3' }, '12.3'],
  ])('trip distance of %j is %s', (readings, expected) => {
    const distance = tripDistance(readings);
    expect(distance && Number(distance.value) / 10 ** distance.scale).toBe(Number(expected));
  });

  it.each([
    [{ odometer_start: '1000', odometer_end: '1000' }],
    [{ odometer_start: '1000', odometer_end: '999' }],
    [{ total_distance: '0' }],
    [{ total_distance: 'x' }],
    [{}],
  ])('has no trip distance for %j', (readings) => {
    expect(tripDistance(readings)).toBeNull();
  });
});

describe('report totals', () => {
  it('sums expenses and mileage and takes the earliest and latest dates', () => {
    const totals = reportTotals(
      [
        { date: '2026-03-10', amount: 26667 },
        { date: '2026-03-02', amount: 1999 },
      ],
      [{ date: '2026-03-15', amount: 4350 }],
    );
    // 266.67 + 19.99 + 43.50 = 330.16
    expect(totals).toEqual({ totalAmount: 33016, startDate: '2026-03-02', endDate: '2026-03-15' });
  });

  it('is zero with no dates for an empty report', () => {
    expect(reportTotals([], [])).toEqual({ totalAmount: 0, startDate: null, endDate: null });
  });

  it('refuses amounts that are not whole cents', () => {
    expect(() => reportTotals([{ date: '2026-01-01', amount: 0.5 }], [])).toThrow(RangeError);
  });

  it('owes the whole total of a reimbursement until processing, nothing on an advance report', () => {
    expect(unreimbursedOf({ type: 'reimbursement', totalAmount: 12345 })).toBe(12345);
    expect(unreimbursedOf({ type: 'advance', totalAmount: 12345 })).toBe(0);
  });
});

describe('advance report tolerance of $1', () => {
  it.each([
    // total, approved, message
    [50000, 50000, null],
    [49900, 50000, null], // exactly $1 under
    [50100, 50000, null], // exactly $1 over
    [49899, 50000, MESSAGES.advanceReportTooLow], // $1.01 under
    [50101, 50000, MESSAGES.advanceReportTooHigh], // $1.01 over
    [0, 50000, MESSAGES.advanceReportTooLow],
    [0, 100, null],
  ])('total %i against approved %i → %s', (total, approved, message) => {
    expect(advanceReportProblem(total, approved)).toBe(message);
  });

  it('uses docs/product.md’s words', () => {
    expect(MESSAGES.advanceReportTooLow).toBe('Please add expenses until the report total meets the amount approved');
    expect(MESSAGES.advanceReportTooHigh).toBe('Expenses over the approved amount must be added to an expense report.');
  });
});

describe('payout on processing: new unreimbursed total = due − payout', () => {
  it.each([
    // due, input, payout, unreimbursed
    [33016, { payout: 20000 }, 20000, 13016], // 330.16 − 200.00 = 130.16
    [33016, { payout: 33016 }, 33016, 0],
    [33016, { payout: 0 }, 0, 33016],
    [33016, { newUnreimbursedTotal: 13016 }, 20000, 13016],
    [33016, { payout: 20000, newUnreimbursedTotal: 13016 }, 20000, 13016],
  ])('due %i with %j', (due, input, payout, unreimbursed) => {
    expect(resolvePayout(due, input)).toEqual({ ok: true, payout, unreimbursed });
  });

  it.each([
    [33016, {}, 'payout', 'Payout is required.'],
    [33016, { payout: 33017 }, 'payout', 'Payout cannot be more than the reimbursement due.'],
    [33016, { newUnreimbursedTotal: 40000 }, 'payout', 'Payout cannot be negative.'],
    [
      33016,
      { payout: 20000, newUnreimbursedTotal: 1 },
      'new_unreimbursed_total',
      'The new unreimbursed total must equal the reimbursement due minus the payout.',
    ],
  ])('refuses due %i with %j', (due, input, field, message) => {
    expect(resolvePayout(due, input)).toEqual({ ok: false, field, message });
  });
});
