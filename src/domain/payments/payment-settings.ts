import { z } from 'zod';
import { BANK_ACCOUNT_TYPES, isValidAbaRouting, isValidBic, isValidIban, normalizeIban } from './bank-details';

/**
 * The organisation's payment settings (docs/payments.md "Settings"): who originates the ACH file and
 * from which bank, the optional offset account that balances it, and the debtor of wires. Kept as
 * one JSON setting; every field may be blank until the first file is made.
 */
export const PAYMENT_SETTING_FIELDS = [
  'company_name',
  'company_id',
  'origin_routing_number',
  'origin_bank_name',
  'destination_routing_number',
  'destination_bank_name',
  'offset_account_number',
  'offset_account_type',
  'debtor_name',
  'debtor_iban',
  'debtor_account_number',
  'debtor_bic',
] as const;
export type PaymentSettingField = (typeof PAYMENT_SETTING_FIELDS)[number];
export type PaymentSettings = Record<PaymentSettingField, string | null>;

export const EMPTY_PAYMENT_SETTINGS: PaymentSettings = Object.fromEntries(
  PAYMENT_SETTING_FIELDS.map((field) => [field, null]),
) as PaymentSettings;

export const PAYMENT_SETTING_LABELS: Record<PaymentSettingField, string> = {
  company_name: 'Company name',
  company_id: 'Company id',
  origin_routing_number: 'Originating bank routing number',
  origin_bank_name: 'Originating bank name',
  destination_routing_number: 'Destination routing number',
  destination_bank_name: 'Destination bank name',
  offset_account_number: 'Offset account number',
  offset_account_type: 'Offset account type',
  debtor_name: 'Debtor name',
  debtor_iban: 'Debtor IBAN',
  debtor_account_number: 'Debtor account number',
  debtor_bic: 'Debtor BIC',
};

const L = PAYMENT_SETTING_LABELS;

/** A setting that may be left out (unchanged), blanked (cleared) or set, after `clean`, when `check` passes. */
function setting(label: string, check: (value: string) => string | null, clean: (value: string) => string = (v) => v) {
  return z
    .preprocess(
      (value) => (typeof value === 'string' ? (value.trim() === '' ? null : clean(value.trim())) : value),
      z
        .string({ error: `${label} must be text.` })
        .superRefine((value, ctx) => {
          const problem = value.includes('\u0000') ? `${label} cannot contain NUL characters.` : check(value);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        })
        .nullable(),
    )
    .optional();
}

const upTo = (label: string, max: number) => (value: string) =>
  value.length > max ? `${label} must be at most ${max} characters.` : null;
const routing = (label: string) => (value: string) =>
  isValidAbaRouting(value) ? null : `${label} must be a valid 9-digit ABA routing number.`;
const compact = (value: string) => value.replace(/\s+/g, '');
const upper = (value: string) => compact(value).toUpperCase();

/** PATCH /settings/payments: any subset; NACHA's field widths are the limits (company name 16, bank names 23). */
export const paymentSettingsSchema = z.object({
  company_name: setting(L.company_name, upTo(L.company_name, 16)),
  company_id: setting(L.company_id, (value) =>
    /^[A-Za-z0-9 ]{10}$/.test(value)
      ? null
      : `${L.company_id} must be exactly 10 letters or digits (often 1 and the EIN).`,
  ),
  origin_routing_number: setting(L.origin_routing_number, routing(L.origin_routing_number), compact),
  origin_bank_name: setting(L.origin_bank_name, upTo(L.origin_bank_name, 23)),
  destination_routing_number: setting(L.destination_routing_number, routing(L.destination_routing_number), compact),
  destination_bank_name: setting(L.destination_bank_name, upTo(L.destination_bank_name, 23)),
  offset_account_number: setting(
    L.offset_account_number,
    (value) => (/^\d{4,17}$/.test(value) ? null : `${L.offset_account_number} must be 4 to 17 digits.`),
    compact,
  ),
  offset_account_type: setting(L.offset_account_type, (value) =>
    (BANK_ACCOUNT_TYPES as readonly string[]).includes(value)
      ? null
      : `${L.offset_account_type} must be checking or savings.`,
  ),
  debtor_name: setting(L.debtor_name, upTo(L.debtor_name, 140)),
  debtor_iban: setting(
    L.debtor_iban,
    (value) => (isValidIban(value) ? null : `${L.debtor_iban} is not a valid IBAN.`),
    normalizeIban,
  ),
  debtor_account_number: setting(
    L.debtor_account_number,
    (value) =>
      /^[A-Za-z0-9]{4,34}$/.test(value) ? null : `${L.debtor_account_number} must be 4 to 34 letters or digits.`,
    compact,
  ),
  debtor_bic: setting(
    L.debtor_bic,
    (value) => (isValidBic(value) ? null : `${L.debtor_bic} must be 8 or 11 letters and digits, e.g. CHASUS33.`),
    upper,
  ),
});
export type PaymentSettingsInput = z.input<typeof paymentSettingsSchema>;

/** Stored JSON → settings; unknown or malformed entries are dropped (a hand-edited row never breaks a page). */
export function paymentSettingsFrom(stored: unknown): PaymentSettings {
  const settings = { ...EMPTY_PAYMENT_SETTINGS };
  if (typeof stored !== 'object' || stored === null) return settings;
  for (const field of PAYMENT_SETTING_FIELDS) {
    const value = (stored as Record<string, unknown>)[field];
    if (typeof value === 'string' && value !== '') settings[field] = value;
  }
  return settings;
}

/** Sent fields over stored ones; an offset account needs its type (ACH says checking or savings). */
export function mergePaymentSettings(
  stored: PaymentSettings,
  update: z.output<typeof paymentSettingsSchema>,
): PaymentSettings {
  const merged = { ...stored };
  for (const field of PAYMENT_SETTING_FIELDS) {
    const value = update[field];
    if (value !== undefined) merged[field] = value;
  }
  if (merged.offset_account_number !== null && merged.offset_account_type === null) {
    merged.offset_account_type = 'checking';
  }
  return merged;
}

/** What the ACH file still needs before a batch with ACH lines can be released, per field. */
export function achSettingsMissing(settings: PaymentSettings): PaymentSettingField[] {
  const needed: PaymentSettingField[] = ['company_name', 'company_id', 'origin_routing_number', 'origin_bank_name'];
  return needed.filter((field) => settings[field] === null);
}

/** What a wire file needs: a debtor name, an account (IBAN or number) and a BIC. */
export function wireSettingsMissing(settings: PaymentSettings): PaymentSettingField[] {
  const missing: PaymentSettingField[] = [];
  if (settings.debtor_name === null) missing.push('debtor_name');
  if (settings.debtor_iban === null && settings.debtor_account_number === null) missing.push('debtor_iban');
  if (settings.debtor_bic === null) missing.push('debtor_bic');
  return missing;
}
