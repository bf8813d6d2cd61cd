import { eq } from 'drizzle-orm';
import { REQUIRE_ADMIN_SECOND_FACTOR } from '../../domain/second-factor/rules';
import type { DbOrTx } from '../db/client';
import { settings } from '../db/schema';

/** "Require a second factor for administrators": a settings row, '1' when on (off when absent). */
export async function adminsMustUseSecondFactor(db: DbOrTx): Promise<boolean> {
  const [row] = await db
    .select({ value: settings.settingValue })
    .from(settings)
    .where(eq(settings.settingName, REQUIRE_ADMIN_SECOND_FACTOR));
  return row?.value === '1';
}

export async function setAdminsMustUseSecondFactor(db: DbOrTx, on: boolean, now: Date): Promise<void> {
  await db
    .insert(settings)
    .values({ settingName: REQUIRE_ADMIN_SECOND_FACTOR, settingValue: on ? '1' : '0', updatedAt: now })
    .onConflictDoUpdate({ target: settings.settingName, set: { settingValue: on ? '1' : '0', updatedAt: now } });
}
