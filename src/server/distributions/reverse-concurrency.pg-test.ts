import { eq } from 'drizzle-orm';
import { ledgerHolds } from '../../domain/ledger/check';
import { distributions } from '../db/schema';
import { checkLiveLedger } from '../ledger/read-ledger';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';
import { closeApp, importDonations, ok, profileOf, setPayroll, unique } from './test-fixtures';

/**
 * Real concurrency on PostgreSQL (the api-postgres project only): reversing a missionary's October
 * approval while an admin on another connection approves her November distribution. Both take the
 * missionary's rows in one order (the distribution, her hold accounts, her user and profile rows),
 * so one waits for the other, and the outcome is one of two, each exact to the cent:
 * - the reversal first: October is reversed, the fund is back where it was before October, and
 *   November — computed from the fund October left — is not approved on those figures (or, when it
 *   is, it started from the restored fund);
 * - the approval first: November is approved from the fund October left, and the reversal is 409
 *   (October is no longer the latest approval).
 * Never both on stale figures, never a 5xx, and the ledger check holds after each race.
 */
let t: TestApp;
let admins: SignedIn[];

beforeAll(async () => {
  t = await createTestApp();
  expect(t.ctx.dbKind).toBe('postgres');
  admins = [await t.signIn('admin'), await t.signIn('admin')];
});
afterAll(() => closeApp(t));

const rowOf = async (id: number) => (await t.ctx.db.select().from(distributions).where(eq(distributions.id, id)))[0];

async function saveAndApprove(json: Record<string, unknown>) {
  const saved = await ok(t.call('POST', '/api/distribution', { token: admins[0].token, json }));
  const reviewed = [{ id: saved.id, flags: saved.review_flags.map((f: { code: string }) => f.code) }];
  await ok(
    t.call('POST', '/api/batch-approve', { token: admins[0].token, json: { distribution_ids: [saved.id], reviewed } }),
  );
  return saved.id as number;
}

describe('a reversal racing an approval of the same missionary', () => {
  it('five races: one waits for the other, and every balance is exact either way', async () => {
    const outcomes = new Set<string>();
    for (let race = 0; race < 5; race += 1) {
      const number = unique('R');
      const lydia = await t.signIn('missionary', { name: unique('Lydia Mensah'), missionaryNumber: number });
      await setPayroll(t, admins[0], lydia.id, {
        tax_status: 'W2',
        net_salary: '1000.00',
        fund_balance: '5000.00',
      });
      const october = unique('October 2026');
      const november = unique('November 2026');
      await importDonations(t, admins[0], october, [['', number, '2000.00']]);
      await importDonations(t, admins[0], november, [['', number, '1500.00']]);
      const before = (await profileOf(t, lydia.id)).fundBalance;
      const octoberId = await saveAndApprove({
        user_id: lydia.id,
        start_date: '2026-10-01',
        end_date: '2026-10-31',
        donation_upload_names: [october],
      });
      const afterOctober = (await profileOf(t, lydia.id)).fundBalance;
      const saved = await ok(
        t.call('POST', '/api/distribution', {
          token: admins[1].token,
          json: {
            user_id: lydia.id,
            start_date: '2026-11-01',
            end_date: '2026-11-30',
            donation_upload_names: [november],
          },
        }),
      );
      const reviewed = [{ id: saved.id, flags: saved.review_flags.map((f: { code: string }) => f.code) }];

      const [reversal, approval] = await Promise.all([
        t.call('POST', `/api/distribution/${octoberId}/reverse`, {
          token: admins[0].token,
          json: { reason: 'Race' },
        }),
        t.call('POST', '/api/batch-approve', {
          token: admins[1].token,
          json: { distribution_ids: [saved.id], reviewed },
        }),
      ]);
      expect(reversal.status).toBeLessThan(500);
      expect(approval.status).toBeLessThan(500);
      const [octoberRow, novemberRow] = [await rowOf(octoberId), await rowOf(saved.id)];
      const fund = (await profileOf(t, lydia.id)).fundBalance;
      if (reversal.status === 200) {
        outcomes.add('reversed first');
        expect(octoberRow.status).toBe('reversed');
        if (novemberRow.status === 'approved') {
          // Approved after the reversal: from the restored fund, as if October had never been approved.
          expect(novemberRow.startingBalance).toBe(before);
          expect(fund).toBe(novemberRow.endingBalance);
        } else {
          expect(fund).toBe(before);
        }
      } else {
        outcomes.add('approved first');
        expect(reversal.status).toBe(409);
        expect(octoberRow.status).toBe('approved');
        expect(novemberRow.status).toBe('approved');
        expect(novemberRow.startingBalance).toBe(afterOctober);
        expect(fund).toBe(novemberRow.endingBalance);
      }
      expect(ledgerHolds(await checkLiveLedger(t.ctx.db))).toBe(true);
    }
    // Which one wins is the scheduler's choice; either is exact.
    expect(outcomes.size).toBeGreaterThan(0);
    console.info(`reversal vs approval: ${[...outcomes].join(', ')}`);
  }, 120_000);
});
