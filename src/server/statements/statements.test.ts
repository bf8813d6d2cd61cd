import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { formatUSD } from '../../domain/money';
import { distributions } from '../db/schema';
import { type ApiSeeded, createDistributionViaApi, workedExampleApiSpec } from '../test-support/distribution-api';
import { pdfToText } from '../test-support/downloads';
import { createTestApp, expectStatus, type SignedIn, type TestApp } from '../test-support/harness';
import { NOT_APPROVED, USER_REQUIRED } from './statements';

let t: TestApp;
let admin: SignedIn;
let employee: SignedIn;
let ruth: SignedIn;
let boaz: SignedIn;
let newcomer: SignedIn;
let may: ApiSeeded;
let pending: ApiSeeded;
const months: ApiSeeded[] = [];

const SCREENSHOTS = path.resolve('test-results/screenshots');

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  employee = await t.signIn('employee');
  ruth = await t.signIn('missionary', { name: 'Ruth Okafor', missionaryNumber: 'M-0012' });
  boaz = await t.signIn('missionary', { name: 'Boaz Mensah', missionaryNumber: 'M-0013' });
  newcomer = await t.signIn('missionary', { name: 'New Comer', missionaryNumber: 'M-0014' });
  may = await createDistributionViaApi(t, admin, workedExampleApiSpec(ruth));
  // Boaz: thirteen approved months (only the last twelve are in the trend), then a pending one.
  for (let month = 1; month <= 13; month += 1) {
    const year = 2023 + Math.floor((month - 1) / 12);
    const m = ((month - 1) % 12) + 1;
    const mm = String(m).padStart(2, '0');
    const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
    months.push(
      await createDistributionViaApi(t, admin, {
        user: boaz,
        startDate: `${year}-${mm}-01`,
        endDate: `${year}-${mm}-${last}`,
        profile: month === 1 ? { tax_status: 'W2', net_salary: '1000.00', fund_balance: '500.00' } : undefined,
        donations: [{ amount: `${1000 + month * 10}.00` }],
      }),
    );
  }
  pending = await createDistributionViaApi(t, admin, {
    user: boaz,
    startDate: '2024-02-01',
    endDate: '2024-02-29',
    status: 'pending',
    donations: [{ amount: '5.00' }],
  });
});
afterAll(() => t.close());

describe('GET /api/distribution/{id}/statement.pdf', () => {
  it('is a PDF whose text carries the distribution totals to the cent', async () => {
    const result = await t.call('GET', `/api/distribution/${may.id}/statement.pdf`, { token: admin.token });
    expect(result.status).toBe(200);
    expect(result.headers['content-type']).toBe('application/pdf');
    expect(result.headers['content-disposition']).toBe(
      `inline; filename="statement_M-0012_2024-05-31.pdf"; filename*=UTF-8''statement_M-0012_2024-05-31.pdf`,
    );
    expect(result.headers['cache-control']).toBe('no-store, private');
    expect(result.raw.subarray(0, 5).toString()).toBe('%PDF-');

    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    fs.writeFileSync(path.join(SCREENSHOTS, 'statement.pdf'), result.raw);
    const text = pdfToText(result.raw);
    const [stored] = await t.ctx.db.select().from(distributions).where(eq(distributions.id, may.id));
    for (const phrase of [
      'Sheepfold',
      'Monthly Statement',
      'Ruth Okafor',
      'Missionary # M-0012',
      '05/01/2024 – 05/31/2024',
      `#${may.id}`,
      'General Fund',
      `Vehicle Fund ${ruth.id} (designated)`,
      'May MAT Day',
    ]) {
      expect(text, phrase).toContain(phrase);
    }
    // Each total as the database holds it, next to its label.
    const totals: Array<[string, number]> = [
      ['Starting balance', stored.startingBalance],
      ['Total donations', stored.totalDonations],
      ['Gross payroll', stored.grossPayroll],
      ['Total payroll', stored.totalPayroll],
      ['Payroll disbursement', stored.payrollDisbursement],
      [
        'Total taxes',
        stored.employeeSs + stored.employeeMc + stored.federalIncomeTax + stored.employerSs + stored.employerMc,
      ],
      ['Admin fee', stored.adminFee],
      ['Total reimbursements', stored.ministryReimbursement + stored.manualMinistryReimbursement],
      ['Total advances', stored.ministryAdvance + stored.manualMinistryAdvance],
      ['Owed to you now', stored.unreimbursedAmountEnding],
      ['Total funds disbursed', stored.totalFundsDisbursed],
      ['Total funds on account', stored.totalFundsOnAccount],
      ['Ending balance', stored.endingBalance],
    ];
    for (const [label, cents] of totals) {
      expect(text, label).toMatch(
        new RegExp(`${label.replace(/[()]/g, '\\$&')}\\s+${formatUSD(cents).replace('$', '\\$')}`),
      );
    }
    // The worked example's figures (docs/distribution.md), so the test cannot pass on zeros.
    for (const figure of [
      '$1,250.00',
      '$4,450.00',
      '$3,586.34',
      '$2,650.00',
      '$4,625.40',
      '$93.26',
      '$925.40',
      '$785.40',
      '$451.34',
    ]) {
      expect(text, figure).toContain(figure);
    }
    // The Vehicle Fund: 400.00 + 350.00 deposits − 750.00 withdrawals = 0.00. (Through the API it starts
    // with nothing owed, so after the 180.00 expense the 600.00 manual withdrawal gets the 570.00 left
    // and 30.00 is owed from the fund.)
    expect(text).toMatch(
      /Vehicle Fund \d+\s+\$400\.00\s+\$350\.00\s+\$0\.00\s+\$750\.00\s+\$0\.00\s+\$0\.00\s+\$30\.00/,
    );
    expect(text).toMatch(/MAT Day Manual Withdrawal\s+\$600\.00\s+\$570\.00\s+\$30\.00/);
    expect(text).not.toContain('not itemised');
    expect(text).not.toMatch(/Mat Day|Designated donation \d/);

    const pdfFile = path.join(SCREENSHOTS, 'statement.pdf');
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '80',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      pdfFile,
      path.join(SCREENSHOTS, 'statement-page1'),
    ]);
    expect(fs.statSync(path.join(SCREENSHOTS, 'statement-page1.png')).size).toBeGreaterThan(10_000);
  });

  it('lets the missionary download their own statement, with api_token in the query', async () => {
    const result = await t.call('GET', `/api/distribution/${may.id}/statement.pdf`, {
      query: { api_token: ruth.token, download: 1 },
    });
    expect(result.status).toBe(200);
    expect(result.headers['content-disposition']).toMatch(/^attachment; filename="statement_M-0012_2024-05-31.pdf"/);
    expect(pdfToText(result.raw)).toContain('Ruth Okafor');
  });

  it('lets employees read any statement', async () => {
    const result = await t.call('GET', `/api/distribution/${months[0].id}/statement.pdf`, { token: employee.token });
    expect(result.status).toBe(200);
    expect(pdfToText(result.raw)).toContain('Boaz Mensah');
  });

  it('refuses another missionary’s statement (403), unknown or own pending ones (404), pending for staff (409)', async () => {
    await expectStatus(t, 403, [
      ['GET', `/api/distribution/${may.id}/statement.pdf`, { token: boaz.token }],
      ['GET', `/api/distribution/${may.id}/statement.pdf`, { query: { api_token: boaz.token } }],
      ['GET', `/api/distribution/${pending.id}/statement.pdf`, { token: ruth.token }],
    ]);
    await expectStatus(t, 404, [
      ['GET', '/api/distribution/999999/statement.pdf', { token: admin.token }],
      ['GET', '/api/distribution/999999/statement.pdf', { token: ruth.token }],
      ['GET', `/api/distribution/${pending.id}/statement.pdf`, { token: boaz.token }],
    ]);
    const refused = await t.call('GET', `/api/distribution/${pending.id}/statement.pdf`, { token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(NOT_APPROVED);
    await expectStatus(t, 422, [['GET', '/api/distribution/abc/statement.pdf', { token: admin.token }]]);
  });

  it('401 without a token or with a bad one', async () => {
    await expectStatus(t, 401, [
      ['GET', `/api/distribution/${may.id}/statement.pdf`, {}],
      ['GET', `/api/distribution/${may.id}/statement.pdf`, { query: { api_token: 'nope' } }],
    ]);
  });
});

