import { z } from 'zod';
import { CURRENCY_CODES } from '../currencies';
import type { FieldErrors } from '../errors';
import { COUNTRY_CODES, IBAN_LENGTHS } from './iso-codes';

/**
 * Bank details on the payroll profile (decision 31, docs/decisions.md; field names of decision 38):
 * how a payee is paid, and the checks a bank would make before accepting the account — the ABA check
 * digit, the IBAN's length and mod-97, the BIC's shape — so a typo is caught at entry, not as a return
 * two banking days after MAT Day.
 */
export const PAYOUT_METHODS = ['ach', 'wire', 'check', 'none'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];
export const BANK_ACCOUNT_TYPES = ['checking', 'savings'] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];

/** Field labels, as the forms show them and the 422 messages name them. */
export const BANK_FIELD_LABELS = {
  payout_method: 'Payout method',
  bank_routing_number: 'Routing number',
  bank_account_number: 'Account number',
  bank_account_type: 'Account type',
  beneficiary_name: 'Beneficiary name',
  bank_country: 'Bank country',
  bank_currency: 'Currency',
  iban: 'IBAN',
  bic: 'BIC',
  bank_name: 'Bank name',
} as const;
export type BankField = keyof typeof BANK_FIELD_LABELS;

/** The fields a method pays with, in form order: a form asks for these and clears the others. */
export const BANK_METHOD_FIELDS: Record<PayoutMethod, ReadonlyArray<Exclude<BankField, 'payout_method'>>> = {
  ach: ['bank_routing_number', 'bank_account_number', 'bank_account_type'],
  wire: ['beneficiary_name', 'bank_country', 'bank_currency', 'iban', 'bank_account_number', 'bic', 'bank_name'],
  check: [],
  none: [],
};

/**
 * ABA routing number: 9 digits whose weighted sum 3·d1 + 7·d2 + d3 + 3·d4 + 7·d5 + d6 + 3·d7 + 7·d8 + d9
 * is a multiple of 10, with a Federal Reserve prefix (00–12 banks and government, 21–32 thrifts, 61–72
 * electronic, 80 travellers' cheques). All zeros passes the sum but is no bank.
 */
export function isValidAbaRouting(routing: string): boolean {
  if (!/^\d{9}$/.test(routing) || routing === '000000000') return false;
  const prefix = Number(routing.slice(0, 2));
  const prefixOk = prefix <= 12 || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80;
  return prefixOk && abaCheckSum(routing) % 10 === 0;
}

const ABA_WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1];

function abaCheckSum(digits: string): number {
  let total = 0;
  for (let i = 0; i < 9; i++) total += Number(digits.charAt(i)) * (ABA_WEIGHTS[i] ?? 0);
  return total;
}

/** The check digit (9th digit) the first 8 digits of a routing number call for. */
export function abaCheckDigit(first8: string): number {
  return (10 - (abaCheckSum(`${first8}0`) % 10)) % 10;
}

/** An IBAN without spaces, uppercased: "gb82 west 1234 5698 7654 32" → "GB82WEST12345698765432". */
export function normalizeIban(iban: string): string {
  return iban.replace(/\s+/g, '').toUpperCase();
}

/**
 * IBAN (ISO 13616), given normalised: a registry country, that country's length, and the mod-97 check
 * (the first four characters moved to the end, letters as 10–35, the number mod 97 is 1).
 */
export function isValidIban(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(iban)) return false;
  if (IBAN_LENGTHS[iban.slice(0, 2)] !== iban.length) return false;
  return ibanMod97(iban) === 1;
}

function ibanMod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = char >= 'A' ? char.charCodeAt(0) - 55 : Number(char);
    // Letters are two digits; folding digit by digit keeps the number small.
    remainder = value >= 10 ? (remainder * 100 + value) % 97 : (remainder * 10 + value) % 97;
  }
  return remainder;
}

