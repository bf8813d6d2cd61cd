import { like } from 'drizzle-orm';
import { donations, users } from '../db/schema';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';
import { MAX_LIST_ROWS } from './pagination';

/** Decision 18 (docs/decisions.md): bounded work. */
let t: TestApp;
let admin: SignedIn;
let missionary: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  missionary = await t.signIn('missionary');
  const rows = Array.from({ length: MAX_LIST_ROWS + 5 }, (_, i) => ({
    uploadName: 'Bounded',
    amount: 100 + i,
    userId: missionary.id,
  }));
  await t.ctx.db.insert(donations).values(rows);
});
afterAll(() => t.close());

describe('unpaginated lists answer at most 1,000 rows, newest first, with X-Total-Count', () => {
  it.each([['admin'], ['missionary']] as const)('GET /api/donation as %s', async (who) => {
    const token = who === 'admin' ? admin.token : missionary.token;
    const list = await t.call('GET', '/api/donation', { token, query: { user_id: missionary.id } });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(MAX_LIST_ROWS);
    expect(list.headers['x-total-count']).toBe(String(MAX_LIST_ROWS + 5));
    const ids = list.body.map((d: { id: number }) => d.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it.each([['/api/expense-report'], ['/api/advance-request'], [`/api/expense-report/processed/0`]])(
    'GET %s carries X-Total-Count',
    async (url) => {
      const list = await t.call('GET', url, { token: admin.token });
      expect(list.status).toBe(200);
      expect(Number(list.headers['x-total-count'])).toBe(list.body.length);
    },
  );
});

describe('the other unpaginated lists (decision 18)', () => {
  it('GET /api/user: the newest 1,000 of more, A–Z, with the count of all', async () => {
    const rows = Array.from({ length: MAX_LIST_ROWS + 3 }, (_, i) => ({
      name: `Bulk ${String(i).padStart(4, '0')}`,
      email: `bulk-${i}@example.org`,
      passwordHash: 'not-a-hash',
      role: 'employee',
    }));
    await t.ctx.db.insert(users).values(rows);
    const list = await t.call('GET', '/api/user', { token: admin.token, query: { role: 'employee' } });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(MAX_LIST_ROWS);
    // Only the 1,003 bulk users are employees (the file signed in an admin and a missionary).
    expect(list.headers['x-total-count']).toBe(String(MAX_LIST_ROWS + 3));
    const names = list.body.map((u: { name: string }) => u.name);
    expect(names).toEqual([...names].sort());
    // The oldest three (Bulk 0000–0002) are the ones left out.
    expect(names).not.toContain('Bulk 0000');
    expect(names).toContain('Bulk 1002');
  });

  it.each([['/api/user/archived'], ['/api/donation/upload-names'], ['/api/hold-account'], ['/api/distribution']])(
    'GET %s carries X-Total-Count',
    async (url) => {
      const list = await t.call('GET', url, { token: admin.token });
      expect(list.status).toBe(200);
      expect(Number(list.headers['x-total-count'])).toBe(list.body.length);
    },
  );

  it('GET /api/donation/upload-names counts uploads, not donations', async () => {
    const list = await t.call('GET', '/api/donation/upload-names', { token: admin.token });
    expect(list.headers['x-total-count']).toBe('1'); // 1,005 donations of the one upload "Bounded"
    expect(list.body[0]).toMatchObject({ upload_name: 'Bounded', donations: MAX_LIST_ROWS + 5 });
  });

  it('GET /api/donation/upload-names: the newest 1,000 of more uploads, with the count of all', async () => {
    // 1,003 more uploads of one donation each, after "Bounded": the newest 1,000 are listed, and the
    // count is of every upload, "Bounded" included.
    await t.ctx.db
      .insert(donations)
      .values(Array.from({ length: MAX_LIST_ROWS + 3 }, (_, i) => ({ uploadName: `Many ${i}`, amount: 100 })));
    const list = await t.call('GET', '/api/donation/upload-names', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(MAX_LIST_ROWS);
    expect(list.headers['x-total-count']).toBe(String(MAX_LIST_ROWS + 4));
    expect(list.body[0]).toMatchObject({ upload_name: `Many ${MAX_LIST_ROWS + 2}`, donations: 1 });
    await t.ctx.db.delete(donations).where(like(donations.uploadName, 'Many %'));
  });

  it('GET /api/statements and a hold account’s transactions carry X-Total-Count', async () => {
    const statements = await t.call('GET', '/api/statements', { token: missionary.token });
    expect(statements.status).toBe(200);
    expect(statements.headers['x-total-count']).toBe('0');
    const account = await t.call('POST', '/api/hold-account', {
      token: admin.token,
      json: { fund_name: 'Bounded fund', user_id: missionary.id },
    });
    expect(account.status).toBeLessThan(300);
    const transactions = await t.call('GET', `/api/hold-account/${account.body.id}/transactions`, {
      token: admin.token,
    });
    expect(transactions.status).toBe(200);
    expect(Number(transactions.headers['x-total-count'])).toBe(transactions.body.length);
  });
});

describe('paginated lists cap limit at 100', () => {
  it.each([[101], [500], [1_000_000]])('limit=%i answers 100 rows', async (limit) => {
    const page = await t.call('GET', '/api/paginated_donation', { token: admin.token, query: { limit } });
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(100);
    expect(page.body.total_count).toBe(MAX_LIST_ROWS + 5);
  });

  it('a page number past any table is a 422, not an overflowing OFFSET', async () => {
    const page = await t.call('GET', '/api/paginated_donation', { token: admin.token, query: { page: 1e15 } });
    expect(page.status).toBe(422);
  });
});
