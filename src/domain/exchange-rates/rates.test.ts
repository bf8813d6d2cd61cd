import { exchangeRateCount, looksInverted, parseExchangeRateCsv, rateBothWays, suggestRate } from './rates';

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

  // RFC 4180 quoting, as spreadsheets write it: quoted header and cells, a comma or a doubled quote
  // inside quotes, CRLF line ends, a quoted cell spanning two lines (the next row keeps its line).
  it.each([
    ['quoted cells, CRLF', '"month","currency","rate"\r\n"2026-11","KES","129.50"\r\n', [['2026-11', 'KES', '129.50']]],
    [
      'a comma and a doubled quote inside an unused column',
      'month,note,currency,rate\n2026-11,"Nairobi, ""street"" rate",KES,130\n',
      [['2026-11', 'KES', '130']],
    ],
    [
      'a decimal comma in a quoted rate (decision 23): 129,50 = 129.50',
      'month,currency,rate\n2026-11,KES,"129,50"\n',
      [['2026-11', 'KES', '129.50']],
    ],
    [
      'a quoted cell over two lines',
      'month,note,currency,rate\n2026-10,"two\nlines",UGX,3700\n2026-11,,TZS,2650\n',
      [
        ['2026-10', 'UGX', '3700'],
        ['2026-11', 'TZS', '2650'],
      ],
    ],
  ])('%s', (_name, csv, expected) => {
    const rows = expected.map(([month, currency, rate]) => ({ month, currency, rate }));
    expect(parseExchangeRateCsv(csv)).toEqual({ ok: true, rows });
  });

  it.each([
    // "3,700" could be 3700 or 3.7: a thousands comma is never guessed (decision 23).
    [
      'month,currency,rate\n2026-11,KES,129.5\n2026-11,UGX,"3,700"\n',
      {
        'row 3': [
          'Rate has a comma that is not a decimal comma (at most 2 digits may follow it): write it without a thousands separator, e.g. 1234 or 1234,50.',
        ],
      },
    ],
    // The row after a two-line cell is named by the line it starts on: header 1, rows 2–3, then 4.
    [
      'month,note,currency,rate\n2026-10,"two\nlines",UGX,3700\n2026-11,,TZS,x\n',
      { 'row 4': ['Rate must be a number.'] },
    ],
    [
      'month,currency,rate\n2026-11,KES,129.5\n2026-11,"KES,129.5\n',
      { 'row 3': ['A quoted value that starts on line 3 is never closed.'] },
    ],
  ])('refuses %j naming the row', (csv, errors) => {
    expect(parseExchangeRateCsv(csv)).toEqual({ ok: false, errors });
  });
});

describe('exchangeRateCount', () => {
  it.each([
    // header + 2 rows = 2 rates
    ['month,currency,rate\n2026-11,KES,129.50\n2026-11,EUR,0.92\n', 2],
    // CRLF and a blank line between rows: still 2
    ['month,currency,rate\r\n2026-11,KES,129.50\r\n\r\n2026-11,EUR,0.92', 2],
    // a quoted cell with a line break is one row, not two: 1 rate
    ['month,currency,rate,note\n2026-11,KES,129.50,"first line\nsecond line"\n', 1],
    // a byte-order mark and only the header: 0 rates
    ['\uFEFFmonth,currency,rate\n', 0],
    // an unclosed quote: the reader refuses, counted by non-blank lines (3 − header = 2)
    ['month,currency,rate\n2026-11,KES,"129.50\n2026-11,EUR,0.92\n', 2],
  ])('%j holds %i', (text, count) => {
    expect(exchangeRateCount(text)).toBe(count);
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
