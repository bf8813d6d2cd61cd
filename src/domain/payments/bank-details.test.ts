import fc from 'fast-check';
import { fieldErrorsOf } from '../errors';
import {
  abaCheckDigit,
  type BankDetails,
  bankDetailsRefusals,
  bankDetailsSchema,
  bankFieldsSchema,
  isValidAbaRouting,
  isValidBic,
  isValidIban,
  maskAccount,
  mergeBankDetails,
  NO_BANK_DETAILS,
  normalizeIban,
} from './bank-details';
import { COUNTRY_CODES, IBAN_LENGTHS } from './iso-codes';

describe('isValidAbaRouting', () => {
  // 3·d1 + 7·d2 + d3 + 3·d4 + 7·d5 + d6 + 3·d7 + 7·d8 + d9 must end in 0.
  it.each([
    ['021000021', true], // JPMorgan Chase NY: 0+14+1+0+0+0+0+14+1 = 30
    ['026009593', true], // Bank of America NY: 0+14+6+0+0+9+15+63+3 = 110
    ['121000358', true], // Bank of America CA: 3+14+1+0+0+0+9+35+8 = 70
    ['122105278', true], // Wells Fargo CA: 3+14+2+3+0+5+6+49+8 = 90
    ['322271627', true], // Chase CA: 9+14+2+6+49+1+18+14+7 = 120
    ['021000022', false], // 30 + 1 = 31
    ['121000359', false], // 71
    ['12100035', false], // 8 digits
    ['1210003580', false], // 10 digits
    ['12100035a', false],
    [' 21000021', false],
    ['000000000', false], // sum 0, but no bank
    ['991000358', false], // prefix 99 is no Federal Reserve district: 27+63+1+0+0+0+9+35+8 = 143 too
    ['501000366', false], // prefix 50 not assigned, although 15+0+1+0+0+0+9+42+6 = 73 → fails anyway
  ])('%s → %s', (routing, valid) => {
    expect(isValidAbaRouting(routing)).toBe(valid);
  });

  it('computes the check digit of the first 8 digits', () => {
    expect(abaCheckDigit('02100002')).toBe(1);
    expect(abaCheckDigit('12100035')).toBe(8);
    expect(abaCheckDigit('02600959')).toBe(3);
  });

  it('refuses a prefix outside the Fed ranges even with a right check digit', () => {
    // 50100000 + its check digit passes the sum but 50 is not a routing prefix.
    const routing = `50100000${abaCheckDigit('50100000')}`;
    expect(routing).toHaveLength(9);
    expect(isValidAbaRouting(routing)).toBe(false);
  });

  it('accepts any 8 digits with a Fed prefix and their computed check digit, and no other 9th digit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 999_999 }), (prefix, rest) => {
        const first8 = `${String(prefix).padStart(2, '0')}${String(rest).padStart(6, '0')}`;
        const digit = abaCheckDigit(first8);
        if (first8 === '00000000') return;
        expect(isValidAbaRouting(`${first8}${digit}`)).toBe(true);
        expect(isValidAbaRouting(`${first8}${(digit + 1) % 10}`)).toBe(false);
      }),
    );
  });
});

describe('isValidIban', () => {
  // Examples from the SWIFT IBAN registry and the ECBS list.
  it.each([
    ['GB82WEST12345698765432', true],
    ['DE89370400440532013000', true],
    ['FR1420041010050500013M02606', true],
    ['NL91ABNA0417164300', true],
    ['BE68539007547034', true],
    ['CH9300762011623852957', true],
    ['NO9386011117947', true], // shortest: 15
    ['MT84MALT011000012345MTLCAST001S', true],
    ['ES9121000418450200051332', true],
    ['IT60X0542811101000000123456', true],
    ['SA0380000000608010167519', true],
    ['BR1800360305000010009795493C1', true],
    ['GB82WEST12345698765431', false], // mod 97 ≠ 1
    ['GB28WEST12345698765432', false], // check digits swapped
    ['DE8937040044053201300', false], // 21 characters, DE has 22
    ['DE893704004405320130000', false], // 23
    ['US64SVBKUS6S3300958879', false], // the US uses no IBAN
    ['gb82west12345698765432', false], // not normalised
    ['GB82 WEST 1234 5698 7654 32', false],
    ['', false],
  ])('%s → %s', (iban, valid) => {
    expect(isValidIban(iban)).toBe(valid);
  });

  it('normalises spaces and case first', () => {
    expect(normalizeIban(' gb82 west 1234 5698 7654 32 ')).toBe('GB82WEST12345698765432');
  });

  it('has registry lengths between 15 (Norway) and 33 (Russia), for real countries', () => {
    for (const [country, length] of Object.entries(IBAN_LENGTHS)) {
      expect(COUNTRY_CODES.has(country), country).toBe(true);
      expect(length).toBeGreaterThanOrEqual(15);
      expect(length).toBeLessThanOrEqual(33);
    }
  });
});

