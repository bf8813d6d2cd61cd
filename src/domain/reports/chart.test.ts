import { axisLabel, axisTicks, shortMonthLabel } from './chart';

describe('axisTicks', () => {
  it.each([
    // $0 – $4,450: rough step 111,250 cents → 200,000 (2 × 10^5)
    [
      [445_000, 120_000],
      [0, 200_000, 400_000, 600_000],
    ],
    // negative balances bring the axis below zero: range 150,000 → rough 37,500 → 50,000
    [
      [-50_000, 100_000],
      [-50_000, 0, 50_000, 100_000],
    ],
    // nothing but zeros: one step of $1.00 above zero
    [
      [0, 0],
      [0, 100],
    ],
    // no values at all
    [[], [0, 100]],
    // small amounts: 0 – $0.07 → rough 1.75 cents → 2 cents
    [[7], [0, 2, 4, 6, 8]],
    // 2.5 steps: 0 – 10,000 → rough 2,500 → 2,500
    [[10_000], [0, 2_500, 5_000, 7_500, 10_000]],
  ])('%j → %j', (values, expected) => {
    expect(axisTicks(values)).toEqual(expected);
  });

  it('always covers every value and includes 0', () => {
    for (const values of [[1, 999_999], [-123_456, 7], [-5, -3], [31_415_926]]) {
      const ticks = axisTicks(values);
      expect(ticks).toContain(0);
      expect(ticks[0]).toBeLessThanOrEqual(Math.min(0, ...values));
      expect(ticks[ticks.length - 1]).toBeGreaterThanOrEqual(Math.max(...values));
      expect(ticks.length).toBeLessThanOrEqual(8);
    }
  });
});

describe('shortMonthLabel (monthLabel itself: dates.test.ts)', () => {
  it.each([
    ['2024-05-31', "May '24"],
    ['2026-12-01', "Dec '26"],
    ['2025-01-15', "Jan '25"],
  ])('%s', (date, short) => {
    expect(shortMonthLabel(date)).toBe(short);
  });
});

describe('axisLabel', () => {
  it.each([
    // 400,000 cents = $4,000.00 → whole dollars with a thousands separator
    [400_000, '$4,000'],
    // below zero the sign comes before the dollar sign
    [-150_000, '-$1,500'],
    [0, '$0'],
    // 12,345,650 cents = $123,456.50 → rounds to $123,457
    [12_345_650, '$123,457'],
    // under half a dollar reads as $0
    [49, '$0'],
  ])('%i cents → %s', (cents, expected) => {
    expect(axisLabel(cents)).toBe(expected);
  });
});
