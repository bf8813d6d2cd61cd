import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { MESSAGES } from '../../domain/messages';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';
import { isForeignKeyViolation } from './errors';
import { donations, donationUploads, holdAccounts, users } from './schema';

/**
 * Migration 0015: donations' upload_id, user_id and hold_account_id are checked once per statement
 * instead of by foreign keys. The rule is the foreign keys' own: a donation names only rows that
 * exist, and a named row cannot be deleted or renumbered. PGlite and PostgreSQL.
 */
let t: TestApp;
let admin: SignedIn;
let missionary: SignedIn;
let uploadId: number;
let holdId: number;
/** Ids no row has: far beyond anything a test file creates. */
const MISSING = 2_000_000_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  missionary = await t.signIn('missionary');
  [{ id: uploadId }] = await t.ctx.db
    .insert(donationUploads)
    .values({ uploadName: 'References', filename: 'r.csv', contentSha256: 'references', rowCount: 0, totalAmount: 0 })
    .returning({ id: donationUploads.id });
  [{ id: holdId }] = await t.ctx.db
    .insert(holdAccounts)
    .values({ userId: missionary.id, fundName: 'References fund' })
    .returning({ id: holdAccounts.id });
});
afterAll(() => t.close());

async function donationCount(): Promise<number> {
  const [{ n }] = await t.ctx.db.select({ n: count() }).from(donations);
  return n;
}

/** The error of `work`, or null when it succeeded. */
async function errorOf(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
    return null;
  } catch (error) {
    return error;
  }
}

interface Reference {
  uploadId: number | null;
  userId: number | null;
  holdAccountId: number | null;
}

const insertRows = (rows: readonly Reference[]) =>
  t.ctx.db.insert(donations).values(rows.map((row) => ({ ...row, uploadName: 'References', amount: 100 })));

describe('inserting donations', () => {
  it.each([
    ['an upload', { uploadId: MISSING }],
    ['a user', { userId: MISSING }],
    ['a hold account', { holdAccountId: MISSING }],
  ])('refuses a row naming %s that does not exist (23503) and writes nothing', async (_, missing) => {
    const before = await donationCount();
    const good = { uploadId, userId: missionary.id, holdAccountId: holdId };
    const error = await errorOf(() => insertRows([good, { ...good, ...missing }, good]));
    expect(isForeignKeyViolation(error)).toBe(true);
    expect(await donationCount()).toBe(before);
  });

  it('accepts rows naming rows that exist, and rows naming none', async () => {
    const before = await donationCount();
    await insertRows([
      { uploadId, userId: missionary.id, holdAccountId: holdId },
      { uploadId: null, userId: null, holdAccountId: null },
    ]);
    expect(await donationCount()).toBe(before + 2);
  });

  it('property: a batch is written whole exactly when every reference in it exists', async () => {
    const id = (existing: number) => fc.constantFrom<number | null>(existing, MISSING, null);
    const row = fc.record({ uploadId: id(uploadId), userId: id(missionary.id), holdAccountId: id(holdId) });
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 8 }), async (rows) => {
        const before = await donationCount();
        const valid = rows.every((r) => r.uploadId !== MISSING && r.userId !== MISSING && r.holdAccountId !== MISSING);
        const error = await errorOf(() => insertRows(rows));
        expect(error === null ? null : isForeignKeyViolation(error)).toBe(valid ? null : true);
        expect(await donationCount()).toBe(before + (valid ? rows.length : 0));
      }),
      { numRuns: 40 },
    );
  });
});

describe("changing a donation's reference", () => {
  it('refuses a user that does not exist and accepts one that does', async () => {
    const [{ id }] = await t.ctx.db
      .insert(donations)
      .values({ uploadName: 'References', amount: 100, userId: missionary.id })
      .returning({ id: donations.id });
    const error = await errorOf(() => t.ctx.db.update(donations).set({ userId: MISSING }).where(eq(donations.id, id)));
    expect(isForeignKeyViolation(error)).toBe(true);
    await t.ctx.db.update(donations).set({ userId: admin.id, approved: true }).where(eq(donations.id, id));
    const [row] = await t.ctx.db.select().from(donations).where(eq(donations.id, id));
    expect(row.userId).toBe(admin.id);
  });
});

describe('removing a row a donation names', () => {
  it('refuses to delete or renumber a named user, hold account or upload (23503); deletes unnamed ones', async () => {
    const owner = await t.signIn('missionary');
    const [{ id: upload }] = await t.ctx.db
      .insert(donationUploads)
      .values({ uploadName: 'Named', filename: 'n.csv', contentSha256: 'named', rowCount: 1, totalAmount: 100 })
      .returning({ id: donationUploads.id });
    const [{ id: hold }] = await t.ctx.db
      .insert(holdAccounts)
      .values({ userId: missionary.id, fundName: 'Named fund' })
      .returning({ id: holdAccounts.id });
    await t.ctx.db
      .insert(donations)
      .values({ uploadName: 'Named', amount: 100, uploadId: upload, userId: owner.id, holdAccountId: hold });

    for (const remove of [
      () => t.ctx.db.delete(users).where(eq(users.id, owner.id)),
      () => t.ctx.db.delete(holdAccounts).where(eq(holdAccounts.id, hold)),
      () => t.ctx.db.delete(donationUploads).where(eq(donationUploads.id, upload)),
      () => t.ctx.db.update(users).set({ id: MISSING }).where(eq(users.id, owner.id)),
      () => t.ctx.db.update(holdAccounts).set({ id: MISSING }).where(eq(holdAccounts.id, hold)),
      () => t.ctx.db.update(donationUploads).set({ id: MISSING }).where(eq(donationUploads.id, upload)),
    ]) {
      expect(isForeignKeyViolation(await errorOf(remove))).toBe(true);
    }

    await t.ctx.db.delete(donations).where(eq(donations.uploadId, upload));
    await t.ctx.db.delete(holdAccounts).where(eq(holdAccounts.id, hold));
    await t.ctx.db.delete(donationUploads).where(eq(donationUploads.id, upload));
    expect(await t.ctx.db.select().from(holdAccounts).where(eq(holdAccounts.id, hold))).toEqual([]);
    expect(await t.ctx.db.select().from(donationUploads).where(eq(donationUploads.id, upload))).toEqual([]);
  });

  it('an admin deleting an archived missionary who has donations gets 409 and nothing changes', async () => {
    const owner = await t.signIn('missionary');
    await t.ctx.db.insert(donations).values({ uploadName: 'Owner', amount: 100, userId: owner.id });
    await t.call('DELETE', `/api/user/${owner.id}`, { token: admin.token });
    const result = await t.call('DELETE', `/api/user/${owner.id}`, { token: admin.token });
    expect(result.status).toBe(409);
    expect(result.body.message).toBe(MESSAGES.userHasRecords);
    expect(await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.id, owner.id))).toHaveLength(1);
  });
});
