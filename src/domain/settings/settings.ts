import { z } from 'zod';
import { decimalField, moneyField, optionalFlag01, percentField } from '../fields';
import { type Cents, type Decimal, parseDecimal, parseDollars, toDecimalString } from '../money';

/** The five known settings (docs/product.md §3, §9); percentages are entered in percent. */
export const SETTING_NAMES = [
  'mileage_reimbursement',
  'admin_fee_percentage',
  'admin_fee_cap',
  'social_security_percentage',
  'medicare_percentage',
] as const;
export type SettingName = (typeof SETTING_NAMES)[number];

export const SETTING_LABELS: Record<SettingName, string> = {
  mileage_reimbursement: 'Mileage Reimbursement ($ per mile)',
  admin_fee_percentage: 'Admin Fee %',
  admin_fee_cap: 'Admin Fee Cap ($)',
  social_security_percentage: 'Social Security %',
  medicare_percentage: 'Medicare %',
};

/** Values a new organisation starts with; staff change them on the Settings screen. */
export const DEFAULT_SETTINGS: Record<SettingName, string> = {
  mileage_reimbursement: '0.70',
  admin_fee_percentage: '10',
  admin_fee_cap: '500.00',
  social_security_percentage: '6.2',
  medicare_percentage: '1.45',
};

/**
 * Whether missionaries see their donors' names and the thank-you CSV on My Support (decision 36,
 * docs/decisions.md); '1' on, '0' or absent off. Staff always see them.
 */
export const DONOR_NAMES_SETTING = 'show_donor_names_to_missionaries';
export const DONOR_NAMES_LABEL = 'Show donor names to missionaries';

/** Absent leaves a setting as it is; blank is an error, since every setting needs a value. */
const optional = <T extends z.ZodType>(schema: T) => schema.optional();

/** PATCH /settings: one field per setting name (decision 11, docs/decisions.md); values kept as exact text. */
export const updateSettingsSchema = z.object({
  mileage_reimbursement: optional(decimalField(SETTING_LABELS.mileage_reimbursement, { min: 0, max: 100, scale: 4 })),
  admin_fee_percentage: optional(percentField(SETTING_LABELS.admin_fee_percentage)),
  admin_fee_cap: optional(moneyField(SETTING_LABELS.admin_fee_cap).transform(toDecimalString)),
  social_security_percentage: optional(percentField(SETTING_LABELS.social_security_percentage)),
  medicare_percentage: optional(percentField(SETTING_LABELS.medicare_percentage)),
  [DONOR_NAMES_SETTING]: optionalFlag01(DONOR_NAMES_LABEL).transform((on) =>
    on === undefined ? undefined : on ? '1' : '0',
  ),
});

/** Settings as the calculations use them. */
export interface Settings {
  mileageReimbursement: Decimal;
  adminFeePercentage: Decimal;
  adminFeeCap: Cents;
  socialSecurityPercentage: Decimal;
  medicarePercentage: Decimal;
}

export function settingsFrom(values: Partial<Record<string, string>>): Settings {
  const read = (name: SettingName) => values[name] ?? DEFAULT_SETTINGS[name];
  const decimal = (name: SettingName) => parseDecimal(read(name)) ?? parseDecimal(DEFAULT_SETTINGS[name])!;
  return {
    mileageReimbursement: decimal('mileage_reimbursement'),
    adminFeePercentage: decimal('admin_fee_percentage'),
    adminFeeCap: parseDollars(read('admin_fee_cap')) ?? parseDollars(DEFAULT_SETTINGS.admin_fee_cap)!,
    socialSecurityPercentage: decimal('social_security_percentage'),
    medicarePercentage: decimal('medicare_percentage'),
  };
}
