import { boundedMissionaryTotals, type MissionaryTotal } from './import-preview';

const total = (userId: number, userName: string, cents: number, designated = 0): MissionaryTotal => ({
  userId,
  userName,
  missionaryNumber: null,
  rows: 2,
  count: 3,
  donors: 1,
  general: cents - designated,
  designated,
  total: cents,
});

const ann = total(1, 'Ann', 500);
const bob = total(2, 'Bob', -9_000); // a large reversal counts by its size
const cy = total(3, 'Cy', 7_000, 1_000);
const dee = total(4, 'Dee', 7_000);
const eve = total(5, 'Eve', 100);

describe('boundedMissionaryTotals (decisions 12 and 18)', () => {
  it.each([
    // every one fits: listed as given, no "others"
    ['all fit', [ann, bob], 2, ['Ann', 'Bob'], null],
    // the 2 largest by size: Bob (|−90.00|), then Cy and Dee tie at 70.00 → by name, Cy; listed by name
    [
      'largest two',
      [ann, bob, cy, dee, eve],
      2,
      ['Bob', 'Cy'],
      { missionaries: 3, rows: 6, count: 9, general: 7_600, designated: 0, total: 7_600 },
    ],
    // the rest add up: Ann 5.00 + Cy 70.00 (10.00 designated) + Dee 70.00 + Eve 1.00 = 146.00
    [
      'largest one',
      [ann, bob, cy, dee, eve],
      1,
      ['Bob'],
      { missionaries: 4, rows: 8, count: 12, general: 13_600, designated: 1_000, total: 14_600 },
    ],
  ])('%s', (_what, totals, limit, listed, others) => {
    const bounded = boundedMissionaryTotals(totals, limit);
    expect(bounded.listed.map((t) => t.userName)).toEqual(listed);
    expect(bounded.others).toEqual(others);
  });

  it('listed + others = all, to the cent', () => {
    const all = [ann, bob, cy, dee, eve];
    const { listed, others } = boundedMissionaryTotals(all, 3);
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    expect(sum(listed.map((t) => t.total)) + (others?.total ?? 0)).toBe(sum(all.map((t) => t.total)));
  });
});
