import fc from 'fast-check';
import {
  clamp,
  decimalToString,
  divRound,
  formatUSD,
  fromDollars,
  multiply,
  parseDecimal,
  parseDollars,
  parseLooseDollars,
  percentOf,
  sum,
  toDecimalString,
  toDollars,
} from './money';

const decimal = (text: string) => {
  const parsed = parseDecimal(text);
  if (!parsed) throw new Error(`bad decimal in test: ${text}`);
  return parsed;
};

describe('divRound: numerator / denominator, half away from zero', () => {
  it.each([
    // numerator, denominator, expected  — arithmetic
    ['10', '2', 5], // 10 / 2 = 5 exactly
    ['5', '2', 3], // 2.5 → 3 (half goes up, away from zero)
    ['-5', '2', -3], // -2.5 → -3 (half goes down, away from zero)
    ['5', '-2', -3], // 5 / -2 = -2.5 → -3
    ['-5', '-2', 3], // -5 / -2 = 2.5 → 3
    ['7', '2', 4], // 3.5 → 4
    ['-7', '2', -4], // -3.5 → -4
    ['4', '3', 1], // 1.333… → 1
    ['5', '3', 2], // 1.666… → 2
    ['-4', '3', -1], // -1.333… → -1
    ['-5', '3', -2], // -1.666… → -2
    ['1', '3', 0], // 0.333… → 0
    ['149', '100', 1], // 1.49 → 1
    ['150', '100', 2], // 1.50 → 2
    ['-150', '100', -2], // -1.50 → -2
    ['123456789012345', '1000', 123456789012], // 123456789012.345 → 123456789012
    ['123456789012500', '1000', 123456789013], // …012.5 → …013
  ])('%s / %s = %s', (numerator, denominator, expected) => {
    expect(divRound(BigInt(numerator), BigInt(denominator))).toBe(expected);
  });

  it('never answers negative zero', () => {
    // -1 / 3 = -0.333… rounds to zero, which must be +0 so it prints as "0.00", never "-0.00"
    expect(Object.is(divRound(-1n, 3n), 0)).toBe(true);
    expect(Object.is(divRound(0n, -5n), 0)).toBe(true);
  });

  it('refuses a zero denominator', () => {
    expect(() => divRound(1n, 0n)).toThrow(RangeError);
  });

  it('is within half a unit of the exact quotient, ties going away from zero (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
        fc.bigInt({ min: 1n, max: 10n ** 6n }),
        fc.boolean(),
        (n, d0, negateDenominator) => {
          const d = negateDenominator ? -d0 : d0;
          const q = BigInt(divRound(n, d));
          // |q·d − n| ≤ |d|/2, i.e. |2(q·d − n)| ≤ |d|
          const twiceError = 2n * (q * d - n);
          const absD = d < 0n ? -d : d;
          expect(twiceError <= absD && twiceError >= -absD).toBe(true);
          // on an exact tie the result is the one further from zero
          if ((twiceError === absD || twiceError === -absD) && n !== 0n) {
            const exactSign = n < 0n !== d < 0n ? -1n : 1n;
            expect(q * exactSign > 0n).toBe(true);
          }
        },
      ),
    );
  });
});

describe('percentOf: cents × percent / 100, rounded once', () => {
  it.each([
    // cents, percent, expected — arithmetic
    [10000, '6.2', 620], // $100.00 × 6.2 % = $6.20
    [12345, '6.2', 765], // 12345 × 0.062 = 765.39 → 765
    [12345, '1.45', 179], // 12345 × 0.0145 = 179.0025 → 179
    [250000, '7.65', 19125], // $2,500 × 7.65 % = $191.25 exactly
    [5, '10', 1], // 5 × 0.10 = 0.5 → 1 (half away from zero)
    [-5, '10', -1], // -0.5 → -1
    [15, '10', 2], // 1.5 → 2
    [14, '10', 1], // 1.4 → 1
    [100000, '0', 0], // nothing of anything
    [333, '33.3333', 111], // 333 × 0.333333 = 110.999889 → 111
    [99999999, '100', 99999999], // 100 % is the amount itself
  ])('%s cents × %s %% = %s cents', (cents, percent, expected) => {
    expect(percentOf(cents, decimal(percent))).toBe(expected);
  });

  it('refuses fractional cents', () => {
    expect(() => percentOf(10.5, decimal('10'))).toThrow(RangeError);
  });
});

describe('multiply: cents × decimal, rounded once', () => {
  it.each([
    // cents, factor, expected — arithmetic
    [1000, '0.621371', 621], // 1000 × 0.621371 = 621.371 → 621 (10 km in miles, as cents of a mile)
    [150, '0.67', 101], // 150 × 0.67 = 100.5 → 101
    [-150, '0.67', -101], // -100.5 → -101
    [149, '0.67', 100], // 99.83 → 100
    [12345, '1', 12345], // identity
    [12345, '0', 0],
    [100, '2.5', 250], // exact
    [3, '0.5', 2], // 1.5 → 2
    [1, '0.5', 1], // 0.5 → 1
    [-1, '0.5', -1], // -0.5 → -1
  ])('%s × %s = %s', (cents, factor, expected) => {
    expect(multiply(cents, decimal(factor))).toBe(expected);
  });
});

