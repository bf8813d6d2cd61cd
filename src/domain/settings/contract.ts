import { z } from 'zod';
import { contracts, ZId } from '../contract';
import { updateSettingsSchema } from './settings';

/** A setting: its name (docs/product.md §3) and its value as exact text ("0.655", "12.50"). */
export const ZSettingSchema = z
  .object({ id: ZId, setting_name: z.string(), setting_value: z.string() })
  .meta({ id: 'Setting' });
export type TSetting = z.infer<typeof ZSettingSchema>;

export const settingsContract = contracts('Settings', {
  listSettings: {
    method: 'GET',
    path: '/settings',
    summary: 'The organisation settings (mileage rate, admin fee, Social Security and Medicare rates).',
    request: {},
    responses: { 200: z.array(ZSettingSchema) },
  },
  updateSettings: {
    method: 'PATCH',
    path: '/settings',
    summary: 'Change settings (admin); absent fields keep their value.',
    request: { body: updateSettingsSchema },
    responses: { 200: z.array(ZSettingSchema) },
  },
});
