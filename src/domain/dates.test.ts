import {
  addDays,
  compareDates,
  earliest,
  formatUSDate,
  isIsoDate,
  isoDateOf,
  isWithin,
  latest,
  monthLabel,
} from './dates';

describe('isIsoDate', () => {
  it.each([
    ['2026-11-21', true],
    ['2024-02-29', true], // 2024 is a leap year
    ['2000-02-29', true], // divisible by 400: leap
    ['1900-02-29', false], // divisible by 100 but not 400: not leap
    ['2023-02-29', false],
    ['2026-04-31', false], // April has 30 days
    ['2026-12-31', true],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-01-00', false],
    ['2026-1-1', false], // needs two digits
    ['26-01-01', false],
    ['2026-01-01T00:00:00Z', false], // an instant is not a date
    ['', false],
    [20260101, false],
    [null, false],
  ])('%j → %s', (value, expected) => {
    expect(isIsoDate(value)).toBe(expected);
  });
});

describe('ordering', () => {
  it.each([
    ['2026-01-02', '2026-01-10', -1],
    ['2026-01-10', '2026-01-02', 1],
    ['2025-12-31', '2026-01-01', -1], // string order is calendar order for YYYY-MM-DD
    ['2026-03-03', '2026-03-03', 0],
  ])('compareDates(%s, %s) = %s', (a, b, expected) => {
    expect(compareDates(a, b)).toBe(expected);
  });

  it('finds the earliest and latest (docs/product.md: report start and end dates)', () => {
    const dates = ['2026-03-15', '2025-12-31', '2026-01-02'];
    expect(earliest(dates)).toBe('2025-12-31');
    expect(latest(dates)).toBe('2026-03-15');
    expect(earliest([])).toBeNull();
    expect(latest([])).toBeNull();
  });

  it.each([
    ['2026-01-01', true], // the first day counts
    ['2026-01-31', true], // and the last
    ['2026-01-15', true],
    ['2025-12-31', false],
    ['2026-02-01', false],
  ])('isWithin(%s, January 2026) = %s', (date, expected) => {
    expect(isWithin(date, '2026-01-01', '2026-01-31')).toBe(expected);
  });
});

describe('formatUSDate (docs/product.md §2.3: MM/DD/YYYY, blanks empty)', () => {
  it.each([
    ['2026-11-21', '11/21/2026'],
    ['2026-01-05', '01/05/2026'],
    ['2026-11-21T23:30:00.000Z', '11/21/2026'], // the date part of an instant
    ['0000-00-00', ''],
    ['0000-00-00 00:00:00', ''],
    ['', ''],
    [null, ''],
    [undefined, ''],
    ['not a date', ''],
  ])('%j → %j', (value, expected) => {
    expect(formatUSDate(value)).toBe(expected);
  });
});

describe('isoDateOf and addDays', () => {
  it('takes the UTC calendar day of an instant', () => {
    expect(isoDateOf(new Date('2026-11-21T23:59:59Z'))).toBe('2026-11-21');
    expect(isoDateOf(new Date('2026-11-22T00:00:00Z'))).toBe('2026-11-22');
  });

  it.each([
    ['2026-01-31', 1, '2026-02-01'], // into the next month
    ['2026-12-31', 1, '2027-01-01'], // into the next year
    ['2024-02-28', 1, '2024-02-29'], // leap day
    ['2023-02-28', 1, '2023-03-01'], // no leap day
    ['2026-03-01', -1, '2026-02-28'], // backwards
    ['2026-01-01', -1, '2025-12-31'],
    ['2026-01-15', 0, '2026-01-15'],
    ['2026-01-01', 365, '2027-01-01'],
    ['2026-03-08', 1, '2026-03-09'], // a daylight-saving day elsewhere changes nothing in UTC
  ])('addDays(%s, %s) = %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });
});

describe('monthLabel: one label for a date or a month, long or short', () => {
  it.each([
    ['2026-03', 'long', 'March 2026'], // a month, as exchange rates are kept
    ['2026-03-31', 'long', 'March 2026'], // a date: its month
    ['2024-05-31', 'short', 'May 2024'], // a distribution's end date on a chart
    ['2026-12-01', 'short', 'Dec 2026'],
    ['2025-01-15', 'short', 'Jan 2025'],
    ['2026-09', 'long', 'September 2026'], // the demo's upload names
    ['2026-09', 'short', 'Sep 2026'],
    ['2026-13', 'long', '13 2026'], // no such month: the number as it is, never a wrong name
  ] as const)('%s %s → %s', (value, length, label) => {
    expect(monthLabel(value, length)).toBe(label);
  });

  it('is long unless asked for short', () => {
    expect(monthLabel('2026-11-30')).toBe('November 2026');
  });
});
