import { eq } from 'drizzle-orm';
import { MESSAGES } from '../../domain/messages';
import { advanceRequests, distributions, donations, expenseReports, holdAccountTransactions } from '../db/schema';
import { expectStatus } from '../test-support/harness';
import {
  importDonations,
  ok,
  RANGE,
  type RuthSetup,
  requestAdvance,
  ruthPayload,
  setUpRuth,
  submittedReport,
  unique,
} from './test-fixtures';
import { admin, categories, create, employee, t } from './test-office';
import { DISTRIBUTION_MESSAGES } from './write';

let setup: RuthSetup;

beforeAll(async () => {
  setup = await setUpRuth(t, admin, categories);
});

describe('PATCH /api/distribution/{id}', () => {
  it('recomputes with the new choices and moves the references (JSON PATCH and form POST with _method)', async () => {
    const created = await ok(create(ruthPayload(setup)));
    const updated = await t.call('PATCH', `/api/distribution/${created.id}`, {
      token: admin.token,
      json: ruthPayload(setup, { advance_requests: [], manual_ministry_advance: 50, admin_fee: 0 }),
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      message: MESSAGES.distributionUpdated,
      id: created.id,
      admin_fee: 445,
      ministry_advance: 0,
      manual_ministry_advance: 50,
      ending_balance: 343.26, // 93.26 + 300.00 advance not paid − 50.00 manual advance
      advance_request: [],
    });
    const [advance] = await t.ctx.db.select().from(advanceRequests).where(eq(advanceRequests.id, setup.advanceId));
    expect(advance.distributionId).toBeNull();

    const viaPost = await t.call('POST', `/api/distribution/${created.id}`, {
      token: admin.token,
      form: { _method: 'PATCH', ...flatForm(ruthPayload(setup, { comments: 'Edited' })) },
    });
    expect(viaPost.status).toBe(200);
    expect(viaPost.body).toMatchObject({ comments: 'Edited', ministry_advance: 300, ending_balance: 93.26 });
    const pending = await t.ctx.db
      .select()
      .from(holdAccountTransactions)
      .where(eq(holdAccountTransactions.distributionId, created.id));
    expect(pending).toHaveLength(4); // replaced, not added to
    await ok(t.call('DELETE', `/api/distribution/${created.id}`, { token: admin.token }));
  });

  it('refuses another field worker (422), other roles (401/403) and unknown ids (404)', async () => {
    const created = await ok(create(ruthPayload(setup)));
    const other = await t.signIn('missionary');
    const changed = await t.call('PATCH', `/api/distribution/${created.id}`, {
      token: admin.token,
      json: { ...ruthPayload(setup), user_id: other.id },
    });
    expect(changed.status).toBe(422);
    expect(changed.body.errors).toEqual({ user_id: [DISTRIBUTION_MESSAGES.userChanged] });
    const invalid = await t.call('PATCH', `/api/distribution/${created.id}`, {
      token: admin.token,
      json: { ...ruthPayload(setup), end_date: '2026-10-01' },
    });
    expect(invalid.status).toBe(422);
    await expectStatus(t, 401, [['PATCH', `/api/distribution/${created.id}`, { json: ruthPayload(setup) }]]);
    await expectStatus(t, 403, [
      ['PATCH', `/api/distribution/${created.id}`, { token: employee.token, json: ruthPayload(setup) }],
      ['PATCH', `/api/distribution/${created.id}`, { token: setup.ruth.token, json: ruthPayload(setup) }],
    ]);
    await expectStatus(t, 404, [
      ['PATCH', '/api/distribution/999999', { token: admin.token, json: ruthPayload(setup) }],
    ]);
    await ok(t.call('DELETE', `/api/distribution/${created.id}`, { token: admin.token }));
  });
});

describe('DELETE /api/distribution/{id}', () => {
  it('deletes a pending one and releases its reports, advances, donations and pending transactions', async () => {
    const created = await ok(create(ruthPayload(setup)));
    const result = await t.call('DELETE', `/api/distribution/${created.id}`, { token: admin.token });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ id: created.id, success: true, message: MESSAGES.distributionDeleted });
    expect(await t.ctx.db.select().from(distributions).where(eq(distributions.id, created.id))).toEqual([]);
    for (const table of [expenseReports, advanceRequests, donations, holdAccountTransactions] as const) {
      expect(await t.ctx.db.select().from(table).where(eq(table.distributionId, created.id))).toEqual([]);
    }
    await expectStatus(t, 404, [['DELETE', `/api/distribution/${created.id}`, { token: admin.token }]]);
  });

  it('answers 401 and 403 (employee, missionary), also through POST with _method', async () => {
    const created = await ok(create(ruthPayload(setup)));
    await expectStatus(t, 401, [['DELETE', `/api/distribution/${created.id}`, {}]]);
    await expectStatus(t, 403, [
      ['DELETE', `/api/distribution/${created.id}`, { token: employee.token }],
      ['POST', `/api/distribution/${created.id}`, { token: employee.token, form: { _method: 'DELETE' } }],
      ['DELETE', `/api/distribution/${created.id}`, { token: setup.ruth.token }],
    ]);
    const viaPost = await t.call('POST', `/api/distribution/${created.id}`, {
      token: admin.token,
      form: { _method: 'DELETE' },
    });
    expect(viaPost.status).toBe(200);
  });
});