describe('sum, clamp', () => {
  it('adds whole cents and refuses anything else', () => {
    expect(sum([100, 250, -50])).toBe(300); // 1.00 + 2.50 − 0.50 = 3.00
    expect(sum([])).toBe(0);
    expect(() => sum([100, 0.1])).toThrow(RangeError);
    expect(() => sum([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
  });

  it.each([
    // amount, limit, expected
    [500, 300, 300], // capped at the limit
    [200, 300, 200], // below the limit stays
    [-5, 300, 0], // never below zero
    [500, -10, 0], // a negative limit gives zero
    [0, 0, 0],
  ])('clamp(%s, %s) = %s', (amount, limit, expected) => {
    expect(clamp(amount, limit)).toBe(expected);
  });
});

describe('parseDollars: the strict wire form', () => {
  it.each([
    ['12', 1200],
    ['12.3', 1230], // one decimal is tenths: 12.30
    ['12.34', 1234],
    ['-12.34', -1234],
    ['0.05', 5],
    [' 7 ', 700], // surrounding blanks are fine
    ['007', 700],
    ['999999999999.99', 99999999999999], // 12 digits before the point
    [12.34, 1234],
    [0.1, 10],
    [-3.45, -345],
    [1234.5, 123450],
  ])('%j → %s cents', (input, expected) => {
    expect(parseDollars(input)).toBe(expected);
  });

  it.each([
    ['1,234.50'], // separators belong to the loose form
    ['12.345'], // three decimals are not cents
    ['1.234'],
    ['12abc'],
    ['$12'],
    ['+5'],
    [''],
    ['.5'],
    ['5.'],
    ['1e3'],
    ['1000000000000'], // 13 digits: beyond numeric(14,2)
    [0.1 + 0.2], // 0.30000000000000004 is not an amount
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [1e21],
  ])('%j is refused', (input) => {
    expect(parseDollars(input)).toBeNull();
  });
});

describe('parseLooseDollars: spreadsheet and export forms', () => {
  it.each([
    ['1,234.50', 123450],
    ['$12', 1200],
    ['(3.45)', -345], // accounting negative
    ['-$3.45', -345],
    ['$-3.45', -345],
    ['- $3.45', -345],
    [' 7 ', 700],
    ['.5', 50], // .5 = 0.50
    ['$1,234,567.89', 123456789],
    ['($1,000)', -100000],
    ['0', 0],
    ['(0)', 0],
    ['1234', 123400], // no separators is fine too
  ])('%j → %s cents', (input, expected) => {
    expect(parseLooseDollars(input)).toBe(expected);
  });

  it.each([
    ['1.234'], // three decimals
    ['12abc'],
    ['1,23'], // a group must have three digits
    ['12,34.00'],
    ['1,2345'],
    ['--3'],
    ['(-3)'], // two signs
    ['-(3)'],
    ['$'],
    [''],
    ['   '],
    ['3-'],
    ['12 34'],
  ])('%j is refused', (input) => {
    expect(parseLooseDollars(input)).toBeNull();
  });

  it('never gives negative zero', () => {
    expect(Object.is(parseLooseDollars('-0.00'), 0)).toBe(true);
  });
});

describe('formatting', () => {
  it.each([
    [123450, '$1,234.50'],
    [-345, '-$3.45'],
    [0, '$0.00'],
    [5, '$0.05'],
    [-5, '-$0.05'],
    [100, '$1.00'],
    [99999, '$999.99'],
    [100000, '$1,000.00'],
    [100000000, '$1,000,000.00'],
    [-123456789, '-$1,234,567.89'],
  ])('formatUSD(%s) = %s', (cents, text) => {
    expect(formatUSD(cents)).toBe(text);
  });

  it.each([
    [123450, '1234.50'],
    [-5, '-0.05'],
    [0, '0.00'],
    [7, '0.07'],
    [-100000, '-1000.00'],
    [-1, '-0.01'],
    [-0, '0.00'],
    // The largest safe integer: 9,007,199,254,740,991 cents.
    [Number.MAX_SAFE_INTEGER, '90071992547409.91'],
    [-Number.MAX_SAFE_INTEGER, '-90071992547409.91'],
  ])('toDecimalString(%s) = %s', (cents, text) => {
    expect(toDecimalString(cents)).toBe(text);
  });

  it('refuses fractional cents', () => {
    expect(() => toDecimalString(1.5)).toThrow(RangeError);
    expect(() => toDollars(1.5)).toThrow(RangeError);
  });

  it('round-trips every amount through the wire and text forms (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 13), max: 10 ** 13 }), (cents) => {
        expect(parseDollars(toDecimalString(cents))).toBe(cents);
        expect(fromDollars(toDollars(cents))).toBe(cents);
        expect(parseLooseDollars(formatUSD(cents))).toBe(cents);
      }),
    );
  });

  it('fromDollars refuses more than 2 decimals', () => {
    expect(fromDollars(1234.5)).toBe(123450);
    expect(() => fromDollars(0.1 + 0.2)).toThrow(RangeError);
  });
});

describe('parseDecimal and decimalToString', () => {
  it.each([
    ['6.2', '62', 1],
    ['1.45', '145', 2],
    ['-0.05', '-5', 2],
    ['+3', '3', 0],
    ['0.621371', '621371', 6],
    [6.2, '62', 1],
  ])('%j is %s × 10^-%s', (input, value, scale) => {
    expect(parseDecimal(input)).toEqual({ value: BigInt(value), scale });
  });

  it.each([['1e3'], ['abc'], [''], ['1.'], ['.5'], [Number.NaN], [1e-7]])('%j is not a decimal', (input) => {
    expect(parseDecimal(input)).toBeNull();
  });

  it.each([
    ['62', 1, '6.2'],
    ['-5', 2, '-0.05'],
    ['7', 0, '7'],
    ['621371', 6, '0.621371'],
  ])('decimalToString(%s × 10^-%s) = %s', (value, scale, text) => {
    expect(decimalToString({ value: BigInt(value), scale })).toBe(text);
  });
});