describe('isValidBic', () => {
  it.each([
    ['DEUTDEFF', true], // Deutsche Bank Frankfurt
    ['DEUTDEFF500', true], // with a branch
    ['NEDSZAJJXXX', true], // Nedbank Johannesburg
    ['KCBLKENX', true], // KCB Kenya
    ['CHASUS33', true],
    ['1234DEFF', true], // institution codes may hold digits (ISO 9362:2014)
    ['DEUTDEF', false], // 7
    ['DEUTDEFF50', false], // 10
    ['DEUTDEFF5000', false], // 12
    ['DEUT12FF', false], // country must be letters
    ['DEUTQQFF', false], // QQ is no country
    ['deutdeff', false], // not normalised
  ])('%s → %s', (bic, valid) => {
    expect(isValidBic(bic)).toBe(valid);
  });
});

describe('maskAccount', () => {
  it.each([
    ['123456789', '••••6789'],
    ['4321', '••••4321'],
    ['GB82WEST12345698765432', '••••5432'],
    ['', ''],
    [null, ''],
  ])('%s → %s', (account, masked) => {
    expect(maskAccount(account)).toBe(masked);
  });
});

function errorsOf(input: unknown) {
  const parsed = bankDetailsSchema.safeParse(input);
  return parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
}

describe('bank fields: format, each field named', () => {
  it.each([
    [{ bank_routing_number: '12345678' }, 'bank_routing_number', 'Routing number must be 9 digits.'],
    [
      { bank_routing_number: '021000022' },
      'bank_routing_number',
      'Routing number is not a valid ABA routing number (check digit).',
    ],
    [{ bank_account_number: '123' }, 'bank_account_number', 'Account number must be 4 to 17 digits.'],
    [{ bank_account_number: '123456789012345678' }, 'bank_account_number', 'Account number must be 4 to 17 digits.'],
    [{ bank_account_number: '12-34' }, 'bank_account_number', 'Account number must be 4 to 17 digits.'],
    [{ bank_account_type: 'money market' }, 'bank_account_type', 'Account type must be checking or savings.'],
    [{ bank_country: 'XX' }, 'bank_country', 'Bank country must be a two-letter ISO 3166 country code, e.g. KE.'],
    [{ bank_country: 'KEN' }, 'bank_country', 'Bank country must be a two-letter ISO 3166 country code, e.g. KE.'],
    [{ bank_currency: 'EURO' }, 'bank_currency', 'Currency must be a three-letter ISO 4217 currency code, e.g. EUR.'],
    [{ iban: 'GB82WEST12345698765431' }, 'iban', 'IBAN is not valid (check digits).'],
    [{ iban: 'DE8937040044053201300' }, 'iban', 'IBAN for DE must be 22 characters.'],
    [{ iban: 'US64SVBKUS6S3300958879' }, 'iban', 'IBAN must start with the code of a country that uses IBANs.'],
    [{ bic: 'DEUTDEF' }, 'bic', 'BIC must be 8 or 11 letters and digits, e.g. DEUTDEFF.'],
    [{ payout_method: 'paypal' }, 'payout_method', 'Payout method must be one of: ach, wire, check, none.'],
    [{ beneficiary_name: 'x'.repeat(141) }, 'beneficiary_name', 'Beneficiary name must be at most 140 characters.'],
  ])('%j → %s', (input, field, message) => {
    expect(errorsOf(input)).toEqual({ [field]: [message] });
  });

  it('normalises what people type: spaces, lower case; blank clears', () => {
    const parsed = bankFieldsSchema.parse({
      bank_routing_number: ' 021000021 ',
      iban: 'de89 3704 0044 0532 0130 00',
      bic: 'deutdeff',
      bank_country: 'de',
      bank_currency: 'eur',
      bank_name: '  ',
    });
    expect(parsed).toEqual({
      bank_routing_number: '021000021',
      iban: 'DE89370400440532013000',
      bic: 'DEUTDEFF',
      bank_country: 'DE',
      bank_currency: 'EUR',
      bank_name: null,
    });
  });
});

