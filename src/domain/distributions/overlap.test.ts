import fc from 'fast-check';
import { distributionOverlapMessage } from '../messages';
import { type DatedDistribution, findOverlap, overlappingPairs, rangesOverlap } from './overlap';

const d = (id: number, startDate: string, endDate: string, status = 'approved', userId = 7): DatedDistribution => ({
  id,
  userId,
  startDate,
  endDate,
  status,
});

describe('one missionary, one distribution per day (docs/distribution.md "One distribution per day")', () => {
  // Both ends are included: Nov 1–30 and Nov 30–Dec 15 share Nov 30.
  it.each([
    ['2026-11-01', '2026-11-30', '2026-11-15', '2026-12-15', true],
    ['2026-11-01', '2026-11-30', '2026-11-30', '2026-12-15', true],
    ['2026-11-01', '2026-11-30', '2026-12-01', '2026-12-31', false],
    ['2026-11-01', '2026-11-30', '2026-10-01', '2026-10-31', false],
    ['2026-11-01', '2026-11-30', '2026-10-15', '2026-11-01', true],
    ['2026-11-10', '2026-11-10', '2026-11-01', '2026-11-30', true],
    ['2026-11-01', '2026-11-30', '2026-11-01', '2026-11-30', true],
  ])('%s–%s and %s–%s share a day: %s', (s1, e1, s2, e2, expected) => {
    expect(rangesOverlap({ startDate: s1, endDate: e1 }, { startDate: s2, endDate: e2 })).toBe(expected);
    expect(rangesOverlap({ startDate: s2, endDate: e2 }, { startDate: s1, endDate: e1 })).toBe(expected);
  });

  const november = { id: null, userId: 7, startDate: '2026-11-01', endDate: '2026-11-30' };

  it.each([
    ['a pending one', [d(12, '2026-11-15', '2026-12-15', 'pending')], 12],
    ['an approved one', [d(12, '2026-11-30', '2026-12-30')], 12],
    ['a reversed one does not count', [d(12, '2026-11-01', '2026-11-30', 'reversed')], null],
    ['another missionary does not count', [d(12, '2026-11-01', '2026-11-30', 'approved', 8)], null],
    [
      'the month before and after are free',
      [d(10, '2026-10-01', '2026-10-31'), d(14, '2026-12-01', '2026-12-31')],
      null,
    ],
    ['the lowest id of several', [d(15, '2026-11-20', '2026-11-25'), d(13, '2026-11-01', '2026-11-05')], 13],
  ])('finds %s', (_case, others, expected) => {
    expect(findOverlap(november, others)?.id ?? null).toBe(expected);
  });

  it('leaves out the distribution being edited (moving its own dates)', () => {
    const own = d(12, '2026-11-01', '2026-11-30', 'pending');
    expect(findOverlap({ ...november, id: 12, endDate: '2026-12-05' }, [own])).toBeNull();
    expect(findOverlap({ ...november, id: 12 }, [own, d(20, '2026-12-01', '2026-12-31')])).toBeNull();
    expect(
      findOverlap({ ...november, id: 12, endDate: '2026-12-01' }, [own, d(20, '2026-12-01', '2026-12-31')])?.id,
    ).toBe(20);
  });

  it('names the other distribution and its dates', () => {
    expect(distributionOverlapMessage('Lydia Mensah', d(12, '2026-11-01', '2026-11-30', 'pending'))).toBe(
      "Lydia Mensah already has pending distribution 12 for 11/01/2026–11/30/2026; a missionary's distributions may not share a day.",
    );
  });

  const day = fc
    .integer({ min: 0, max: 120 })
    .map((n) => new Date(Date.UTC(2026, 9, 1 + n)).toISOString().slice(0, 10));
  const range = fc.tuple(day, day).map(([a, b]) => (a <= b ? [a, b] : [b, a]));
  const list = fc.array(
    fc.record({
      range,
      userId: fc.integer({ min: 1, max: 3 }),
      status: fc.constantFrom('pending', 'approved', 'reversed'),
    }),
    { maxLength: 12 },
  );

  it('property: saving only what findOverlap allows leaves no two counting distributions of one missionary sharing a day', () => {
    fc.assert(
      fc.property(list, (wanted) => {
        const saved: DatedDistribution[] = [];
        wanted.forEach((w, index) => {
          const candidate = { id: index + 1, userId: w.userId, startDate: w.range[0], endDate: w.range[1] };
          if (findOverlap({ ...candidate, id: null }, saved) === null) saved.push({ ...candidate, status: w.status });
        });
        expect(overlappingPairs(saved)).toEqual([]);
        // Day by day: no day of a missionary is in two counting distributions.
        const seen = new Set<string>();
        for (const s of saved.filter((x) => x.status !== 'reversed')) {
          for (let t = Date.parse(s.startDate); t <= Date.parse(s.endDate); t += 86_400_000) {
            const key = `${s.userId}:${t}`;
            expect(seen.has(key)).toBe(false);
            seen.add(key);
          }
        }
      }),
    );
  });

  it('property: overlappingPairs lists exactly the pairs that share a day, lower id first', () => {
    fc.assert(
      fc.property(list, (items) => {
        const all = items.map((w, i) => d(i + 1, w.range[0], w.range[1], w.status, w.userId));
        const expected: string[] = [];
        for (const a of all)
          for (const b of all) {
            if (a.id >= b.id || a.userId !== b.userId || a.status === 'reversed' || b.status === 'reversed') continue;
            const days = (x: DatedDistribution) => new Set(dayKeys(x));
            const shared = [...days(a)].some((k) => days(b).has(k));
            if (shared) expected.push(`${a.id}-${b.id}`);
          }
        expect(
          overlappingPairs(all)
            .map(([a, b]) => `${a.id}-${b.id}`)
            .sort(),
        ).toEqual(expected.sort());
      }),
    );
  });
});

function dayKeys(x: DatedDistribution): string[] {
  const keys: string[] = [];
  for (let t = Date.parse(x.startDate); t <= Date.parse(x.endDate); t += 86_400_000) keys.push(String(t));
  return keys;
}
