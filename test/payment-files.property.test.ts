import fc from 'fast-check';
import type { BankAccountType } from '../src/domain/payments/bank-details';
import { type CheckPayment, checkRegisterTable } from '../src/domain/payments/check-register';
import { type NachaEntry, type NachaSettings, writeNachaFile } from '../src/domain/payments/nacha';
import { abaChecks, readNacha } from '../src/domain/payments/nacha-reader.test-support';
import { type Pain001Transfer, writePain001 } from '../src/domain/payments/pain001';
import { columnTotals } from '../src/domain/reports/table';
import { checkPain001 } from './support/pain001-check';

/**
 * Any batch of payees — ACH, wire or check, individuals and organisations, prenotes, any currency,
 * names with accents and in other scripts — gives files that the independent checks accept, with
 * totals equal to the inputs to the cent. Routing numbers and IBANs are made valid here, by the test's
 * own arithmetic.
 */
const NAMES = [
  'Ruth Okafor',
  'Zoë Łukasiewicz-Øberg',
  'Jürgen Weiß',
  'Дмитрий Шостакович',
  '山田 太郎',
  'محمد',
  'Γιώργος',
  "O'Brien & Sons, Ltd.",
  '=HYPERLINK("x")',
  'Nguyễn Thị',
];

const routing = fc
  .tuple(
    fc.constantFrom('01', '02', '07', '11', '12', '21', '26', '32', '61', '72'),
    fc.integer({ min: 0, max: 999_999 }),
  )
  .map(([prefix, rest]) => {
    const first8 = `${prefix}${String(rest).padStart(6, '0')}`;
    const digit = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].find((d) => abaChecks(`${first8}${d}`));
    return `${first8}${digit}`;
  });

/** A German IBAN for an 18-digit BBAN: check digits 98 − (BBAN + "DE00" in digits) mod 97. */
const germanIban = fc.bigInt({ min: 0n, max: 10n ** 18n - 1n }).map((value) => {
  const bban = value.toString().padStart(18, '0');
  const check = 98n - (BigInt(`${bban}131400`) % 97n);
  return `DE${String(check).padStart(2, '0')}${bban}`;
});

const name = fc.oneof(fc.constantFrom(...NAMES), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }));
const accountType = fc.constantFrom<BankAccountType>('checking', 'savings');

const achPayee = fc.record({
  payee_name: name,
  payee_kind: fc.constantFrom<'individual' | 'organisation'>('individual', 'individual', 'organisation'),
  routing_number: routing,
  account_number: fc.stringMatching(/^\d{4,17}$/),
  account_type: accountType,
  amount: fc.integer({ min: 1, max: 99_999_999 }),
  prenote: fc.boolean(),
});

const wirePayee = fc.record({
  beneficiary_name: name,
  currency: fc.constantFrom('USD', 'EUR', 'KES', 'JPY', 'BHD', 'GBP'),
  amount_minor: fc.integer({ min: 1, max: 999_999_999 }),
  iban: fc.option(germanIban),
  bic: fc.constantFrom('DEUTDEFF', 'KCBLKENX', 'NEDSZAJJXXX', 'MHCBJPJT'),
  charset: fc.constantFrom<'swift' | 'unicode'>('swift', 'unicode'),
});

const settings: NachaSettings = {
  company_name: 'Sheepfold Mission',
  company_id: '1123456789',
  origin_routing_number: '021000021',
  origin_bank_name: 'JPMorgan Chase',
  destination_routing_number: '021000021',
  destination_bank_name: 'JPMorgan Chase',
  offset_account_number: null,
  offset_account_type: null,
};

