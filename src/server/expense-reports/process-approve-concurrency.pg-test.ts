import { ledgerHolds } from '../../domain/ledger/check';
import { closeApp, ok, ruthPayload, setUpRuth, submittedReport } from '../distributions/test-fixtures';
import { checkLiveLedger } from '../ledger/read-ledger';
import { seedCategories } from '../test-support/expense-fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';

/**
 * Real concurrency on PostgreSQL (the api-postgres project only): one admin processes a
 * missionary's report while another approves the same missionary's distribution. Both write the
 * missionary's hold account and profile, and processing queues a mail whose foreign key share-locks
 * the user row; docs/security.md "Lock order and retries" says how they stay out of each other's
 * way. Whichever wins, the other answers 2xx or 409 — never 5xx — and the ledger check holds.
 */
let t: TestApp;
let admins: SignedIn[];
let categories: Awaited<ReturnType<typeof seedCategories>>;

beforeAll(async () => {
  t = await createTestApp();
  expect(t.ctx.dbKind).toBe('postgres');
  admins = [await t.signIn('admin'), await t.signIn('admin')];
  categories = await seedCategories(t);
});
afterAll(() => closeApp(t));

const ROUNDS = 50;

describe(`processing a report and approving the same missionary's distribution, ${ROUNDS} times at once`, () => {
  it('answers 2xx or 409, never 5xx, and the ledger check holds after every round', async () => {
    const failures: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const setup = await setUpRuth(t, admins[0], categories);
      const created = await ok(
        t.call('POST', '/api/distribution', { token: admins[0].token, json: ruthPayload(setup) }),
      );
      // A report submitted after the distribution was saved (so not in it). Processing it locks her
      // profile and queues her mail; every fourth round it also has a $20.00 line on her fund, so
      // processing locks the fund too. Even rounds pay the $30.00 general line (from her general
      // fund); odd rounds pay nothing, so $30.00 becomes owed and an approval that loses must see it.
      const withFund = round % 4 === 3;
      const report = await submittedReport(t, setup.ruth, categories, [
        { amount: '30.00' },
        ...(withFund ? [{ amount: '20.00', holdAccountId: setup.fund.id }] : []),
      ]);
      const [processed, approved] = await Promise.all([
        t.call('PATCH', `/api/process-expense-report/${report.id}`, {
          token: admins[0].token,
          form: { payout: round % 2 === 0 ? '30.00' : '0' },
        }),
        t.call('POST', '/api/batch-approve', { token: admins[1].token, json: { distribution_ids: [created.id] } }),
      ]);
      for (const [what, result] of [
        ['process', processed],
        ['approve', approved],
      ] as const) {
        const fine = (result.status >= 200 && result.status < 300) || result.status === 409;
        if (!fine) failures.push(`round ${round} ${what}: ${result.status} ${JSON.stringify(result.body)}`);
      }
      const ledger = await checkLiveLedger(t.ctx.db);
      if (!ledgerHolds(ledger)) {
        failures.push(`round ${round}: ledger ${JSON.stringify(ledger.violations.slice(0, 3))}`);
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