/**
 * BIC (ISO 9362), 8 or 11 characters: institution (4 letters or digits), country (2 letters, a real
 * ISO 3166 code), location (2), optional branch (3) — the pattern of the pain.001 schema's BICFI.
 */
export function isValidBic(bic: string): boolean {
  const match = /^[A-Z0-9]{4}([A-Z]{2})[A-Z0-9]{2}([A-Z0-9]{3})?$/.exec(bic);
  return match !== null && COUNTRY_CODES.has(match[1] ?? '');
}

/** "123456789" → "••••6789": only the last 4 characters are ever shown. */
export function maskAccount(account: string | null | undefined): string {
  if (!account) return '';
  return `••••${account.slice(-4)}`;
}

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const cleaned = (value: unknown, upper: boolean) => {
  const blank = blankToNull(value);
  if (typeof blank !== 'string') return blank;
  const compact = blank.replace(/\s+/g, '');
  return upper ? compact.toUpperCase() : compact;
};

/**
 * A bank field that may be cleared (blank or null) or left out (undefined keeps it as stored), with
 * one message for what is wrong with it (never two for one typo).
 */
function bankField(upper: boolean, label: string, problem: (value: string) => string | null) {
  return z
    .preprocess(
      (value) => cleaned(value, upper),
      z
        .string({ error: `${label} must be text.` })
        .superRefine((value, ctx) => {
          const message = problem(value);
          if (message) ctx.addIssue({ code: 'custom', message });
        })
        .nullable(),
    )
    .optional();
}

const L = BANK_FIELD_LABELS;
const text = (label: string, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? blankToNull(value.trim()) : value),
    z
      .string({ error: `${label} must be text.` })
      .max(max, `${label} must be at most ${max} characters.`)
      .refine((value) => !value.includes('\u0000'), `${label} cannot contain NUL characters.`)
      .nullable()
      .optional(),
  );

/**
 * The flat bank fields of a profile update, each on its own: format checks only. What a method needs
 * (ACH: routing, account, type; wire: beneficiary, country, currency, IBAN or account, BIC) depends on
 * the profile as it will be, sent fields over stored ones: see `bankDetailsRefusals`.
 */
export const bankFieldsSchema = z.object({
  payout_method: z
    .preprocess(
      blankToNull,
      z.enum(PAYOUT_METHODS, { error: `${L.payout_method} must be one of: ach, wire, check, none.` }),
    )
    .optional(),
  bank_routing_number: bankField(false, L.bank_routing_number, routingProblem),
  bank_account_number: bankField(false, L.bank_account_number, (value) =>
    /^\d{4,17}$/.test(value) ? null : `${L.bank_account_number} must be 4 to 17 digits.`,
  ),
  bank_account_type: bankField(false, L.bank_account_type, (value) =>
    (BANK_ACCOUNT_TYPES as readonly string[]).includes(value)
      ? null
      : `${L.bank_account_type} must be checking or savings.`,
  ),
  beneficiary_name: text(L.beneficiary_name, 140),
  bank_country: bankField(true, L.bank_country, (code) =>
    COUNTRY_CODES.has(code) ? null : `${L.bank_country} must be a two-letter ISO 3166 country code, e.g. KE.`,
  ),
  bank_currency: bankField(true, L.bank_currency, (code) =>
    CURRENCY_CODES.has(code) ? null : `${L.bank_currency} must be a three-letter ISO 4217 currency code, e.g. EUR.`,
  ),
  iban: bankField(true, L.iban, ibanProblem),
  bic: bankField(true, L.bic, (bic) =>
    isValidBic(bic) ? null : `${L.bic} must be 8 or 11 letters and digits, e.g. DEUTDEFF.`,
  ),
  bank_name: text(L.bank_name, 140),
});
export type BankFieldsInput = z.input<typeof bankFieldsSchema>;

