import { not, sql } from 'drizzle-orm';
import type { AppContext } from '../../src/server/context';
import type { Db } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { ensureDefaultSettings } from '../../src/server/settings/settings';
import { categoriesSeed } from './categories';
import { DEMO_DOMAIN } from './constants';
import { expensesSeed } from './expenses';
import { type DemoHistoryResult, loadDemoHistory } from './history';
import { holdAccountsSeed } from './hold-accounts';
import { missionariesSeed } from './missionaries';
import { settingsSeed } from './settings';
import { staffSeed } from './staff';
import type { DemoSeed } from './types';

export { DEMO_DOMAIN, DEMO_PASSWORD, demoEmail } from './constants';
export { type DemoHistoryResult, type DemoMonth, demoMonths } from './history';
export { DEMO_MISSIONARIES } from './missionaries';
export { DEMO_STAFF } from './staff';
export type { DemoSeed, SeedContext } from './types';

/**
 * The demo organisation, one seed per resource, in the order they depend on each other. A feature
 * adds its demo data by appending its seed here. Donations and distributions are not seeds: they go
 * through the real services after the seed transaction (`loadDemoHistory`, scripts/demo/history.ts).
 */
export const DEMO_SEEDS: DemoSeed[] = [
  settingsSeed,
  categoriesSeed,
  staffSeed,
  missionariesSeed,
  holdAccountsSeed,
  expensesSeed,
];

export class DemoRefusedError extends Error {}

export interface DemoResult {
  /** Records added or changed, per seed. */
  added: Record<string, number>;
  /** The donation history and MAT Days loaded after the seeds. */
  history: DemoHistoryResult;
  /** True when everything was there already and nothing changed. */
  alreadyLoaded: boolean;
}

export interface DemoOptions {
  /** Load into a database with real users anyway. */
  force?: boolean;
  /** The database behind `db`; PostgreSQL approves several missionaries at once. */
  dbKind?: AppContext['dbKind'];
}

/**
 * Loads the demo organisation: the seeds in one transaction, then the donation history and the
 * approved MAT Days through the real services (`loadDemoHistory`). Demo accounts share a known
 * password, so it is refused on a database that holds real users (more than the first-run admin),
 * unless forced.
 */
export async function loadDemo(db: Db, now: Date, options: DemoOptions = {}): Promise<DemoResult> {
  await ensureDefaultSettings(db);
  if (!options.force) await assertDemoOrFresh(db);
  const added = await db.transaction(async (tx) => {
    const counts: Record<string, number> = {};
    for (const seed of DEMO_SEEDS) counts[seed.name] = await seed.run({ tx, now });
    return counts;
  });
  const history = await loadDemoHistory(db, now, { dbKind: options.dbKind });
  const alreadyLoaded = Object.values(added).every((count) => count === 0) && history.added === 0;
  return { added, history, alreadyLoaded };
}

async function assertDemoOrFresh(db: Db): Promise<void> {
  const others = await db
    .select({ role: users.role })
    .from(users)
    .where(not(sql`lower(${users.email}) like ${`%@${DEMO_DOMAIN}`}`));
  const firstRunAdminOnly = others.length === 1 && others[0].role === 'admin';
  if (others.length === 0 || firstRunAdminOnly) return;
  throw new DemoRefusedError(
    `This database already has ${others.length} users who are not part of the demo. The demo adds accounts ` +
      'with a publicly known password, so it only loads into a new database or one that holds the demo. ' +
      'Use another DATA_DIR (for example DATA_DIR=./demo-data npm run demo), or add --force if you really mean it.',
  );
}
