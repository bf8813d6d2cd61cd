import { asc, eq, inArray, sql } from 'drizzle-orm';
import {
  DEFAULT_SETTINGS,
  DONOR_NAMES_SETTING,
  SETTING_NAMES,
  type Settings,
  settingsFrom,
} from '../../domain/settings/settings';
import type { DbOrTx } from '../db/client';
import { settings } from '../db/schema';

/** Inserts the known settings that are missing (first run, or a setting added by a new release). */
export async function ensureDefaultSettings(db: DbOrTx): Promise<void> {
  await db
    .insert(settings)
    .values(SETTING_NAMES.map((name) => ({ settingName: name, settingValue: DEFAULT_SETTINGS[name] })))
    .onConflictDoNothing({ target: settings.settingName });
}

export async function listSettings(db: DbOrTx) {
  // Only the known settings: other rows (the second-factor setting) have screens of their own.
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.settingName, [...SETTING_NAMES, DONOR_NAMES_SETTING]))
    .orderBy(asc(settings.id));
  return rows.map((row) => ({ id: row.id, setting_name: row.settingName, setting_value: row.settingValue }));
}

/** Whether missionaries see their donors' names (decision 36, docs/decisions.md); off until an admin turns it on. */
export async function donorNamesShownToMissionaries(db: DbOrTx): Promise<boolean> {
  const [row] = await db
    .select({ value: settings.settingValue })
    .from(settings)
    .where(eq(settings.settingName, DONOR_NAMES_SETTING));
  return row?.value === '1';
}

/** The settings as the calculations use them. */
export async function loadSettings(db: DbOrTx): Promise<Settings> {
  const rows = await db.select().from(settings);
  return settingsFrom(Object.fromEntries(rows.map((row) => [row.settingName, row.settingValue])));
}

export async function updateSettings(db: DbOrTx, values: Partial<Record<string, string>>, now: Date) {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    await db
      .insert(settings)
      .values({ settingName: name, settingValue: value, updatedAt: now })
      .onConflictDoUpdate({
        target: settings.settingName,
        set: { settingValue: value, updatedAt: sql`excluded.updated_at` },
      });
  }
}