describe('GET /api/statements', () => {
  it('lists a missionary’s approved distributions, newest first', async () => {
    const result = await t.call('GET', '/api/statements', { token: admin.token, query: { user_id: boaz.id } });
    expect(result.status).toBe(200);
    expect(result.body).toHaveLength(13);
    expect(result.body[0]).toMatchObject({
      id: months[12].id,
      user_id: boaz.id,
      start_date: '2024-01-01',
      end_date: '2024-01-31',
      total_donations: 1130,
      url: `/api/distribution/${months[12].id}/statement.pdf`,
    });
    expect(result.body.map((s: { id: number }) => s.id)).not.toContain(pending.id);
    expect(result.body[12].end_date).toBe('2023-01-31');
  });

  it('gives a missionary their own list without user_id, and refuses another’s', async () => {
    const own = await t.call('GET', '/api/statements', { token: ruth.token });
    expect(own.status).toBe(200);
    expect(own.body).toEqual([
      expect.objectContaining({
        id: may.id,
        total_donations: 4450,
        ending_balance: 93.26,
        total_funds_disbursed: 4625.4,
      }),
    ]);
    const empty = await t.call('GET', '/api/statements', { token: newcomer.token });
    expect(empty.body).toEqual([]);
    await expectStatus(t, 403, [['GET', '/api/statements', { token: ruth.token, query: { user_id: boaz.id } }]]);
    await expectStatus(t, 401, [['GET', '/api/statements', { query: { user_id: boaz.id } }]]);
    await expectStatus(t, 404, [['GET', '/api/statements', { token: admin.token, query: { user_id: 999999 } }]]);
    const missing = await t.call('GET', '/api/statements', { token: admin.token });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ user_id: [USER_REQUIRED] });
  });
});

describe('GET /api/statements/trend', () => {
  it('returns the last twelve approved months, oldest first', async () => {
    const result = await t.call('GET', '/api/statements/trend', { token: admin.token, query: { user_id: boaz.id } });
    expect(result.status).toBe(200);
    expect(result.body.user_id).toBe(boaz.id);
    expect(result.body.points).toHaveLength(12);
    expect(result.body.points[0]).toMatchObject({
      distribution_id: months[1].id,
      end_date: '2023-02-28',
      total_donations: 1020,
    });
    expect(result.body.points[11]).toMatchObject({
      distribution_id: months[12].id,
      end_date: '2024-01-31',
      total_donations: 1130,
    });
    const [last] = await t.ctx.db.select().from(distributions).where(eq(distributions.id, months[12].id));
    expect(result.body.points[11].ending_balance).toBe(last.endingBalance / 100);
  });

  it('is empty for someone without history and follows the same access rules', async () => {
    const own = await t.call('GET', '/api/statements/trend', { token: newcomer.token });
    expect(own.body).toEqual({ user_id: newcomer.id, points: [] });
    await expectStatus(t, 403, [
      ['GET', '/api/statements/trend', { token: newcomer.token, query: { user_id: ruth.id } }],
    ]);
    await expectStatus(t, 401, [['GET', '/api/statements/trend', {}]]);
  });
});
