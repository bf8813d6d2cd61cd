import { sql } from 'drizzle-orm';
import { distributionOverlapMessage } from '../../domain/messages';
import { createTestApp, expectNoChange, type SignedIn, type TestApp } from '../test-support/harness';
import { withOverlapConflict } from './overlap';
import { closeApp, ok, RANGE, setPayroll, unique } from './test-fixtures';

/** One missionary, one distribution per day (docs/distribution.md "One distribution per day"), on every route. */

let t: TestApp;
let admin: SignedIn;

const TABLES = ['distributions', 'donations', 'expense_reports', 'advance_requests', 'hold_account_transactions'];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
});
afterAll(() => closeApp(t));

async function missionary() {
  const user = await t.signIn('missionary', { name: unique('Lydia Mensah') });
  await setPayroll(t, admin, user.id, { tax_status: 'W2', net_salary: '1000.00', fund_balance: '5000.00' });
  return user;
}

const create = (json: Record<string, unknown>) => t.call('POST', '/api/distribution', { token: admin.token, json });
const patch = (id: number, json: Record<string, unknown>) =>
  t.call('PATCH', `/api/distribution/${id}`, { token: admin.token, json });
const approve = (id: number) =>
  ok(t.call('POST', '/api/batch-approve', { token: admin.token, json: { distribution_ids: [id] } }));

const named = (name: string, other: { id: number; status: string }, start_date: string, end_date: string) =>
  distributionOverlapMessage(name, { ...other, startDate: start_date, endDate: end_date });

describe('POST /api/distribution', () => {
  it.each([
    ['pending', false],
    ['approved', true],
  ])(
    'refuses dates sharing a day with a %s distribution (409 naming it), nothing written',
    async (status, approved) => {
      const lydia = await missionary();
      const first = await ok(create({ user_id: lydia.id, ...RANGE }));
      if (approved) await approve(first.id);
      for (const dates of [
        { start_date: '2026-11-15', end_date: '2026-12-15' },
        { start_date: '2026-11-30', end_date: '2026-12-30' },
        { start_date: '2026-10-01', end_date: '2026-11-01' },
        { start_date: '2026-11-10', end_date: '2026-11-10' },
      ]) {
        const second = await expectNoChange(t, TABLES, () => create({ user_id: lydia.id, ...dates }));
        expect(second.status).toBe(409);
        expect(second.body).toEqual({
          message: named(lydia.name, { id: first.id, status }, RANGE.start_date, RANGE.end_date),
        });
      }
    },
  );

  it('takes the next month and the same month of another missionary', async () => {
    const lydia = await missionary();
    const other = await missionary();
    await ok(create({ user_id: lydia.id, ...RANGE }));
    expect((await create({ user_id: lydia.id, start_date: '2026-12-01', end_date: '2026-12-31' })).status).toBe(201);
    expect((await create({ user_id: other.id, ...RANGE })).status).toBe(201);
  });

  it('takes the dates again once the other distribution is deleted', async () => {
    const lydia = await missionary();
    const first = await ok(create({ user_id: lydia.id, ...RANGE }));
    expect((await create({ user_id: lydia.id, ...RANGE })).status).toBe(409);
    await ok(t.call('DELETE', `/api/distribution/${first.id}`, { token: admin.token }));
    expect((await create({ user_id: lydia.id, ...RANGE })).status).toBe(201);
  });
});

describe('a reversed distribution no longer counts', () => {
  it('takes the same days again once the approved distribution is reversed', async () => {
    const lydia = await missionary();
    const first = await ok(create({ user_id: lydia.id, ...RANGE }));
    await approve(first.id);
    expect((await create({ user_id: lydia.id, ...RANGE })).status).toBe(409);
    await ok(
      t.call('POST', `/api/distribution/${first.id}/reverse`, {
        token: admin.token,
        json: { reason: 'Approved the wrong month' },
      }),
    );
    const again = await create({ user_id: lydia.id, ...RANGE });
    expect(again.status).toBe(201);
  });
});

describe('PATCH /api/distribution/{id}', () => {
  it('refuses moving the dates onto another distribution (409 naming it) and takes moving them elsewhere', async () => {
    const lydia = await missionary();
    const november = await ok(create({ user_id: lydia.id, ...RANGE }));
    await approve(november.id);
    const december = await ok(create({ user_id: lydia.id, start_date: '2026-12-01', end_date: '2026-12-31' }));
    const moved = await expectNoChange(t, TABLES, () =>
      patch(december.id, { user_id: lydia.id, start_date: '2026-11-20', end_date: '2026-12-31' }),
    );
    expect(moved.status).toBe(409);
    expect(moved.body.message).toBe(
      named(lydia.name, { id: november.id, status: 'approved' }, RANGE.start_date, RANGE.end_date),
    );
    // Its own dates never count against it: shortened, lengthened within the free days.
    const shortened = await patch(december.id, { user_id: lydia.id, start_date: '2026-12-02', end_date: '2026-12-20' });
    expect(shortened.status).toBe(200);
    expect(shortened.body).toMatchObject({ start_date: '2026-12-02', end_date: '2026-12-20' });
    const lengthened = await patch(december.id, {
      user_id: lydia.id,
      start_date: '2026-12-01',
      end_date: '2027-01-15',
    });
    expect(lengthened.status).toBe(200);
  });
});

describe('POST /api/batch-distributions', () => {
  it('skips a missionary whose distribution shares days with the range, saying which, and builds the others', async () => {
    const lydia = await missionary();
    const other = await missionary();
    const mid = await ok(create({ user_id: lydia.id, start_date: '2027-02-15', end_date: '2027-03-15' }));
    await approve(mid.id);
    const built = await ok(
      t.call('POST', '/api/batch-distributions', {
        token: admin.token,
        json: { start_date: '2027-03-01', end_date: '2027-03-31' },
      }),
    );
    expect(built.skipped).toContainEqual({
      user_id: lydia.id,
      user_name: lydia.name,
      distribution_id: mid.id,
      reason: named(lydia.name, { id: mid.id, status: 'approved' }, '2027-02-15', '2027-03-15'),
    });
    expect(built.created.map((row: { user_id: number }) => row.user_id)).toContain(other.id);
    expect(built.created.map((row: { user_id: number }) => row.user_id)).not.toContain(lydia.id);
  });
});

describe('the database refuses what the check would (exclusion constraint)', () => {
  it('turns a 23P01 into the same 409 naming the other distribution, never a 500', async () => {
    const lydia = await missionary();
    const first = await ok(create({ user_id: lydia.id, start_date: '2027-05-01', end_date: '2027-05-31' }));
    const wanted = { id: null, userId: lydia.id, startDate: '2027-05-20', endDate: '2027-06-10' };
    // A write that skipped the check (a racer, another path): the constraint stops it.
    const write = () =>
      withOverlapConflict(t.ctx.db, wanted, () =>
        t.ctx.db.execute(sql`insert into distributions (user_id, user_name, user_email, start_date, end_date)
          values (${lydia.id}, 'x', 'x@example.org', '2027-05-20', '2027-06-10')`),
      );
    await expect(write()).rejects.toMatchObject({
      code: 'conflict',
      message: named(lydia.name, { id: first.id, status: 'pending' }, '2027-05-01', '2027-05-31'),
    });
  });
});
