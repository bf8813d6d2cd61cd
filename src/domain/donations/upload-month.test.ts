import { describe, expect, it } from 'vitest';
import { datesAfterUploadChange, datesAfterUploadsChange, monthOfUploadName, monthOfUploads } from './upload-month';

describe('monthOfUploadName', () => {
  it.each([
    ['November 2026', '2026-11-01', '2026-11-30'],
    ['nov 2026', '2026-11-01', '2026-11-30'],
    ['Nov. 2026', '2026-11-01', '2026-11-30'],
    ['Denari November 2026', '2026-11-01', '2026-11-30'],
    ['February 2028', '2028-02-01', '2028-02-29'], // a leap year: 29 days
    ['February 2026', '2026-02-01', '2026-02-28'],
    ['2026-11', '2026-11-01', '2026-11-30'],
    ['donations_2026-04', '2026-04-01', '2026-04-30'],
    ['11/2026', '2026-11-01', '2026-11-30'],
    ['December, 2025', '2025-12-01', '2025-12-31'],
  ])('%s → %s to %s', (name, start, end) => {
    expect(monthOfUploadName(name)).toEqual({ start, end });
  });

  it.each([
    ['no month', 'Year-end gifts 2026'],
    ['no year', 'November'],
    ['two months', 'November December 2026'],
    ['a month out of range', '2026-13'],
    ['a year out of range', 'March 1850'],
    ['a short word that is not a month', 'Ma 2026'],
    ['empty', ''],
  ])('gives null for %s', (_why, name) => {
    expect(monthOfUploadName(name)).toBeNull();
  });
});

describe('datesAfterUploadChange', () => {
  const blank = { start: '', end: '' };
  const october = { start: '2026-10-01', end: '2026-10-31' };
  const november = { start: '2026-11-01', end: '2026-11-30' };
  const typed = { start: '2026-10-15', end: '2026-11-14' };
  it.each([
    ['blank dates take the upload’s month', '', 'November 2026', blank, november],
    ['dates the previous upload filled follow the new one', 'October 2026', 'November 2026', october, november],
    ['dates typed by hand stay', 'October 2026', 'November 2026', typed, typed],
    ['an upload that names no month leaves the dates', 'October 2026', 'Year-end gifts', october, october],
    [
      'one half-typed date stays',
      '',
      'November 2026',
      { start: '2026-11-03', end: '' },
      { start: '2026-11-03', end: '' },
    ],
  ])('%s', (_name, previous, next, dates, expected) => {
    expect(datesAfterUploadChange(previous, next, dates)).toEqual(expected);
  });
});

describe('several uploads', () => {
  const october = { start: '2026-10-01', end: '2026-10-31' };
  const november = { start: '2026-11-01', end: '2026-11-30' };
  it.each([
    ['none', [], null],
    ['two files of one month', ['November 2026 online', 'Nov 2026 checks'], november],
    // October's leftovers ride along with the month being closed, the latest one named.
    ['a month left behind and the new one, in any order', ['November 2026', 'October 2026'], november],
    ['one naming no month is left out', ['Year-end gifts', 'October 2026'], october],
    ['none naming a month', ['Year-end gifts'], null],
  ])('%s → %o', (_what, names, expected) => {
    expect(monthOfUploads(names)).toEqual(expected);
  });
  it.each([
    [
      'preselected uploads fill blank dates',
      [],
      ['October 2026', 'November 2026 checks'],
      { start: '', end: '' },
      november,
    ],
    [
      'adding a second file of the month keeps its dates',
      ['November 2026'],
      ['November 2026', 'Nov 2026 checks'],
      november,
      november,
    ],
    [
      'dates the first choice filled follow the latest month',
      ['October 2026'],
      ['October 2026', 'November 2026'],
      october,
      november,
    ],
    [
      'dates typed by hand stay',
      ['October 2026'],
      ['November 2026'],
      { start: '2026-10-15', end: '2026-11-14' },
      { start: '2026-10-15', end: '2026-11-14' },
    ],
    ['removing every upload leaves the dates', ['November 2026'], [], november, november],
  ])('%s', (_what, previous, next, dates, expected) => {
    expect(datesAfterUploadsChange(previous, next, dates)).toEqual(expected);
  });
});
