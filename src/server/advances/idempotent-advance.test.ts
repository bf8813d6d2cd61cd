import { eq } from 'drizzle-orm';
import { advanceRequests } from '../db/schema';
import { STILL_RUNNING } from '../http/idempotent-replay';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';

/**
 * Idempotency-Key on POST /api/advance-request (docs/security.md, "Idempotency"): before, 10 parallel
 * calls with one key made 10 advances. The route layer remembers the first answer and replays it.
 */
let t: TestApp;
let ruth: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  ruth = await t.signIn('missionary');
});
afterAll(() => t.close());

const ask = (user: SignedIn, key: string | null, amount = '450.00') =>
  t.call('POST', '/api/advance-request', {
    token: user.token,
    headers: key === null ? {} : { 'idempotency-key': key },
    form: { amount_requested: amount },
  });
const advancesOf = async (userId: number) =>
  t.ctx.db.select().from(advanceRequests).where(eq(advanceRequests.userId, userId));

describe('Idempotency-Key on POST /api/advance-request', () => {
  it('10 parallel calls with one key make 1 advance, and all answer with it (201)', async () => {
    const user = await t.signIn('missionary');
    const answers = await Promise.all(Array.from({ length: 10 }, () => ask(user, 'advance-parallel-1')));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(answers.every((a) => JSON.stringify(a.body) === JSON.stringify(answers[0].body))).toBe(true);
    expect(await advancesOf(user.id)).toHaveLength(1);
  });

  it('a retry answers the first advance; another key makes another; no key, as before', async () => {
    const first = await ask(ruth, 'advance-retry-1');
    const retry = await ask(ruth, 'advance-retry-1');
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    const before = (await advancesOf(ruth.id)).length;
    // Other amounts: the same amount again on the same day is asked about first (decision 34).
    expect((await ask(ruth, 'advance-retry-2', '151.00')).body.id).not.toBe(first.body.id);
    expect((await ask(ruth, null, '152.00')).status).toBe(201);
    expect((await ask(ruth, null, '153.00')).status).toBe(201);
    expect(await advancesOf(ruth.id)).toHaveLength(before + 3);
  });

  it('409 for the same key with another body; 422 for a malformed key; keys are per user', async () => {
    expect((await ask(ruth, 'advance-body-1', '100.00')).status).toBe(201);
    const other = await ask(ruth, 'advance-body-1', '200.00');
    expect(other.status).toBe(409);
    expect(other.body.message).toBe('This Idempotency-Key was already used for a different request.');
    expect(other.body.message).not.toBe(STILL_RUNNING);
    const bad = await ask(ruth, 'has space');
    expect(bad.status).toBe(422);
    expect(bad.body.errors['Idempotency-Key']).toBeDefined();
    const boaz = await t.signIn('missionary');
    const his = await ask(boaz, 'advance-body-1', '100.00');
    expect(his.status).toBe(201);
    expect(await advancesOf(boaz.id)).toHaveLength(1);
  });

  it('a refused first request lets the key go: the corrected retry runs', async () => {
    const refused = await ask(ruth, 'advance-fix-1', '-5');
    expect(refused.status).toBe(422);
    const again = await ask(ruth, 'advance-fix-1', '-5');
    expect(again.status).toBe(422);
    const before = (await advancesOf(ruth.id)).length;
    // The same key with a corrected body: the failed first request did not keep it.
    expect((await ask(ruth, 'advance-fix-1', '5.00')).status).toBe(201);
    expect(await advancesOf(ruth.id)).toHaveLength(before + 1);
  });
});
