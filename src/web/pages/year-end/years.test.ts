import { yearChoices } from './years';

describe('yearChoices: the year the Year End screen opens on', () => {
  it.each([
    // W-2s are due by 31 January and corrections follow: until the end of March, last year.
    ['2027-01-05', 2026],
    ['2027-03-31', 2026],
    // From April on, the year under way.
    ['2027-04-01', 2027],
    ['2026-11-27', 2026],
  ])('on %s opens %i', (today, initial) => {
    expect(yearChoices(today).initial).toBe(initial);
  });

  it('offers this year and the five before, newest first', () => {
    expect(yearChoices('2026-11-27').years).toEqual([2026, 2025, 2024, 2023, 2022, 2021]);
  });
});
