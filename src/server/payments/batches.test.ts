import { and, eq } from 'drizzle-orm';
import { checkPain001 } from '../../../test/support/pain001-check';
import { readNacha } from '../../domain/payments/nacha-reader.test-support';
import { journalEntries, mailQueue, profiles } from '../db/schema';
import { totpCode } from '../second-factor/totp';
import { createDistributionViaApi } from '../test-support/distribution-api';
import { readCsv } from '../test-support/downloads';
import { createTestApp, expectNoChange, type SignedIn, type TestApp } from '../test-support/harness';
import { ACH_DETAILS, PAYMENT_SETTINGS } from '../test-support/payment-fixtures';
import { RELEASE_MESSAGES } from './release';

/**
 * Payment batches (docs/payments.md): build from a MAT date, held lines, prenotes, release with its
 * files read back by readers the tests own, returns, and every refusal.
 */

let t: TestApp;
let admin: SignedIn;
let employee: SignedIn;
const MAT = '2026-11-30';
type Payee = { user: SignedIn; distributionId: number; paid: number };
let payees: Record<'ach' | 'wire' | 'check' | 'none', Payee>;

const ACH = ACH_DETAILS;
const WIRE = {
  payout_method: 'wire',
  beneficiary_name: 'Anna Müller',
  bank_country: 'DE',
  bank_currency: 'EUR',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  bank_name: 'Commerzbank',
};
const CHECK = { payout_method: 'check' };

