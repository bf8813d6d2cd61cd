import { decimalField, moneyField } from './fields';
import { readDecimalComma } from './money';

/** Decision 23 (docs/decisions.md): decimal commas where unambiguous; `1.234,50` refused with the reason. */
describe('readDecimalComma', () => {
  it.each([
    ['12,50', '12.50'], // one comma, two digits after: a decimal comma
    ['12,5', '12.5'], // one digit after it
    ['-3,25', '-3.25'],
    ['0,92', '0.92'],
    [' 4750,00 ', '4750.00'], // trimmed
    ['12.50', '12.50'], // no comma: unchanged
    ['129.25', '129.25'],
  ])('%s reads as %s', (typed, expected) => {
    expect(readDecimalComma(typed)).toEqual({ text: expected });
  });

  it.each([
    ['1.234,50', /both a point and a comma/], // European thousands point + decimal comma
    ['1,234.50', /both a point and a comma/], // US thousands comma + decimal point
    ['1,234', /not a decimal comma/], // three digits after: a thousands separator?
    ['1,2,3', /not a decimal comma/], // two commas
    [',50', /not a decimal comma/], // nothing before the comma
  ])('%s is refused', (typed, reason) => {
    const read = readDecimalComma(typed);
    expect('error' in read && read.error).toMatch(reason);
  });
});

describe('money and decimal fields accept a decimal comma', () => {
  it.each([
    ['12,50', 1250], // 12.50 dollars = 1250 cents
    ['4750', 475000],
    ['0,5', 50],
  ])('Amount %s → %i cents', (typed, cents) => {
    expect(moneyField('Amount').parse(typed)).toBe(cents);
  });

  it('refuses 1.234,50 saying why', () => {
    const result = moneyField('Amount').safeParse('1.234,50');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(
      'Amount has both a point and a comma, so it is unclear which one is the decimal separator: write it without a thousands separator, e.g. 1234.50 or 1234,50.',
    );
  });

  it('reads an exchange rate of 129,25 as 129.25', () => {
    expect(decimalField('Exchange rate', { scale: 6 }).parse('129,25')).toBe('129.25');
  });
});