function routingProblem(routing: string): string | null {
  if (!/^\d{9}$/.test(routing)) return `${L.bank_routing_number} must be 9 digits.`;
  return isValidAbaRouting(routing)
    ? null
    : `${L.bank_routing_number} is not a valid ABA routing number (check digit).`;
}

function ibanProblem(iban: string): string | null {
  if (isValidIban(iban)) return null;
  const country = iban.slice(0, 2);
  const length = IBAN_LENGTHS[country];
  if (length === undefined) return `${L.iban} must start with the code of a country that uses IBANs.`;
  if (length !== iban.length) return `${L.iban} for ${country} must be ${length} characters.`;
  return `${L.iban} is not valid (check digits).`;
}

/** Bank details as stored (decrypted) or as they will be after an update: null when not set. */
export type BankDetails = { payout_method: PayoutMethod } & {
  [K in Exclude<BankField, 'payout_method'>]: string | null;
};

export const NO_BANK_DETAILS: BankDetails = {
  payout_method: 'none',
  bank_routing_number: null,
  bank_account_number: null,
  bank_account_type: null,
  beneficiary_name: null,
  bank_country: null,
  bank_currency: null,
  iban: null,
  bic: null,
  bank_name: null,
};

/**
 * What the chosen method still lacks or contradicts, as 422 field messages (empty when the details
 * can pay). Run on the profile as it will be: stored details with the sent fields over them.
 */
export function bankDetailsRefusals(details: BankDetails): FieldErrors {
  const errors: FieldErrors = {};
  const need = (field: BankField, message = `${L[field]} is required for ${methodName(details.payout_method)}.`) => {
    if (details[field] === null) errors[field] = [message];
  };
  if (details.payout_method === 'ach') {
    need('bank_routing_number');
    need('bank_account_number');
    need('bank_account_type');
  }
  if (details.payout_method === 'wire') {
    need('beneficiary_name');
    need('bank_country');
    need('bank_currency');
    need('bic');
    wireAccountRefusal(details, errors);
  }
  return errors;
}

function wireAccountRefusal(details: BankDetails, errors: FieldErrors): void {
  const country = details.bank_country;
  const usesIban = country !== null && IBAN_LENGTHS[country] !== undefined;
  if (details.iban === null) {
    if (usesIban) errors.iban = [`${L.iban} is required for a wire to ${country}.`];
    else if (details.bank_account_number === null)
      errors.iban = [`Enter an ${L.iban} or an account number for a wire.`];
    return;
  }
  if (country !== null && details.iban.slice(0, 2) !== country) {
    errors.iban = [`${L.iban} is for ${details.iban.slice(0, 2)}, but the bank country is ${country}.`];
  }
}

function methodName(method: PayoutMethod): string {
  return method === 'ach' ? 'ACH' : method === 'wire' ? 'a wire' : method;
}

/**
 * Parsed fields laid over stored details: an absent field keeps the stored value, a cleared one
 * (null) clears it.
 */
export function mergeBankDetails(stored: BankDetails, update: z.output<typeof bankFieldsSchema>): BankDetails {
  const merged: BankDetails = { ...stored };
  if (update.payout_method !== undefined) merged.payout_method = update.payout_method;
  for (const field of Object.keys(BANK_FIELD_LABELS) as BankField[]) {
    if (field === 'payout_method') continue;
    const value = update[field];
    if (value !== undefined) merged[field] = value;
  }
  return merged;
}

/**
 * The bank fields checked on their own and, when the method is sent, together (a form sends them all):
 * for an API update of some fields, parse with `bankFieldsSchema` and check the merged profile.
 */
export const bankDetailsSchema = bankFieldsSchema.superRefine((values, ctx) => {
  if (values.payout_method === undefined) return;
  const refusals = bankDetailsRefusals(mergeBankDetails(NO_BANK_DETAILS, values));
  for (const [field, messages] of Object.entries(refusals)) {
    for (const message of messages) ctx.addIssue({ code: 'custom', path: [field], message });
  }
});