const ok = async (promise: Promise<{ status: number; body: any }>, status = 200) => {
  const answer = await promise;
  if (answer.status !== status) throw new Error(`${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
};
const lineOf = (batch: any, user: SignedIn) => batch.lines.find((l: any) => l.user_id === user.id);

beforeAll(async () => {
  t = await createTestApp();
  // The office works on MAT Day itself: sessions opened then stay fresh through the approvals.
  t.clock.set(new Date(`${MAT}T09:00:00Z`));
  admin = await t.signIn('admin');
  employee = await t.signIn('employee');
  await ok(
    t.call('PATCH', '/api/settings/payments', {
      token: admin.token,
      // An offset account besides: the NACHA file balances its credits with one debit.
      json: { ...PAYMENT_SETTINGS, offset_account_number: '55555555' },
    }),
  );
  const seededPayees: Partial<typeof payees> = {};
  for (const [method, details] of [
    ['ach', ACH],
    ['wire', WIRE],
    ['check', CHECK],
    ['none', null],
  ] as const) {
    const user = await t.signIn('missionary');
    if (details) await ok(t.call('POST', `/api/user/${user.id}/bank-details`, { token: user.token, json: details }));
    const seeded = await createDistributionViaApi(t, admin, {
      user,
      startDate: '2026-11-01',
      endDate: MAT,
      status: 'approved',
      profile: { tax_status: '1099', net_salary: '1200', fund_balance: '5000' },
      manual: { midMonth: '200' },
    });
    const d = seeded.distribution;
    // "paid to you": funds disbursed less the mid-month payment already made
    const paid = Math.round((d.total_funds_disbursed - d.mid_month_disbursement) * 100) / 100;
    seededPayees[method] = { user, distributionId: seeded.id, paid };
  }
  const { ach, wire, check, none } = seededPayees;
  if (!ach || !wire || !check || !none) throw new Error('payees not seeded');
  payees = { ach, wire, check, none };
}, 240_000);
afterAll(() => t.close());

describe('a batch from build to returns', () => {
  let batch: any;

  it('drafts one line per payee, every new payee held with its reason', async () => {
    batch = await ok(t.call('POST', '/api/payment-batches', { token: admin.token, json: { mat_date: MAT } }), 201);
    expect(batch).toMatchObject({ status: 'draft', mat_date: MAT, held_count: 4, total: 0 });
    for (const [method, payee] of Object.entries(payees)) {
      const line = lineOf(batch, payee.user);
      expect(line).toMatchObject({ amount: payee.paid, method, held: true, status: 'held' });
      expect(line.distribution_ids).toEqual([payee.distributionId]);
      expect(line.held_reason).toMatch(method === 'none' ? /No bank details/ : /new or changed/);
    }
    expect(lineOf(batch, payees.ach.user).masked_account).toBe('••••6789');
    expect(JSON.stringify(batch)).not.toContain('123456789');
  });

  it('a distribution is in at most one batch: the MAT date finds nothing more, the id is refused with 409', async () => {
    const again = await t.call('POST', '/api/payment-batches', { token: admin.token, json: { mat_date: MAT } });
    expect(again.status).toBe(422);
    expect(again.body.errors).toHaveProperty('mat_date');
    const byId = await t.call('POST', '/api/payment-batches', {
      token: admin.token,
      json: { distribution_ids: [payees.ach.distributionId] },
    });
    expect(byId.status).toBe(409);
    expect(byId.body.message).toContain(`#${batch.id}`);
  });

  it('refuses release while lines are held (409), and clearing a payee without details', async () => {
    const release = await t.call('POST', `/api/payment-batches/${batch.id}/release`, { token: admin.token });
    expect(release.status).toBe(409);
    expect(release.body.message).toContain('4 lines are held');
    const none = lineOf(batch, payees.none.user);
    expect(
      (await t.call('POST', `/api/payment-batches/${batch.id}/lines/${none.id}/clear`, { token: admin.token })).status,
    ).toBe(409);
  });

  it('clears held lines (ACH to a prenote, the others to pending) and leaves one out', async () => {
    const none = lineOf(batch, payees.none.user);
    batch = await ok(t.call('DELETE', `/api/payment-batches/${batch.id}/lines/${none.id}`, { token: admin.token }));
    expect(lineOf(batch, payees.none.user)).toBeUndefined();
    for (const method of ['ach', 'wire', 'check'] as const) {
      const line = lineOf(batch, payees[method].user);
      batch = await ok(
        t.call('POST', `/api/payment-batches/${batch.id}/lines/${line.id}/clear`, { token: admin.token }),
      );
    }
    expect(lineOf(batch, payees.ach.user).status).toBe('prenote');
    expect(lineOf(batch, payees.wire.user).status).toBe('pending');
    // the total pays the wire and the check; the prenote moves no money
    expect(batch.total).toBeCloseTo(payees.wire.paid + payees.check.paid, 2);
    expect(batch.held_count).toBe(0);
  });

  it('only an admin releases (employee 403, nobody 401); 404 for no such batch', async () => {
    expect((await t.call('POST', `/api/payment-batches/${batch.id}/release`, { token: employee.token })).status).toBe(
      403,
    );
    expect((await t.call('POST', `/api/payment-batches/${batch.id}/release`)).status).toBe(401);
    expect((await t.call('POST', '/api/payment-batches/999999/release', { token: admin.token })).status).toBe(404);
  });

  it('releases: frozen, files named, the prenote and payments written and read back by independent readers', async () => {
    batch = await ok(t.call('POST', `/api/payment-batches/${batch.id}/release`, { token: admin.token }));
    expect(batch.status).toBe('released');
    expect(batch.effective_date).toBe(MAT); // a Monday, no holiday
    expect(batch.files.map((f: any) => f.kind)).toEqual(['nacha', 'pain001', 'checks']);
    expect(lineOf(batch, payees.wire.user).status).toBe('paid');

    const nacha = await t.call('GET', `/api/payment-batches/${batch.id}/nacha`, { token: admin.token });
    expect(nacha.status).toBe(200);
    const reading = readNacha(nacha.raw.toString('ascii'));
    expect(reading.problems).toEqual([]);
    const credits = reading.entries.filter((e) => e.code !== '27' && e.code !== '37');
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({ code: '23', cents: 0, account: '123456789', routing: '021000021' });

    const pain = await t.call('GET', `/api/payment-batches/${batch.id}/pain001`, { token: admin.token });
    const wires = checkPain001(pain.raw.toString('utf8'));
    expect(wires.problems).toEqual([]);
    expect(wires.transfers).toHaveLength(1);
    expect(wires.transfers[0]).toMatchObject({ currency: 'USD', account: 'DE89370400440532013000' });
    expect(Number(wires.transfers[0]?.amount)).toBeCloseTo(payees.wire.paid, 2);

    const checks = readCsv(
      (await t.call('GET', `/api/payment-batches/${batch.id}/checks`, { token: admin.token })).raw,
    );
    // The domain's check register (docs/payments.md): a blank Check # for the number the office writes.
    expect(checks.header).toEqual(['Date', 'Check #', 'Payee', 'Payee ID', 'Amount', 'Memo']);
    expect(checks.rows).toHaveLength(1);
    expect(checks.rows[0]?.[1]).toBe('');
    expect(checks.rows[0]?.[4]).toBe(payees.check.paid.toFixed(2));
    expect(checks.rows[0]?.[5]).toMatch(/^Support for MAT Day \d\d\/\d\d\/\d{4}$/);
  });

  it('a reversal is refused once a released batch holds the distribution, pointing to returns', async () => {
    const reverse = await t.call('POST', `/api/distribution/${payees.wire.distributionId}/reverse`, {
      token: admin.token,
      json: { reason: 'Paid the wrong month' },
    });
    expect(reverse.status).toBe(409);
    expect(reverse.body.message).toContain('record a payment return');
  });

  it('a released batch is frozen: clear, leave out, release again, discard all 409', async () => {
    const line = lineOf(batch, payees.ach.user);
    for (const [method, url] of [
      ['POST', `/api/payment-batches/${batch.id}/lines/${line.id}/clear`],
      ['DELETE', `/api/payment-batches/${batch.id}/lines/${line.id}`],
      ['POST', `/api/payment-batches/${batch.id}/release`],
      ['DELETE', `/api/payment-batches/${batch.id}`],
    ] as const) {
      expect((await t.call(method, url, { token: admin.token })).status, url).toBe(409);
    }
  });

  it('after the prenote the ACH payee is paid in the next batch, not held again', async () => {
    const next = await ok(t.call('POST', '/api/payment-batches', { token: admin.token, json: { mat_date: MAT } }), 201);
    expect(next.lines.map((l: any) => l.user_id).sort()).toEqual([payees.ach.user.id, payees.none.user.id].sort());
    expect(lineOf(next, payees.ach.user)).toMatchObject({ status: 'pending', amount: payees.ach.paid });
    const none = lineOf(next, payees.none.user);
    await ok(t.call('DELETE', `/api/payment-batches/${next.id}/lines/${none.id}`, { token: admin.token }));
    const released = await ok(t.call('POST', `/api/payment-batches/${next.id}/release`, { token: admin.token }));
    const reading = readNacha(
      (await t.call('GET', `/api/payment-batches/${released.id}/nacha`, { token: admin.token })).raw.toString('ascii'),
    );
    expect(reading.problems).toEqual([]);
    const credit = reading.entries.find((e) => e.code === '22');
    expect(credit?.cents).toBe(Math.round(payees.ach.paid * 100));
    // balanced with the offset debit: debits equal credits
    expect(reading.totals.debits).toBe(reading.totals.credits);
  });

  it('records a returned wire: the fund gets the amount back with a journal row, mail, and the payee is held', async () => {
    const line = lineOf(batch, payees.wire.user);
    const [before] = await t.ctx.db.select().from(profiles).where(eq(profiles.userId, payees.wire.user.id));
    const wrongCode = await t.call('POST', `/api/payment-batches/${batch.id}/returns`, {
      token: admin.token,
      json: { line_id: line.id, code: 'R03', date: MAT },
    });
    expect(wrongCode.status).toBe(422);
    expect(wrongCode.body.errors).toHaveProperty('code');
    const returned = await ok(
      t.call('POST', `/api/payment-batches/${batch.id}/returns`, {
        token: admin.token,
        json: { line_id: line.id, code: 'ac04', date: MAT },
      }),
      201,
    );
    expect(lineOf(returned, payees.wire.user)).toMatchObject({
      status: 'returned',
      return_code: 'AC04',
      return_reason: 'AC04 Closed account number',
    });
    const [after] = await t.ctx.db.select().from(profiles).where(eq(profiles.userId, payees.wire.user.id));
    expect(after!.fundBalance - before!.fundBalance).toBe(Math.round(payees.wire.paid * 100));
    const rows = await t.ctx.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.reason, 'payment_return'), eq(journalEntries.refId, line.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      account: 'user_fund',
      amount: Math.round(payees.wire.paid * 100),
      balanceAfter: after!.fundBalance,
    });
    const mails = await t.ctx.db
      .select()
      .from(mailQueue)
      .where(and(eq(mailQueue.kind, 'payment_returned'), eq(mailQueue.userId, payees.wire.user.id)));
    expect(mails).toHaveLength(1);
    const details = await ok(t.call('GET', `/api/user/${payees.wire.user.id}/bank-details`, { token: admin.token }));
    expect(details.held_reason).toMatch(/returned/);
    // The money came home: the ledger check counts the returned line against what was paid out.
    const ledger = await ok(t.call('GET', '/api/ledger-check', { token: admin.token }));
    expect(ledger.violations.filter((v: { check: string }) => v.check === 'money_conserved')).toEqual([]);
    const twice = await expectNoChange(t, ['journal_entries', 'profiles', 'payment_lines'], () =>
      t.call('POST', `/api/payment-batches/${batch.id}/returns`, {
        token: admin.token,
        json: { line_id: line.id, code: 'AC04', date: MAT },
      }),
    );
    expect(twice.status).toBe(409);
  });

  it('returns: 422 for a bad code or a date before release, 404 for a line of another batch, 403 for staff', async () => {
    const line = lineOf(batch, payees.check.user);
    const call = (json: unknown, token = admin.token, id = batch.id) =>
      t.call('POST', `/api/payment-batches/${id}/returns`, { token, json });
    expect((await call({ line_id: line.id, code: 'R99', date: MAT })).status).toBe(422);
    expect((await call({ line_id: line.id, code: 'VOID', date: '2026-01-01' })).body.errors).toHaveProperty('date');
    expect((await call({ line_id: 999999, code: 'VOID', date: MAT })).status).toBe(404);
    expect((await call({ line_id: line.id, code: 'VOID', date: MAT }, employee.token)).status).toBe(403);
    expect((await call({ line_id: line.id, code: 'VOID', date: MAT }, admin.token, 999999)).status).toBe(404);
  });

  it.each([
    // Released on MAT Day, 11/30/2026, and the clock stands on that day.
    ['before the release', '2026-11-29', 'The date must be on or after the release, 11/30/2026.'],
    [
      'in the future',
      '2026-12-01',
      "The date cannot be in the future: the bank's return date is today, 11/30/2026, or earlier.",
    ],
    [
      'far in the future',
      '2027-11-30',
      "The date cannot be in the future: the bank's return date is today, 11/30/2026, or earlier.",
    ],
  ])('returns: 422 on the date for a return dated %s, nothing recorded', async (_when, date, message) => {
    const line = lineOf(batch, payees.check.user);
    const answer = await expectNoChange(t, ['journal_entries', 'profiles', 'payment_lines', 'mail_queue'], () =>
      t.call('POST', `/api/payment-batches/${batch.id}/returns`, {
        token: admin.token,
        json: { line_id: line.id, code: 'VOID', date },
      }),
    );
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ date: [message] });
  });
});

