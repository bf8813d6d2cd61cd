import { importProblems, rateRows, rowFieldErrors } from './exchange-rate-rows';

describe('the exchange rates as the admin reads them', () => {
  it('names the month and reads each rate both ways', () => {
    expect(rateRows([{ month: '2026-03', currency: 'KES', rate: 129.5 }])).toEqual([
      {
        id: '2026-03 KES',
        month: '2026-03',
        currency: 'KES',
        rate: 129.5,
        monthName: 'March 2026',
        perDollar: '1 US$ = 129.50 KES',
        perUnit: '1 KES = 0.0077 US$', // 1 / 129.5 = 0.00772…
      },
    ]);
  });

  it('lists a refused import’s rows in file order, the file’s own problem first', () => {
    expect(
      importProblems({
        'row 12': ['Currency must be an ISO 4217 code other than USD.'],
        'row 3': ['Rate must be a number.', 'Month must be a month (YYYY-MM).'],
      }),
    ).toEqual([
      'Row 3: Rate must be a number.',
      'Row 3: Month must be a month (YYYY-MM).',
      'Row 12: Currency must be an ISO 4217 code other than USD.',
    ]);
    expect(importProblems({ csv: ['The first line must name the columns month, currency and rate.'] })).toEqual([
      'The first line must name the columns month, currency and rate.',
    ]);
  });

  it('puts a saved rate’s refusals under the dialog’s fields', () => {
    expect(
      rowFieldErrors({ 'rates.0.rate': ['Rate must be greater than 0.'], 'rates.0': ['2026-03 KES is listed twice.'] }),
    ).toEqual([
      ['rate', 'Rate must be greater than 0.'],
      ['rate', '2026-03 KES is listed twice.'],
    ]);
  });
});