describe('GET /api/distribution and /api/paginated_distribution', () => {
  let boazId: number;
  let pendingId: number;

  beforeAll(async () => {
    const boazNumber = unique('B');
    const boaz = await t.signIn('missionary', { name: unique('Boaz Listed'), missionaryNumber: boazNumber });
    boazId = boaz.id;
    const upload = unique('Listed upload');
    await importDonations(t, admin, upload, [['', boazNumber, '10.00']]);
    // Boaz: no salary set, one report he cannot be paid for (no funds) → unreimbursed grows.
    await submittedReport(t, boaz, categories, [{ amount: '25.00' }]);
    await requestAdvance(t, boaz, '5.00');
    const created = await ok(create({ user_id: boaz.id, ...RANGE, donation_upload_name: upload, comments: 'Listed' }));
    pendingId = created.id;
  });

  it('lists every distribution for staff with filters; the review flags come along', async () => {
    const all = await t.call('GET', '/api/distribution', { token: employee.token, query: { user_id: boazId } });
    expect(all.status).toBe(200);
    expect(all.body).toHaveLength(1);
    expect(all.body[0]).toMatchObject({ id: pendingId, status: 'pending', total_donations: 10, admin_fee: 1 });
    expect(all.body[0]).not.toHaveProperty('hold_account_transactions');
    expect(all.body[0].review_flags.map((flag: { code: string }) => flag.code)).toEqual(['unreimbursed_growing']);
    const approvedOnly = await t.call('GET', '/api/distribution', {
      token: admin.token,
      query: { user_id: boazId, status: 'approved' },
    });
    expect(approvedOnly.body).toEqual([]);
    await expectStatus(t, 422, [['GET', '/api/distribution', { token: admin.token, query: { status: 'paid' } }]]);
    await expectStatus(t, 401, [['GET', '/api/distribution', {}]]);
  });

  it('pages with status, q and user_id; default limit 100; sorts only by whitelisted columns', async () => {
    const page = await t.call('GET', '/api/paginated_distribution', {
      token: admin.token,
      query: { status: 'pending', q: 'BOAZ LISTED' },
    });
    expect(page.status).toBe(200);
    expect(page.body).toEqual({
      data: [expect.objectContaining({ id: pendingId })],
      total_count: 1,
      next_cursor: null,
      prev_cursor: null,
    });
    const byNumber = await t.call('GET', '/api/paginated_distribution', {
      token: admin.token,
      query: { user_id: boazId, order_by: 'ending_balance', order: 'asc' },
    });
    expect(byNumber.body.total_count).toBe(1);
    const bad = await t.call('GET', '/api/paginated_distribution', {
      token: admin.token,
      query: { order_by: 'password_hash' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['order_by']);
    await expectStatus(t, 401, [['GET', '/api/paginated_distribution', {}]]);
  });

  it('returns 100 rows unless asked for another limit', async () => {
    const filler = await t.signIn('missionary');
    await t.ctx.db.insert(distributions).values(
      Array.from({ length: 105 }, (_, index) => ({
        userId: filler.id,
        userName: filler.name,
        userEmail: filler.email,
        startDate: `${1900 + index}-01-01`,
        endDate: `${1900 + index}-01-31`,
      })),
    );
    const page = await t.call('GET', '/api/paginated_distribution', {
      token: admin.token,
      query: { user_id: filler.id },
    });
    expect(page.body.data).toHaveLength(100);
    expect(page.body.total_count).toBe(105);
    const second = await t.call('GET', '/api/paginated_distribution', {
      token: admin.token,
      query: { user_id: filler.id, limit: 30, page: 3 },
    });
    expect(second.body.data).toHaveLength(15);
  });

  it('shows a missionary only their own approved distributions', async () => {
    const boazToken = (await t.signIn('missionary')).token;
    const mine = await t.call('GET', '/api/paginated_distribution', { token: boazToken });
    expect(mine.body).toEqual({ data: [], total_count: 0, next_cursor: null, prev_cursor: null });
    await expectStatus(t, 403, [
      ['GET', '/api/distribution', { token: boazToken, query: { user_id: boazId } }],
      ['GET', '/api/paginated_distribution', { token: boazToken, query: { status: 'pending' } }],
    ]);
  });
});

function flatForm(payload: Record<string, unknown>): Record<string, string | number> {
  const form: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(payload)) {
    form[key] = typeof value === 'object' ? JSON.stringify(value) : (value as string | number);
  }
  return form;
}
