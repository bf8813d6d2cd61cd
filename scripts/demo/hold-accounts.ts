import { sql } from 'drizzle-orm';
import { fromDollars } from '../../src/domain/money';
import type { Tx } from '../../src/server/db/client';
import { holdAccounts } from '../../src/server/db/schema';
import { demoEmail } from './constants';
import type { DemoSeed } from './types';
import { userIdByEmail } from './users';

interface DemoHoldAccount {
  fundName: string;
  /** The owner's login (a demo missionary). */
  owner: string;
  /** Dollars. */
  openingBalance: number;
  /** MAT Day standing instructions, dollars per month (0 = none). */
  recurringDeposit?: number;
  recurringTransfer?: number;
  recurringWithdrawal?: number;
}

/**
 * Designated funds the way an office keeps them: savings built by a recurring deposit from the general
 * fund, school fees paid out every month, a project fund that lives on designated gifts, and a reserve
 * that tops up the general fund of the missionary who runs a deficit. Donations in the demo history
 * are designated to them by these fund names (scripts/demo/donations.ts).
 */
export const DEMO_HOLD_ACCOUNTS: DemoHoldAccount[] = [
  { fundName: 'Okafor Vehicle Fund', owner: 'ruth.okafor', openingBalance: 1850, recurringDeposit: 150 },
  {
    fundName: "Kim Children's Education",
    owner: 'daniel.kim',
    openingBalance: 4200,
    recurringDeposit: 250,
    recurringWithdrawal: 400,
  },
  { fundName: 'Santos Ministry Projects', owner: 'maria.santos', openingBalance: 735.4 },
  { fundName: 'Lindqvist Furlough Fund', owner: 'hannah.lindqvist', openingBalance: 2600, recurringDeposit: 200 },
  { fundName: 'Tanaka Language School', owner: 'joseph.tanaka', openingBalance: 980, recurringWithdrawal: 180 },
  { fundName: 'MacLeod Housing Reserve', owner: 'andrew.macleod', openingBalance: 600, recurringTransfer: 100 },
];

/** The id of a hold account by fund name (any case, archived ones too), or null. */
export async function holdAccountIdByName(tx: Tx, fundName: string): Promise<number | null> {
  const [row] = await tx
    .select({ id: holdAccounts.id })
    .from(holdAccounts)
    .where(sql`lower(${holdAccounts.fundName}) = ${fundName.toLowerCase()}`)
    .orderBy(holdAccounts.id)
    .limit(1);
  return row?.id ?? null;
}

/**
 * Adds the hold accounts whose fund name is not there yet (active or archived, any case). The opening
 * balance is stored as `opening_balance` and starts `balance`; no journal row is needed, since
 * balance = opening_balance + Σ journal rows (docs/decisions.md).
 */
export const holdAccountsSeed: DemoSeed = {
  name: 'hold accounts',
  async run({ tx, now }) {
    let created = 0;
    for (const account of DEMO_HOLD_ACCOUNTS) {
      if ((await holdAccountIdByName(tx, account.fundName)) !== null) continue;
      const userId = await userIdByEmail(tx, demoEmail(account.owner));
      if (userId === null) continue;
      const opening = fromDollars(account.openingBalance);
      await tx.insert(holdAccounts).values({
        userId,
        fundName: account.fundName,
        openingBalance: opening,
        balance: opening,
        matDayRecurringDeposit: fromDollars(account.recurringDeposit ?? 0),
        matDayRecurringTransfer: fromDollars(account.recurringTransfer ?? 0),
        matDayRecurringWithdrawal: fromDollars(account.recurringWithdrawal ?? 0),
        createdAt: now,
        updatedAt: now,
      });
      created += 1;
    }
    return created;
  },
};