const ach: BankDetails = {
  ...NO_BANK_DETAILS,
  payout_method: 'ach',
  bank_routing_number: '021000021',
  bank_account_number: '123456789',
  bank_account_type: 'checking',
};
const wire: BankDetails = {
  ...NO_BANK_DETAILS,
  payout_method: 'wire',
  beneficiary_name: 'Jürgen Weiß',
  bank_country: 'DE',
  bank_currency: 'EUR',
  iban: 'DE89370400440532013000',
  bic: 'DEUTDEFF',
  bank_name: 'Deutsche Bank',
};

describe('bankDetailsRefusals: what a method needs', () => {
  it.each<[string, BankDetails, Record<string, string[]>]>([
    ['complete ACH', ach, {}],
    ['complete wire with an IBAN', wire, {}],
    [
      'wire to Kenya with an account number',
      {
        ...wire,
        bank_country: 'KE',
        bank_currency: 'KES',
        iban: null,
        bank_account_number: '01108123456700',
        bic: 'KCBLKENX',
      },
      {},
    ],
    ['check needs nothing', { ...NO_BANK_DETAILS, payout_method: 'check' }, {}],
    ['none needs nothing', NO_BANK_DETAILS, {}],
    [
      'ACH without anything',
      { ...NO_BANK_DETAILS, payout_method: 'ach' },
      {
        bank_routing_number: ['Routing number is required for ACH.'],
        bank_account_number: ['Account number is required for ACH.'],
        bank_account_type: ['Account type is required for ACH.'],
      },
    ],
    [
      'wire without anything',
      { ...NO_BANK_DETAILS, payout_method: 'wire' },
      {
        beneficiary_name: ['Beneficiary name is required for a wire.'],
        bank_country: ['Bank country is required for a wire.'],
        bank_currency: ['Currency is required for a wire.'],
        bic: ['BIC is required for a wire.'],
        iban: ['Enter an IBAN or an account number for a wire.'],
      },
    ],
    [
      'wire to Germany without IBAN',
      { ...wire, iban: null, bank_account_number: '532013000' },
      { iban: ['IBAN is required for a wire to DE.'] },
    ],
    [
      'IBAN of another country',
      { ...wire, bank_country: 'FR' },
      { iban: ['IBAN is for DE, but the bank country is FR.'] },
    ],
  ])('%s', (_name, details, expected) => {
    expect(bankDetailsRefusals(details)).toEqual(expected);
  });

  it('checks the profile as it will be: sent fields over stored ones, null clears', () => {
    const merged = mergeBankDetails(ach, bankFieldsSchema.parse({ bank_account_type: '', bank_name: 'Chase' }));
    expect(merged).toEqual({ ...ach, bank_account_type: null, bank_name: 'Chase' });
    expect(bankDetailsRefusals(merged)).toEqual({ bank_account_type: ['Account type is required for ACH.'] });
  });

  it('the form schema applies them when the method is sent', () => {
    expect(errorsOf({ payout_method: 'ach', bank_routing_number: '021000021' })).toEqual({
      bank_account_number: ['Account number is required for ACH.'],
      bank_account_type: ['Account type is required for ACH.'],
    });
    expect(errorsOf({ ...ach })).toEqual({});
    expect(errorsOf({ ...wire })).toEqual({});
  });
});
