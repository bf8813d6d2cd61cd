import { CURRENCIES, CURRENCY_CODES, currencyChoices, resolveCurrency } from './currencies';

/** Decision 22 (docs/decisions.md). */
describe('resolveCurrency', () => {
  it.each([
    [undefined, true, { currency: 'USD' }], // left out, rate 1: USD
    [undefined, false, { currency: null }], // left out, rate 129.25: unknown, shown "—"
    ['KES', false, { currency: 'KES' }],
    ['EUR', true, { currency: 'EUR' }], // a currency at par is still that currency
    ['USD', true, { currency: 'USD' }],
    ['USD', false, { error: 'A USD expense has an exchange rate of 1.' }],
  ])('%s at rate one %s → %o', (given, rateIsOne, expected) => {
    expect(resolveCurrency(given, rateIsOne)).toEqual(expected);
  });
});

describe('currency list', () => {
  it('holds unique three-letter codes with USD first', () => {
    expect(CURRENCIES[0][0]).toBe('USD');
    expect(CURRENCY_CODES.size).toBe(CURRENCIES.length);
    for (const [code] of CURRENCIES) expect(code).toMatch(/^[A-Z]{3}$/);
    for (const code of ['KES', 'EUR', 'GBP', 'UGX', 'XOF', 'PHP']) expect(CURRENCY_CODES.has(code)).toBe(true);
  });

  it('offers the last-used currency first, then the rest', () => {
    const choices = currencyChoices('KES');
    expect(choices[0]).toBe('KES');
    expect(choices[1]).toBe('USD');
    expect(choices.filter((code) => code === 'KES')).toHaveLength(1);
    expect(choices).toHaveLength(CURRENCIES.length);
    expect(currencyChoices(null)[0]).toBe('USD');
    expect(currencyChoices('XXX')[0]).toBe('USD'); // not a listed code: ignored
  });
});
