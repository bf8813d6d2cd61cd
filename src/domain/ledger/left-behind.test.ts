import { usd } from '../distributions/test-fixtures';
import { checkLeftBehind, coversMonth, type LedgerLeftBehind, lastDayOf, uploadMonth } from './left-behind';

describe('an upload’s month', () => {
  it.each([
    // 3 gifts in November, 1 in October: November
    [{ '2026-10': 1, '2026-11': 3 }, '2026-12-02', '2026-11'],
    // a tie (2 and 2): the earlier month
    [{ '2026-12': 2, '2026-11': 2 }, '2026-12-02', '2026-11'],
    // no gift dates: the month it was imported
    [{}, '2026-12-02', '2026-12'],
  ])('%j imported %s is %s', (months, importedOn, month) => {
    expect(uploadMonth(new Map(Object.entries(months)), importedOn)).toBe(month);
  });
});

describe('a distribution covering a month', () => {
  it.each([
    ['2026-11-30', '2026-11', true], // November 1–30 closes November
    ['2026-12-15', '2026-11', true], // November 15 – December 15 reaches past it
    ['2026-11-14', '2026-11', false], // October 15 – November 14 does not
    ['2028-02-29', '2028-02', true], // a leap February's last day
    ['2028-02-28', '2028-02', false],
  ])('ending %s covers %s: %s', (end, month, covers) => {
    expect(coversMonth(end, month)).toBe(covers);
    expect(lastDayOf('2028-02')).toBe('2028-02-29');
  });
});

describe('donations left behind (a warning)', () => {
  const lydia = (over: Partial<LedgerLeftBehind>): LedgerLeftBehind => ({
    userId: 21,
    name: 'Lydia Mensah',
    uploadName: 'November 2026 checks',
    donations: 2,
    // 2,000.00 + 1,300.00
    amount: usd('3300.00'),
    month: '2026-11',
    lastApprovedEnd: '2026-11-30',
    ...over,
  });

  it('lists the missionary, the upload and the amount once a distribution covered the month', () => {
    const [found] = checkLeftBehind({ leftBehind: [lydia({})] });
    expect(found).toMatchObject({ check: 'donations_left_behind', severity: 'warning' });
    expect(found.message).toContain('Lydia Mensah: 2 donations of $3,300.00 in the upload "November 2026 checks"');
    expect(found.records).toEqual([
      { type: 'user', id: 21, label: 'Lydia Mensah' },
      { type: 'upload', id: null, label: 'November 2026 checks' },
    ]);
  });

  it.each([
    ['no approved distribution yet', { lastApprovedEnd: null }],
    ['the last one ended before the month closed', { lastApprovedEnd: '2026-11-14' }],
    ['a later month’s file', { month: '2026-12' }],
  ])('says nothing when %s', (_what, over) => {
    expect(checkLeftBehind({ leftBehind: [lydia(over)] })).toEqual([]);
  });
});
