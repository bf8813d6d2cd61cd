import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  mergePaymentSettings,
  type PaymentSettings,
  paymentSettingsFrom,
  type paymentSettingsSchema,
} from '../../domain/payments/payment-settings';
import type { AuthUser } from '../auth/tokens';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { settings } from '../db/schema';
import { recordAudit } from '../journal/journal';

/** One settings row holds them all as JSON; it is not among the settings of the Settings page. */
export const PAYMENT_SETTINGS_NAME = 'payment_settings';

export async function loadPaymentSettings(db: DbOrTx): Promise<PaymentSettings> {
  const [row] = await db.select().from(settings).where(eq(settings.settingName, PAYMENT_SETTINGS_NAME));
  if (!row) return paymentSettingsFrom(null);
  try {
    return paymentSettingsFrom(JSON.parse(row.settingValue));
  } catch {
    return paymentSettingsFrom(null);
  }
}

/** PATCH /settings/payments: the row is locked so two admins' changes both land, audited. */
export async function updatePaymentSettings(
  ctx: AppContext,
  actor: AuthUser,
  input: z.output<typeof paymentSettingsSchema>,
): Promise<PaymentSettings> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values({ settingName: PAYMENT_SETTINGS_NAME, settingValue: '{}', updatedAt: now })
      .onConflictDoNothing({ target: settings.settingName });
    await tx.select().from(settings).where(eq(settings.settingName, PAYMENT_SETTINGS_NAME)).for('update');
    const merged = mergePaymentSettings(await loadPaymentSettings(tx), input);
    await tx
      .update(settings)
      .set({ settingValue: JSON.stringify(merged), updatedAt: now })
      .where(eq(settings.settingName, PAYMENT_SETTINGS_NAME));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'update',
      entityType: 'payment_settings',
      details: { fields: Object.keys(input).filter((key) => input[key as keyof typeof input] !== undefined) },
    });
    return merged;
  });
}