describe('release needs a fresh second factor', () => {
  it('403 for an admin whose second factor is older than 15 minutes, released once verified again', async () => {
    const user = await t.signIn('missionary');
    await ok(t.call('POST', `/api/user/${user.id}/bank-details`, { token: user.token, json: CHECK }));
    const seeded = await createDistributionViaApi(t, admin, {
      user,
      startDate: '2026-11-01',
      endDate: MAT,
      status: 'approved',
      profile: { tax_status: '1099', net_salary: '900', fund_balance: '2000' },
    });
    const draft = await ok(
      t.call('POST', '/api/payment-batches', { token: admin.token, json: { distribution_ids: [seeded.id] } }),
      201,
    );
    await ok(
      t.call('POST', `/api/payment-batches/${draft.id}/lines/${draft.lines[0].id}/clear`, { token: admin.token }),
    );
    const guarded = await t.signIn('admin');
    const started = await ok(t.call('POST', '/api/account/totp', { token: guarded.token }));
    await ok(
      t.call('POST', '/api/account/totp/confirm', {
        token: guarded.token,
        json: { code: totpCode(started.secret, t.clock.now()) },
      }),
    );
    t.clock.advance(16 * 60_000);
    const stale = await expectNoChange(t, ['payment_batches', 'payment_lines', 'payee_bank_details'], () =>
      t.call('POST', `/api/payment-batches/${draft.id}/release`, { token: guarded.token }),
    );
    expect(stale.status).toBe(403);
    expect(stale.body.message).toBe(RELEASE_MESSAGES.staleSecondFactor);
    await ok(
      t.call('POST', '/api/account/second-factor/verify', {
        token: guarded.token,
        json: { code: totpCode(started.secret, t.clock.now()) },
      }),
    );
    const released = await ok(t.call('POST', `/api/payment-batches/${draft.id}/release`, { token: guarded.token }));
    expect(released.status).toBe('released');
  });
});

