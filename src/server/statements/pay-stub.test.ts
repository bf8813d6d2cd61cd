import { type ApiSeeded, createDistributionViaApi, workedExampleApiSpec } from '../test-support/distribution-api';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';
import { NOT_APPROVED } from './statements';

let t: TestApp;
let admin: SignedIn;
let employee: SignedIn;
let ruth: SignedIn;
let boaz: SignedIn;
let may: ApiSeeded;
let pending: ApiSeeded;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  employee = await t.signIn('employee');
  ruth = await t.signIn('missionary', { name: 'Ruth Okafor', missionaryNumber: 'M-0012' });
  boaz = await t.signIn('missionary', { name: 'Boaz Mensah', missionaryNumber: 'M-0013' });
  may = await createDistributionViaApi(
    t,
    admin,
    workedExampleApiSpec(ruth, { comments: 'Internal: donations down 94 %, check with the donor office' }),
  );
  pending = await createDistributionViaApi(t, admin, {
    user: ruth,
    startDate: '2024-06-01',
    endDate: '2024-06-30',
    status: 'pending',
    donations: [{ amount: '5.00' }],
  });
});
afterAll(() => t.close());

const path = (id: number | string) => `/api/distribution/${id}/pay-stub`;

describe('GET /api/distribution/{id}/pay-stub', () => {
  it('gives the missionary their own approved distribution as a pay stub, to the cent', async () => {
    const result = await t.call('GET', path(may.id), { token: ruth.token });
    expect(result.status).toBe(200);
    const stub = result.body;
    expect(stub).toMatchObject({
      distribution_id: may.id,
      user_id: ruth.id,
      start_date: '2024-05-01',
      mat_date: '2024-05-31',
      reversal: null,
      // 2650.00 net pay + 925.40 reimbursements + 750.00 from the Vehicle Fund (no advance in this spec)
      paid_on_mat_day: may.distribution.total_funds_disbursed - may.distribution.mid_month_disbursement,
      statement_url: `/api/distribution/${may.id}/statement.pdf`,
    });
    expect(stub.balances[0]).toEqual({
      label: 'Your fund',
      before: may.distribution.starting_balance,
      after: may.distribution.ending_balance,
    });
    const group = (key: string) => stub.groups.find((g: { key: string }) => g.key === key);
    expect(group('came_in').lines.at(-1)).toMatchObject({ label: 'Donations', amount: 4450 });
    expect(group('pay').lines.at(-1)).toMatchObject({ label: 'Net pay', amount: 2650 });
    expect(group('pay').lines[0]).toMatchObject({ label: 'Gross pay', amount: may.distribution.gross_payroll });
    expect(group('held').lines.at(-1)).toMatchObject({ label: 'All hold accounts' });
  });

  it('never carries the office’s comments or review notes', async () => {
    const result = await t.call('GET', path(may.id), { token: ruth.token });
    expect(JSON.stringify(result.body)).not.toMatch(/Internal|donations down|warning|flag/i);
  });

  it('is readable by staff too (admin and employee)', async () => {
    for (const who of [admin, employee]) {
      const result = await t.call('GET', path(may.id), { token: who.token });
      expect(result.status).toBe(200);
      expect(result.body.user_name).toBe('Ruth Okafor');
    }
  });

  it.each([
    ['without a token: 401', () => undefined, () => may.id, 401],
    ['another missionary’s: 403', () => boaz.token, () => may.id, 403],
    ['the missionary’s own pending one does not exist for them: 404', () => ruth.token, () => pending.id, 404],
    ['an unknown distribution: 404', () => ruth.token, () => 999_999, 404],
    ['an id that is not a number: 422', () => ruth.token, () => 'abc', 422],
  ])('%s', async (_case, token, id, status) => {
    const result = await t.call('GET', path(id()), { token: token() });
    expect(result.status).toBe(status);
  });

  it('a pending one has no pay stub yet, even for staff: 409', async () => {
    const result = await t.call('GET', path(pending.id), { token: admin.token });
    expect(result.status).toBe(409);
    expect(result.body.message).toBe(NOT_APPROVED);
  });
});
