import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '../db/query-rows';
import { users } from '../db/schema';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';
import { BULK_MIN_ROWS, bulkWrite, setsIndexesAside, withDonationIndexesSetAside } from './bulk-load';

/**
 * A large import on the embedded database writes donations with the secondary indexes set
 * aside and builds them again in the same transaction; PostgreSQL never does. Runs on PGlite and on
 * PostgreSQL alike: the indexes' definitions are the same afterwards either way, and only PGlite's
 * were built anew (their oids changed).
 */
let t: TestApp;
let admin: SignedIn;
const MISSIONARIES = 20;

const indexRow = z.object({ name: z.string(), definition: z.string(), oid: z.coerce.number() });

function donationIndexes() {
  return queryRows(
    t.ctx.db,
    sql`select c.relname as name, pg_get_indexdef(c.oid) as definition, c.oid
        from pg_index i join pg_class c on c.oid = i.indexrelid
        where i.indrelid = 'donations'::regclass order by c.relname`,
    indexRow,
  );
}
const definitions = (rows: Array<z.infer<typeof indexRow>>) =>
  rows.map(({ name, definition }) => ({ name, definition }));
const oids = (rows: Array<z.infer<typeof indexRow>>) => rows.map((row) => row.oid);

/** `rows` gifts: gift i is $(i + 1).00 to missionary i mod 20. */
function giftFile(rows: number, donorPrefix: string) {
  const lines = ['Fund,Account #,Amount,Count,Donor ID'];
  for (let i = 0; i < rows; i++) lines.push(`General,BULK-${i % MISSIONARIES},${i + 1}.00,1,${donorPrefix}${i}`);
  return Buffer.from(lines.join('\n'));
}

function importFile(name: string, content: Buffer) {
  return t.call('POST', '/api/donation/denari-upload', {
    token: admin.token,
    multipart: { upload_name: name, denari: { content, filename: `${name}.csv`, type: 'text/csv' } },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  await t.ctx.db.insert(users).values(
    Array.from({ length: MISSIONARIES }, (_, i) => ({
      name: `Bulk Missionary ${i}`,
      email: `bulk-${i}@example.org`,
      passwordHash: 'x',
      role: 'missionary',
      missionaryNumber: `BULK-${i}`,
    })),
  );
});
afterAll(() => t.close());

describe('when an import sets the indexes aside', () => {
  it.each([
    // kind, rows imported, rows already in the table → set aside?
    ['pglite', BULK_MIN_ROWS, 0, true], // a first large import
    ['pglite', BULK_MIN_ROWS, BULK_MIN_ROWS, true], // as many rows as the table holds
    ['pglite', BULK_MIN_ROWS, BULK_MIN_ROWS + 1, false], // the build would sort more rows than are saved
    ['pglite', BULK_MIN_ROWS - 1, 0, false], // a small import: the index builds cost more than they save
    ['pglite', 145_000, 100_000, true],
    ['postgres', 145_000, 0, false], // DROP INDEX would lock donations' readers out: never
    ['postgres', BULK_MIN_ROWS, 0, false],
  ] as const)('%s, %i rows into %i → %s', (kind, imported, existing, expected) => {
    expect(setsIndexesAside(kind, imported, existing)).toBe(expected);
  });
});

describe('a large import into an empty table', () => {
  it('keeps every index as it was defined, builds them anew only on PGlite, and every row is found through them', async () => {
    const before = await donationIndexes();
    expect(before.length).toBeGreaterThan(5);
    const answer = await importFile('Bulk first', giftFile(BULK_MIN_ROWS, 'first-'));
    expect(answer.status).toBe(201);
    expect(answer.body.total_count).toBe(BULK_MIN_ROWS);
    const after = await donationIndexes();
    expect(definitions(after)).toEqual(definitions(before));
    const rebuilt = oids(after).filter((oid, i) => oid !== oids(before)[i]).length;
    // Every index but the primary key is new on PGlite; none on PostgreSQL.
    expect(rebuilt).toBe(t.ctx.dbKind === 'pglite' ? before.length - 1 : 0);
    // Read through the rebuilt (amount, id) index: the largest gift is $20,000.00 (i = 19,999).
    const largest = await t.call('GET', '/api/paginated_donation?order_by=amount&order=desc&limit=1', {
      token: admin.token,
    });
    expect(largest.status).toBe(200);
    expect(largest.body.total_count).toBe(BULK_MIN_ROWS);
    expect(largest.body.data[0].amount).toBe(20_000);
    // And through (user_id, …): missionary 7 has every 20th gift, 1,000 of them.
    const [missionary] = await queryRows(
      t.ctx.db,
      sql`select count(*)::int as n from donations where user_id = (select id from users where missionary_number = 'BULK-7')`,
      z.object({ n: z.number() }),
    );
    expect(missionary.n).toBe(BULK_MIN_ROWS / MISSIONARIES);
  });

  it('a small import, or one into a table larger than itself, leaves the indexes alone', async () => {
    const before = await donationIndexes();
    expect((await importFile('Bulk small', giftFile(100, 'small-'))).status).toBe(201);
    // The table now holds BULK_MIN_ROWS + 100 rows: more than an import of BULK_MIN_ROWS would bring.
    await t.ctx.db.transaction((tx) => bulkWrite(tx, 'pglite', BULK_MIN_ROWS, async () => {}));
    expect(await donationIndexes()).toEqual(before);
  });
});

describe('a write that fails with the indexes set aside', () => {
  it('rolls the drop back with everything else', async () => {
    const before = await donationIndexes();
    const failed = t.ctx.db.transaction((tx) =>
      withDonationIndexesSetAside(tx, async () => {
        await tx.execute(sql`delete from donations`);
        throw new Error('the write failed');
      }),
    );
    await expect(failed).rejects.toThrow('the write failed');
    expect(await donationIndexes()).toEqual(before);
    const [rows] = await queryRows(
      t.ctx.db,
      sql`select count(*)::int as n from donations`,
      z.object({ n: z.number() }),
    );
    expect(rows.n).toBe(BULK_MIN_ROWS + 100);
  });
});
