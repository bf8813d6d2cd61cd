import fc from 'fast-check';
import { addDays } from '../dates';
import { effectiveEntryDate, federalReserveHolidays, isBusinessDay, weekday } from './business-days';

/**
 * The Federal Reserve's published calendar, "K.8 - Holidays Observed by the Federal Reserve System
 * 2026-2030" (federalreserve.gov/aboutthefed/k8.htm, updated December 31, 2025), copied by hand:
 * * Saturday (Reserve Banks open the Friday before), ** Sunday (closed the Monday after).
 */
const PUBLISHED: Record<number, string[]> = {
  // New Year, MLK, Washington, Memorial, Juneteenth, Independence, Labor, Columbus, Veterans, Thanksgiving, Christmas
  2026: ['01-01', '01-19', '02-16', '05-25', '06-19', '07-04*', '09-07', '10-12', '11-11', '11-26', '12-25'],
  2027: ['01-01', '01-18', '02-15', '05-31', '06-19*', '07-04**', '09-06', '10-11', '11-11', '11-25', '12-25*'],
  2028: ['01-01*', '01-17', '02-21', '05-29', '06-19', '07-04', '09-04', '10-09', '11-11*', '11-23', '12-25'],
  2029: ['01-01', '01-15', '02-19', '05-28', '06-19', '07-04', '09-03', '10-08', '11-11**', '11-22', '12-25'],
  2030: ['01-01', '01-21', '02-18', '05-27', '06-19', '07-04', '09-02', '10-14', '11-11', '11-28', '12-25'],
};

/** The days the Reserve Banks are closed, per the notes under the published table. */
const CLOSED_MONDAYS_FOR_SUNDAY = ['2027-07-05', '2029-11-12'];
const OPEN_FRIDAYS_BEFORE_SATURDAY = ['2026-07-03', '2027-06-18', '2027-12-24', '2028-11-10', '2028-12-31'];

describe('federalReserveHolidays', () => {
  it.each(Object.entries(PUBLISHED))('%s matches the published calendar', (year, dates) => {
    const computed = federalReserveHolidays(Number(year));
    expect(computed.map((holiday) => holiday.date)).toEqual(dates.map((d) => `${year}-${d.replace(/\*/g, '')}`));
    // Marks: * on a Saturday (no closed day), ** on a Sunday (closed the Monday after).
    computed.forEach((holiday, index) => {
      const mark = dates[index].replace(/[^*]/g, '');
      expect(weekday(holiday.date), holiday.date).toBe(mark === '*' ? 6 : mark === '**' ? 0 : weekday(holiday.date));
      if (mark === '*') expect(holiday.closed).toBeNull();
      else if (mark === '**') expect(holiday.closed).toBe(addDays(holiday.date, 1));
      else expect(holiday.closed).toBe(holiday.date);
    });
  });

  it('names them in calendar order', () => {
    expect(federalReserveHolidays(2026).map((holiday) => holiday.name)).toEqual([
      "New Year's Day",
      'Birthday of Martin Luther King, Jr.',
      "Washington's Birthday",
      'Memorial Day',
      'Juneteenth National Independence Day',
      'Independence Day',
      'Labor Day',
      'Columbus Day',
      'Veterans Day',
      'Thanksgiving Day',
      'Christmas Day',
    ]);
  });
});

describe('isBusinessDay', () => {
  const allPublished = Object.entries(PUBLISHED).flatMap(([year, dates]) =>
    dates.filter((d) => !d.includes('*')).map((d) => `${year}-${d}`),
  );

  it.each(allPublished)('%s (a weekday holiday) is closed', (date) => {
    expect(isBusinessDay(date)).toBe(false);
  });

  it.each(CLOSED_MONDAYS_FOR_SUNDAY)('%s (Monday after a Sunday holiday) is closed', (date) => {
    expect(weekday(date)).toBe(1);
    expect(isBusinessDay(date)).toBe(false);
  });

  it.each(OPEN_FRIDAYS_BEFORE_SATURDAY.filter((d) => weekday(d) === 5))(
    '%s (Friday before a Saturday holiday) is open',
    (date) => {
      expect(isBusinessDay(date)).toBe(true);
    },
  );

  it('2028-12-31 is a Sunday, closed as a weekend; 2029-01-01 is New Year', () => {
    expect(weekday('2028-12-31')).toBe(0);
    expect(isBusinessDay('2028-12-31')).toBe(false);
    expect(isBusinessDay('2029-01-01')).toBe(false);
    expect(isBusinessDay('2029-01-02')).toBe(true);
  });

  it('counts 251 business days in 2026: 261 weekdays less the 10 holidays on weekdays (July 4 is a Saturday)', () => {
    // 2026 has 365 days from a Thursday: 52 weeks (260 weekdays) + Thursday 2026-12-31 = 261.
    let count = 0;
    for (let date = '2026-01-01'; date <= '2026-12-31'; date = addDays(date, 1)) if (isBusinessDay(date)) count++;
    expect(count).toBe(251);
  });

  it('every weekend day is closed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 365 * 10 }), (offset) => {
        const date = addDays('2025-01-01', offset);
        if (weekday(date) === 0 || weekday(date) === 6) expect(isBusinessDay(date)).toBe(false);
      }),
    );
  });
});

describe('effectiveEntryDate', () => {
  it.each([
    ['2026-11-30', '2026-11-30', 'a Monday that is no holiday'],
    ['2026-10-31', '2026-11-02', 'Saturday → Monday'],
    ['2026-05-31', '2026-06-01', 'Sunday → Monday'],
    ['2026-01-31', '2026-02-02', 'Saturday → Monday'],
    ['2026-07-04', '2026-07-06', 'Independence Day on a Saturday: the Monday after is open'],
    ['2026-12-25', '2026-12-28', 'Christmas on a Friday → Monday'],
    ['2026-11-26', '2026-11-27', 'Thanksgiving → Friday'],
    ['2027-07-04', '2027-07-06', 'Sunday holiday, observed Monday → Tuesday'],
    ['2027-07-03', '2027-07-06', 'Saturday before it → Tuesday'],
    ['2027-12-25', '2027-12-27', 'Christmas on a Saturday → Monday (open Friday 12-24 is before it)'],
    ['2028-01-01', '2028-01-03', 'New Year on a Saturday → Monday'],
    ['2029-11-11', '2029-11-13', 'Veterans Day on a Sunday → Tuesday'],
    ['2030-05-25', '2030-05-28', 'Memorial Day weekend → Tuesday'],
    ['2030-08-31', '2030-09-03', 'Labor Day weekend → Tuesday'],
    ['2030-12-31', '2030-12-31', 'a Tuesday'],
  ])('%s → %s (%s)', (mat, effective) => {
    expect(effectiveEntryDate(mat)).toBe(effective);
  });

  it('is the MAT date or later, a business day, with no business day skipped', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 365 * 5 }), (offset) => {
        const mat = addDays('2026-01-01', offset);
        const effective = effectiveEntryDate(mat);
        expect(effective >= mat).toBe(true);
        expect(isBusinessDay(effective)).toBe(true);
        for (let date = mat; date < effective; date = addDays(date, 1)) expect(isBusinessDay(date)).toBe(false);
        // A long weekend plus a holiday is at most four days.
        expect(effective <= addDays(mat, 4)).toBe(true);
      }),
    );
  });
});
