import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { sum, toDecimalString, toDollars } from '../../domain/money';
import { donations } from '../db/schema';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';

/**
 * Migration 0017: GET /donation/upload-names answers from `donation_upload_summaries`, which triggers
 * keep. The rule it must keep is the grouping it replaced: per upload name, the count and sum of the
 * donations holding it now, its newest donation's time, newest (highest id) first. A model in memory
 * holds what was written; after every step, through the API (PATCH and DELETE of one donation) or
 * straight to the table (statements over many rows, the import's shape), the route must answer what
 * the model groups. PGlite and PostgreSQL.
 */
let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
});
afterAll(() => t.close());

interface Written {
  id: number;
  uploadName: string;
  cents: number;
  createdAt: Date;
}

const name = fc.constantFrom('Jan', 'Feb', 'Mar', 'Apr');
const cents = fc.integer({ min: -50_000, max: 5_000_000 });
const anyOf = fc.nat();

const step = fc.oneof(
  {
    arbitrary: fc.record({ insert: fc.array(fc.record({ name, cents }), { minLength: 1, maxLength: 5 }) }),
    weight: 4,
  },
  { arbitrary: fc.record({ patch: anyOf, cents }), weight: 2 },
  { arbitrary: fc.record({ remove: anyOf }), weight: 2 },
  { arbitrary: fc.record({ removeUpload: name }), weight: 1 },
  // Several rows in one statement: rename, a new amount, or a new timestamp (the app never does).
  { arbitrary: fc.record({ move: fc.array(anyOf, { minLength: 1, maxLength: 4 }), to: name }), weight: 1 },
  { arbitrary: fc.record({ reprice: fc.array(anyOf, { minLength: 1, maxLength: 4 }), cents }), weight: 1 },
  {
    arbitrary: fc.record({ retime: fc.array(anyOf, { minLength: 1, maxLength: 4 }), minutes: fc.nat(600) }),
    weight: 1,
  },
);

interface Listed {
  upload_name: string;
  donations: number;
  total_amount: number;
  last_imported_at: string | null;
}

/** The grouping the summaries replace, from the model. */
function expected(model: Written[]): Listed[] {
  const groups = new Map<string, Written[]>();
  for (const d of model) groups.set(d.uploadName, [...(groups.get(d.uploadName) ?? []), d]);
  return [...groups.entries()]
    .map(([uploadName, rows]) => {
      const newest = rows.reduce((a, b) => (b.id > a.id ? b : a));
      return {
        newestId: newest.id,
        listed: {
          upload_name: uploadName,
          donations: rows.length,
          total_amount: toDollars(sum(rows.map((r) => r.cents))),
          last_imported_at: newest.createdAt.toISOString(),
        },
      };
    })
    .sort((a, b) => b.newestId - a.newestId)
    .map((g) => g.listed);
}

const picked = (model: Written[], indexes: number[]) => [...new Set(indexes.map((i) => model[i % model.length]))];

async function listed(): Promise<Listed[]> {
  const result = await t.call('GET', '/api/donation/upload-names', { token: admin.token });
  expect(result.status).toBe(200);
  expect(result.headers['x-total-count']).toBe(String(result.body.length));
  return result.body;
}

describe('the uploads list agrees with grouping the donations', () => {
  it('after random inserts, changes and deletes (model-based)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
        await t.ctx.db.delete(donations);
        let model: Written[] = [];
        for (const s of steps) {
          if ('insert' in s) {
            const written = await t.ctx.db
              .insert(donations)
              .values(s.insert.map((r) => ({ uploadName: r.name, amount: r.cents })))
              .returning();
            model.push(
              ...written.map((w) => ({ id: w.id, uploadName: w.uploadName, cents: w.amount, createdAt: w.createdAt })),
            );
          } else if (model.length === 0) {
            continue;
          } else if ('patch' in s) {
            const target = model[s.patch % model.length];
            const result = await t.call('PATCH', `/api/donation/${target.id}`, {
              token: admin.token,
              json: { amount: toDecimalString(s.cents), count: 1 },
            });
            expect(result.status).toBe(200);
            target.cents = s.cents;
          } else if ('remove' in s) {
            const target = model[s.remove % model.length];
            const result = await t.call('DELETE', `/api/donation/${target.id}`, { token: admin.token });
            expect(result.status).toBeLessThan(300);
            model = model.filter((d) => d !== target);
          } else if ('removeUpload' in s) {
            await t.ctx.db.delete(donations).where(eq(donations.uploadName, s.removeUpload));
            model = model.filter((d) => d.uploadName !== s.removeUpload);
          } else if ('move' in s) {
            const targets = picked(model, s.move);
            const ids = targets.map((d) => d.id);
            await t.ctx.db.update(donations).set({ uploadName: s.to }).where(inArray(donations.id, ids));
            for (const d of targets) d.uploadName = s.to;
          } else if ('reprice' in s) {
            const targets = picked(model, s.reprice);
            const ids = targets.map((d) => d.id);
            await t.ctx.db.update(donations).set({ amount: s.cents }).where(inArray(donations.id, ids));
            for (const d of targets) d.cents = s.cents;
          } else {
            const targets = picked(model, s.retime);
            const ids = targets.map((d) => d.id);
            const rows = await t.ctx.db
              .update(donations)
              .set({ createdAt: sql`created_at + make_interval(mins => ${s.minutes})` })
              .where(inArray(donations.id, ids))
              .returning();
            for (const r of rows) targets.find((d) => d.id === r.id)!.createdAt = r.createdAt;
          }
          expect(await listed()).toEqual(expected(model));
        }
      }),
      { numRuns: 40 },
    );
  });

  it('TRUNCATE empties it, and an upload is listed again once rows come back', async () => {
    await t.ctx.db.insert(donations).values([{ uploadName: 'Before truncate', amount: 100 }]);
    // Cascade: the hold accounts' transactions reference donations (this file writes none).
    await t.ctx.db.execute(sql`truncate donations cascade`);
    expect(await listed()).toEqual([]);
    const [row] = await t.ctx.db.insert(donations).values({ uploadName: 'After truncate', amount: 250 }).returning();
    expect(await listed()).toEqual([
      { upload_name: 'After truncate', donations: 1, total_amount: 2.5, last_imported_at: row.createdAt.toISOString() },
    ]);
  });
});
