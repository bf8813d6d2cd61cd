import { eq } from 'drizzle-orm';
import { DEFAULT_SETTINGS, type SettingName } from '../../src/domain/settings/settings';
import { settings } from '../../src/server/db/schema';
import type { DemoSeed } from './types';

/** The organisation's rates; percentages in percent (decision 9, docs/decisions.md). */
export const DEMO_SETTINGS: Record<SettingName, string> = {
  mileage_reimbursement: '0.67',
  admin_fee_percentage: '10',
  admin_fee_cap: '400.00',
  social_security_percentage: '6.2',
  medicare_percentage: '1.45',
};

/** Sets a setting only while it still has its out-of-the-box value, so staff changes survive a reload. */
export const settingsSeed: DemoSeed = {
  name: 'settings',
  async run({ tx, now }) {
    let changed = 0;
    for (const [name, value] of Object.entries(DEMO_SETTINGS) as Array<[SettingName, string]>) {
      const [row] = await tx.select().from(settings).where(eq(settings.settingName, name));
      if (row && row.settingValue === DEFAULT_SETTINGS[name] && value !== row.settingValue) {
        await tx.update(settings).set({ settingValue: value, updatedAt: now }).where(eq(settings.id, row.id));
        changed += 1;
      }
    }
    return changed;
  },
};
