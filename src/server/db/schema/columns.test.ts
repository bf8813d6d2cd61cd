import fc from 'fast-check';
import { parseDecimal, pow10, toDecimalString } from '../../../domain/money';
import { centsFromDatabase } from './columns';

/**
 * centsFromDatabase reads "1234.50" (what PostgreSQL sends for numeric(14,2)) by dropping the point,
 * without BigInt; anything else takes the exact decimal path. Both must give the same cents.
 */
const viaDecimal = (text: string) => {
  const decimal = parseDecimal(text);
  return decimal === null ? null : Number(decimal.value * pow10(2 - decimal.scale));
};

describe('centsFromDatabase', () => {
  it.each([
    ['1234.50', 123450], // 1234|50
    ['0.05', 5], // 0|05
    ['-0.50', -50], // -0|50
    ['-0.00', 0], // -0 + 0 is 0, not -0
    ['0.00', 0],
    ['9999999999999.99', 999999999999999], // 13 whole digits: the fast path's widest
    ['-9999999999999.99', -999999999999999],
    ['12345678901234.56', 1234567890123456], // 14 whole digits (a sum): the decimal path
    ['1234.5', 123450], // one decimal: the decimal path
    ['1234', 123400],
    ['1234.567', 123456], // more decimals are cut, as before
  ])('%s is %d cents', (text, cents) => {
    expect(Object.is(centsFromDatabase(text), cents)).toBe(true);
  });

  it('reads numbers (PGlite) and null', () => {
    expect(centsFromDatabase(12.5)).toBe(1250);
    expect(centsFromDatabase(null)).toBe(0);
  });

  it('agrees with the exact decimal path for any two-decimal text', () => {
    fc.assert(
      fc.property(fc.integer({ min: -999_999_999_999_999, max: 999_999_999_999_999 }), (cents) => {
        const text = toDecimalString(cents);
        expect(centsFromDatabase(text)).toBe(cents);
        expect(centsFromDatabase(text)).toBe(viaDecimal(text) ?? Number.NaN);
      }),
    );
  });
});