describe('payment files for any batch', () => {
  it('NACHA: the reader accepts it; credits are the paid entries, debits the offsets', () => {
    fc.assert(
      fc.property(fc.array(achPayee, { minLength: 1, maxLength: 40 }), fc.boolean(), (payees, offset) => {
        const entries: NachaEntry[] = payees.map((payee, index) => ({ ...payee, payee_id: String(1000 + index) }));
        const text = writeNachaFile({
          settings: offset
            ? { ...settings, offset_account_number: '987654321', offset_account_type: 'checking' }
            : settings,
          mat_date: '2026-12-25',
          created_on: '2026-12-21',
          created_at_time: '1000',
          entries,
        });
        const reading = readNacha(text);
        expect(reading.problems).toEqual([]);
        const paid = entries.filter((entry) => !entry.prenote).reduce((total, entry) => total + entry.amount, 0);
        expect(reading.totals.credits).toBe(paid);
        expect(reading.totals.debits).toBe(offset ? paid : 0);
        // Every payee appears once, in its batch, with its own amount (0 for a prenote) and an ASCII name.
        const payeeEntries = reading.entries.filter((entry) => entry.id !== 'OFFSET');
        expect(payeeEntries.map((entry) => [entry.id, entry.cents, entry.sec])).toEqual(
          [
            ...entries.filter((e) => e.payee_kind === 'individual'),
            ...entries.filter((e) => e.payee_kind === 'organisation'),
          ].map((entry) => [
            entry.payee_id,
            entry.prenote ? 0 : entry.amount,
            entry.payee_kind === 'individual' ? 'PPD' : 'CCD',
          ]),
        );
        for (const entry of reading.entries) expect(entry.name).toMatch(/^[A-Z0-9 &',\-./]*[A-Z0-9][A-Z0-9 &',\-./]*$/);
        // Christmas 2026 is a Friday: effective Monday 2026-12-28.
        for (const batch of reading.batches) expect(batch.effectiveDate).toBe('261228');
      }),
      { numRuns: 60 },
    );
  }, 30_000);

  it('pain.001: schema-valid, each currency block and the group add up to the inputs', () => {
    fc.assert(
      fc.property(
        fc.array(wirePayee, { minLength: 1, maxLength: 12 }),
        fc.constantFrom<'swift' | 'unicode'>('swift', 'unicode'),
        (payees, charset) => {
          const transfers: Pain001Transfer[] = payees.map((payee, index) => ({
            end_to_end_id: `B1-L${index + 1}`,
            beneficiary_name: payee.beneficiary_name,
            bank_country: payee.iban ? 'DE' : 'KE',
            iban: payee.iban,
            account_number: payee.iban ? null : '01108123456700',
            bic: payee.bic,
            bank_name: null,
            currency: payee.currency,
            amount_minor: payee.amount_minor,
            remittance: `Support ${payee.beneficiary_name}`,
          }));
          const xml = writePain001({
            message_id: 'SF-B1',
            created_at: '2026-12-21T10:00:00Z',
            requested_execution_date: '2026-12-28',
            settings: {
              company_name: 'Sheepfold',
              debtor_name: 'Sheepfold',
              debtor_iban: null,
              debtor_account_number: '987654321',
              debtor_bic: 'CHASUS33',
            },
            transfers,
            charset,
          });
          const reading = checkPain001(xml);
          expect(reading.problems).toEqual([]);
          // Read back per transfer: the amount in minor units (digits without the point) equals the input.
          expect(
            reading.transfers.map((t) => [t.endToEndId, t.currency, Number(t.amount.replace('.', ''))]).sort(),
          ).toEqual(transfers.map((t) => [t.end_to_end_id, t.currency, t.amount_minor]).sort());
        },
      ),
      { numRuns: 25 },
    );
    // 25 runs of xmllint: about 2 s alone, many times that on a busy two-core CI machine.
  }, 60_000);

  it('check register: one row per check payee, the total equal to the checks', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ payee_name: name, amount: fc.integer({ min: 1, max: 99_999_999 }) }), {
          minLength: 1,
          maxLength: 30,
        }),
        (rows) => {
          const payments: CheckPayment[] = rows.map((row, index) => ({
            ...row,
            date: '2026-12-28',
            payee_id: String(index),
            memo: 'Support',
          }));
          const table = checkRegisterTable(payments);
          expect(table.rows).toHaveLength(payments.length);
          expect(columnTotals(table)[4]).toBe(payments.reduce((total, payment) => total + payment.amount, 0));
        },
      ),
    );
  });
});