describe('lists, reads and permissions', () => {
  it('lists batches newest first, paginated; employees read, missionaries cannot', async () => {
    const page = await ok(t.call('GET', '/api/payment-batches', { token: employee.token, query: { limit: 1 } }));
    expect(page.data).toHaveLength(1);
    expect(page.total_count).toBeGreaterThanOrEqual(2);
    const missionary = payees.ach.user;
    expect((await t.call('GET', '/api/payment-batches', { token: missionary.token })).status).toBe(403);
    expect((await t.call('GET', `/api/payment-batches/${page.data[0].id}`, { token: missionary.token })).status).toBe(
      403,
    );
    expect((await t.call('GET', '/api/payment-batches')).status).toBe(401);
    expect((await t.call('GET', '/api/payment-batches/999999', { token: admin.token })).status).toBe(404);
    expect(
      (await t.call('POST', '/api/payment-batches', { token: employee.token, json: { mat_date: MAT } })).status,
    ).toBe(403);
  });

  it.each([
    ['neither a MAT date nor distributions', {}, 'mat_date'],
    ['both', { mat_date: MAT, distribution_ids: [1] }, 'mat_date'],
    ['a bad date', { mat_date: '2026-02-30' }, 'mat_date'],
    ['an empty list', { distribution_ids: [] }, 'distribution_ids'],
    ['an unknown distribution', { distribution_ids: [999999] }, 'distribution_ids'],
  ])('422 for %s', async (_case, json, field) => {
    const answer = await t.call('POST', '/api/payment-batches', { token: admin.token, json });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors)).toContain(field);
  });
});
