import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { donationSearchTerms, donations } from '../db/schema';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';

/**
 * Migration 0016: a donations search (`q`) finds its texts in `donation_search_terms` and then the
 * donations holding them by index. The rule it must keep is the plain one: a donation matches when
 * its missionary, fund, upload or (for staff) donor name, or its missionary's Account #, contains
 * `q`, ignoring case. A model in memory holds what was written and answers every search the plain
 * way; the route must agree after each insert and each change of names. PGlite and PostgreSQL.
 */
let t: TestApp;
let admin: SignedIn;
let ruth: SignedIn;
let boaz: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  ruth = await t.signIn('missionary', { name: 'Ruth Search', missionaryNumber: 'SRCH-1' });
  boaz = await t.signIn('missionary', { name: 'Boaz Search', missionaryNumber: 'SRCH-2' });
});
afterAll(() => t.close());

interface Written {
  id: number;
  userId: number | null;
  userName: string | null;
  fundName: string | null;
  uploadName: string;
  donorName: string | null;
}

/** Texts from a small alphabet, so searches often hit; with LIKE's own characters and both cases. */
const text = fc.stringMatching(/^[aAbB %_\\]{1,4}$/);
const maybe = fc.option(text, { nil: null });
const row = fc.record({
  owner: fc.constantFrom('ruth', 'boaz', null),
  userName: maybe,
  fundName: maybe,
  uploadName: text,
  donorName: maybe,
});
type Row = typeof row extends fc.Arbitrary<infer R> ? R : never;

const step = fc.oneof(
  { arbitrary: fc.record({ insert: fc.array(row, { minLength: 1, maxLength: 6 }) }), weight: 3 },
  { arbitrary: fc.record({ rename: fc.nat(), to: row }), weight: 1 },
  {
    // Searches by text, and by Account # (SRCH-1 is Ruth's, SRCH-2 Boaz's).
    arbitrary: fc.record({
      search: fc.oneof(text, fc.constantFrom('srch-1', 'SRCH', 'h-2')),
      as: fc.constantFrom('admin', 'ruth'),
    }),
    weight: 4,
  },
);

const contains = (value: string | null, q: string) => value?.toLowerCase().includes(q.toLowerCase());

/** The contract trims `q`; a blank one is no search at all. */
function expectedIds(model: Written[], typed: string, viewer: 'admin' | 'ruth'): number[] {
  const q = typed.trim();
  const numbers = new Map([
    [ruth.id, 'SRCH-1'],
    [boaz.id, 'SRCH-2'],
  ]);
  return model
    .filter((d) => viewer === 'admin' || d.userId === ruth.id)
    .filter(
      (d) =>
        q === '' ||
        contains(d.userName, q) ||
        contains(d.fundName, q) ||
        contains(d.uploadName, q) ||
        (viewer === 'admin' && contains(d.donorName, q)) ||
        contains(d.userId === null ? null : (numbers.get(d.userId) ?? null), q),
    )
    .map((d) => d.id)
    .sort((a, b) => b - a);
}

const ownerId = (owner: Row['owner']) => (owner === 'ruth' ? ruth.id : owner === 'boaz' ? boaz.id : null);
const columnsOf = (r: Row) => ({
  userId: ownerId(r.owner),
  userName: r.userName,
  fundName: r.fundName,
  uploadName: r.uploadName,
  donorName: r.donorName,
});

async function search(q: string, viewer: 'admin' | 'ruth') {
  const result = await t.call('GET', '/api/paginated_donation', {
    token: viewer === 'admin' ? admin.token : ruth.token,
    query: { q, limit: 1000 },
  });
  expect(result.status).toBe(200);
  return result.body as { data: Array<{ id: number }>; total_count: number };
}

describe('a donations search agrees with the plain rule', () => {
  it('after random inserts and changes of names (model-based)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        await t.ctx.db.delete(donations);
        const model: Written[] = [];
        for (const s of steps) {
          if ('insert' in s) {
            const written = await t.ctx.db
              .insert(donations)
              .values(s.insert.map((r) => ({ ...columnsOf(r), amount: 100 })))
              .returning();
            model.push(...written);
          } else if ('rename' in s) {
            if (model.length === 0) continue;
            const target = model[s.rename % model.length];
            const changed = columnsOf(s.to);
            await t.ctx.db.update(donations).set(changed).where(eq(donations.id, target.id));
            Object.assign(target, changed);
          } else {
            const page = await search(s.search, s.as);
            const expected = expectedIds(model, s.search, s.as);
            expect(page.total_count).toBe(expected.length);
            expect(page.data.map((d) => d.id)).toEqual(expected);
          }
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe('donation_search_terms', () => {
  it('holds every text an insert writes, once, and keeps it when a name changes', async () => {
    await t.ctx.db.delete(donations);
    const [first] = await t.ctx.db
      .insert(donations)
      .values([
        {
          uploadName: 'Terms upload',
          amount: 1,
          userName: 'Terms Ruth',
          fundName: 'Terms fund',
          donorName: 'Terms donor',
        },
        { uploadName: 'Terms upload', amount: 2, userName: 'Terms Ruth', fundName: null, donorName: null },
      ])
      .returning();
    const terms = async () =>
      (
        await t.ctx.db
          .select()
          .from(donationSearchTerms)
          .where(
            inArray(donationSearchTerms.term, ['Terms upload', 'Terms Ruth', 'Terms fund', 'Terms donor', 'Renamed']),
          )
      )
        .map((r) => r.term)
        .sort();
    expect(await terms()).toEqual(['Terms Ruth', 'Terms donor', 'Terms fund', 'Terms upload']);
    await t.ctx.db.update(donations).set({ donorName: 'Renamed' }).where(eq(donations.id, first.id));
    // The old text stays (it now matches nothing); the new one is there.
    expect(await terms()).toEqual(['Renamed', 'Terms Ruth', 'Terms donor', 'Terms fund', 'Terms upload']);
  });

  it('a search matching over a thousand texts reads the list instead, with the same answer', async () => {
    await t.ctx.db.delete(donations);
    const many = Array.from({ length: 1100 }, (_, i) => ({
      uploadName: 'Broad upload',
      amount: 1,
      userId: ruth.id,
      donorName: `Broad donor ${i}`,
    }));
    await t.ctx.db.insert(donations).values(many);
    expect((await search('broad donor', 'admin')).total_count).toBe(1100);
    // By its texts: donors 10, 100–109 and 1000–1099 are 1 + 10 + 100 = 111.
    expect((await search('broad donor 10', 'admin')).total_count).toBe(111);
    // Missionaries never search donors' names: none of these rows' other texts holds "donor".
    expect((await search('broad donor', 'ruth')).total_count).toBe(0);
  });

  it('a search nothing matches answers an empty page', async () => {
    expect(await search('no such text anywhere', 'admin')).toMatchObject({ data: [], total_count: 0 });
  });
});
