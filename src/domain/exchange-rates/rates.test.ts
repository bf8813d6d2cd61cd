import { looksInverted, parseExchangeRateCsv, rateBothWays, suggestRate } from './rates';

/** Decision 37 (docs/decisions.md): the suggestion, the rate shown both ways, the CSV rows named. */
describe('rateBothWays', () => {
  it.each([
    [129.5, 'KES', '1 US$ = 129.50 KES', '1 KES = 0.0077 US$'], // 1 / 129.5 = 0.00772…
    [3700, 'UGX', '1 US$ = 3700.00 UGX', '1 UGX = 0.00027 US$'], // 1 / 3700 = 0.000270…
    [0.79, 'GBP', '1 US$ = 0.79 GBP', '1 GBP = 1.27 US$'], // 1 / 0.79 = 1.2658…
    [0.3071, 'KWD', '1 US$ = 0.3071 KWD', '1 KWD = 3.26 US$'], // the rate's own decimals kept; 1 / 0.3071 = 3.2563…
    [129.254, 'KES', '1 US$ = 129.254 KES', '1 KES = 0.0077 US$'], // 1 / 129.254 = 0.007736…
  ])('%d %s', (rate, currency, perDollar, perUnit) => {
    expect(rateBothWays(rate, currency)).toEqual({ perDollar, perUnit });
  });
});

describe('suggestRate', () => {
  const office = [
    { month: '2026-11', currency: 'KES', rate: 129.5 },
    { month: '2026-10', currency: 'KES', rate: 128 },
  ];
  it.each([
    ['2026-11', 'KES', 127, { rate: 129.5, source: 'office' }], // the month's office rate wins
    ['2026-12', 'KES', 127, { rate: 127, source: 'last' }], // no December rate: the missionary's last
    ['2026-12', 'UGX', null, null], // nothing known
  ] as const)('%s %s (last %s)', (month, currency, last, expected) => {
    expect(suggestRate(office, month, currency, last)).toEqual(expected);
  });
});

describe('parseExchangeRateCsv', () => {
  it('names each bad row by its line (header = row 1)', () => {
    expect(parseExchangeRateCsv('month,currency,rate\n2026-11,KES,129.5\n2026-11,KES,x\n')).toEqual({
      ok: false,
      errors: { 'row 3': ['Rate must be a number.'] },
    });
  });
});

describe('looksInverted', () => {
  it.each([
    [0.0077, 129.5, true], // 0.0077 × 129.5 = 0.997: US$ per KES typed where KES per US$ is asked
    [0.008, 129.5, true], // 0.008 × 129.5 = 1.036
    [128, 129.5, false], // 128 / 129.5 = 0.988: a rate a month later, not a turned-around one
    [1.27, 0.79, true], // 1.27 × 0.79 = 1.003 and 1.27 / 0.79 = 1.61: GBP turned around
    [1.02, 0.98, false], // a currency near the dollar: 1.02 / 0.98 = 1.04, cannot be told apart
    [0, 129.5, false], // nothing typed
  ])('%d typed against %d suggested: %s', (typed, suggested, inverted) => {
    expect(looksInverted(typed, suggested)).toBe(inverted);
  });
});
