/**
 * The donation benches' shared data: the directory a donor file is matched against and the rows of a
 * donor system's gift export (decision 24, docs/decisions.md), generated the same way in every run.
 */
import type { Db } from '../src/server/db/client';
import { holdAccounts, users } from '../src/server/db/schema';
import { ensureDefaultSettings } from '../src/server/settings/settings';

/** Account # of the bench's missionary `index`: M00000, M00001, … */
export const accountNumber = (index: number) => `M${String(index).padStart(5, '0')}`;

/**
 * An admin, `missionaries` missionaries (Account # by `accountNumber`) and `funds` hold accounts
 * "Fund 0" … spread over them; answers the admin.
 */
export async function seedDonorDirectory(db: Db, missionaries: number, funds: number) {
  await ensureDefaultSettings(db);
  const [actor] = await db
    .insert(users)
    .values({ name: 'Bench Admin', email: 'bench@example.org', passwordHash: 'x', role: 'admin' })
    .returning();
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: missionaries }, (_, i) => ({
        name: `Missionary ${i}`,
        email: `m${i}@example.org`,
        passwordHash: 'x',
        role: 'missionary',
        missionaryNumber: accountNumber(i),
      })),
    )
    .returning();
  await db
    .insert(holdAccounts)
    .values(Array.from({ length: funds }, (_, i) => ({ userId: people[i % missionaries].id, fundName: `Fund ${i}` })));
  return actor;
}

export const GIFT_HEADER = 'Gift Date,Donor ID,Donor Name,Fund,Account #,Amount,Payment Method,Status';

/**
 * Gift `i` of an export: a donor of 20,000, a quarter designated to a hold account by fund name, the
 * rest general by Account #, one in 50 refunded (the import skips it). `amount` writes the amount.
 */
export function giftLine(
  next: () => number,
  i: number,
  directory: { missionaries: number; funds: number },
  amount: () => string,
): { line: string; refunded: boolean } {
  const donor = Math.floor(next() * 20_000);
  const refunded = i % 50 === 7;
  const fund =
    i % 4 === 0
      ? `Fund ${Math.floor(next() * directory.funds)},`
      : `General,${accountNumber(Math.floor(next() * directory.missionaries))}`;
  const day = String(1 + (i % 28)).padStart(2, '0');
  const status = refunded ? 'Refunded' : 'Completed';
  return { line: `11/${day}/2026,D-${donor},"Donor${donor}, Pat",${fund},${amount()},Card,${status}`, refunded };
}
