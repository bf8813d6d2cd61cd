import { majorUnits, type Pain001Input, type Pain001Transfer, writePain001 } from '../src/domain/payments/pain001';
import { checkPain001, validateWithXmllint } from './support/pain001-check';
import { parseXml, textOf } from './support/xml-tree';

/**
 * pain.001.001.09 files are judged by the published schema (xmllint, test/fixtures/iso20022) and by
 * counts and sums the test adds up itself (test/support/pain001-check.ts); the checker is shown to
 * catch each fault it looks for.
 */
const kenya: Pain001Transfer = {
  end_to_end_id: 'B12-L1',
  beneficiary_name: 'Wanjiru Kamau',
  bank_country: 'KE',
  iban: null,
  account_number: '01108123456700',
  bic: 'KCBLKENX',
  bank_name: 'KCB Bank Kenya',
  currency: 'USD',
  amount_minor: 285000,
  remittance: 'Sheepfold support November 2026',
};
const germany: Pain001Transfer = {
  end_to_end_id: 'B12-L2',
  beneficiary_name: 'Jürgen Weiß & Söhne <GmbH>',
  bank_country: 'DE',
  iban: 'DE89370400440532013000',
  account_number: null,
  bic: 'DEUTDEFF',
  bank_name: 'Deutsche Bank',
  currency: 'EUR',
  amount_minor: 120050,
  remittance: 'Sheepfold support November 2026',
};
const japan: Pain001Transfer = {
  ...kenya,
  end_to_end_id: 'B12-L3',
  beneficiary_name: '山田 太郎',
  bank_country: 'JP',
  bic: 'MHCBJPJT',
  currency: 'JPY',
  amount_minor: 150000,
  bank_name: null,
};
const bahrain: Pain001Transfer = {
  ...kenya,
  end_to_end_id: 'B12-L4',
  beneficiary_name: 'محمد Al-Khalifa',
  bank_country: 'BH',
  iban: 'BH67BMAG00001299123456',
  account_number: null,
  bic: 'BMAGBHBM',
  currency: 'BHD',
  amount_minor: 1234567,
};

const input: Pain001Input = {
  message_id: 'SHEEPFOLD-B12',
  created_at: '2026-11-27T12:00:00Z',
  requested_execution_date: '2026-11-30',
  settings: {
    company_name: 'Sheepfold Mission',
    debtor_name: 'Sheepfold Mission Inc.',
    debtor_iban: null,
    debtor_account_number: '987654321',
    debtor_bic: 'CHASUS33',
  },
  transfers: [kenya, germany, japan, bahrain, { ...kenya, end_to_end_id: 'B12-L5', amount_minor: 1 }],
};

describe('writePain001', () => {
  const xml = writePain001(input);

  it('is valid against the published schema, counts and sums added up by the test', () => {
    const reading = checkPain001(xml);
    expect(reading.problems).toEqual([]);
    // One block per currency, sorted: BHD, EUR, JPY, USD.
    expect(reading.transfers.map((t) => [t.block, t.currency, t.amount])).toEqual([
      ['SHEEPFOLD-B12-BHD', 'BHD', '1234.567'], // 3 decimals
      ['SHEEPFOLD-B12-EUR', 'EUR', '1200.50'],
      ['SHEEPFOLD-B12-JPY', 'JPY', '150000'], // no decimals
      ['SHEEPFOLD-B12-USD', 'USD', '2850.00'],
      ['SHEEPFOLD-B12-USD', 'USD', '0.01'],
    ]);
  });

  it('states the group totals: 5 transfers, 1234.567 + 1200.50 + 150000 + 2850.00 + 0.01 = 155285.077', () => {
    const header = parseXml(xml);
    expect(textOf(header, 'NbOfTxs')).toBe('5');
    expect(textOf(header, 'CtrlSum')).toBe('155285.077');
    expect(xml).toContain('<NbOfTxs>2</NbOfTxs>\n      <CtrlSum>2850.01</CtrlSum>');
  });

  it('writes the debtor, agents, creditor, account and remittance where the schema puts them', () => {
    expect(xml).toContain('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09">');
    expect(xml).toContain('<ReqdExctnDt>\n        <Dt>2026-11-30</Dt>\n      </ReqdExctnDt>');
    expect(xml).toContain('<DbtrAcct>\n        <Id>\n          <Othr>\n            <Id>987654321</Id>');
    expect(xml).toContain('<BICFI>CHASUS33</BICFI>');
    expect(xml).toContain('<InstdAmt Ccy="EUR">1200.50</InstdAmt>');
    expect(xml).toContain('<IBAN>DE89370400440532013000</IBAN>');
    expect(xml).toContain('<Ctry>KE</Ctry>');
    expect(xml).toContain('<Ustrd>Sheepfold support November 2026</Ustrd>');
  });

  it('names in the SWIFT character set by default: transliterated, specials dropped, other scripts replaced', () => {
    const names = checkPain001(xml).transfers.map((t) => t.creditor);
    expect(names).toEqual(['Al-Khalifa', 'Jurgen Weiss Sohne GmbH', 'PAYEE B12-L3', 'Wanjiru Kamau', 'Wanjiru Kamau']);
  });

  it('keeps names as typed with charset unicode, escaped (& < > read back the same), still valid', () => {
    const unicode = writePain001({ ...input, charset: 'unicode' });
    expect(unicode).toContain('<Nm>Jürgen Weiß &amp; Söhne &lt;GmbH&gt;</Nm>');
    const reading = checkPain001(unicode);
    expect(reading.problems).toEqual([]);
    expect(reading.transfers.map((t) => t.creditor)).toEqual([
      'محمد Al-Khalifa',
      'Jürgen Weiß & Söhne <GmbH>',
      '山田 太郎',
      'Wanjiru Kamau',
      'Wanjiru Kamau',
    ]);
  });

  it('cuts names to the schema’s 140 characters (Max140Text), by characters, not UTF-16 units', () => {
    const long = writePain001({
      ...input,
      charset: 'unicode',
      transfers: [{ ...kenya, beneficiary_name: '𠀋'.repeat(150) }],
    });
    expect(checkPain001(long).problems).toEqual([]);
    expect(Array.from(checkPain001(long).transfers[0].creditor)).toHaveLength(140);
  });

  it('drops characters XML cannot hold', () => {
    const odd = writePain001({
      ...input,
      charset: 'unicode',
      transfers: [{ ...kenya, beneficiary_name: 'Ruth\u0000\u0007 Okafor\uD800' }],
    });
    expect(checkPain001(odd).transfers[0].creditor).toBe('Ruth Okafor');
  });

  it.each([
    [1, 'USD', '0.01'],
    [100, 'USD', '1.00'],
    [123456789, 'USD', '1234567.89'],
    [5, 'JPY', '5'],
    [5, 'BHD', '0.005'],
    [10000, 'CLF', '1.0000'],
  ])('%i minor units of %s → %s', (minor, currency, major) => {
    expect(majorUnits(minor, currency)).toBe(major);
  });

  it.each<[string, Partial<Pain001Input>]>([
    ['no transfers', { transfers: [] }],
    ['a duplicate end-to-end id', { transfers: [kenya, kenya] }],
    ['a bad BIC', { transfers: [{ ...kenya, bic: 'KCBLKEN' }] }],
    ['a bad IBAN', { transfers: [{ ...germany, iban: 'DE89370400440532013001' }] }],
    ['no account at all', { transfers: [{ ...kenya, account_number: null }] }],
    ['a zero amount', { transfers: [{ ...kenya, amount_minor: 0 }] }],
    ['a message id over 31 characters', { message_id: 'M'.repeat(32) }],
    ['a creation time without a zone', { created_at: '2026-11-27T12:00:00' }],
    ['no debtor account', { settings: { ...input.settings, debtor_account_number: null } }],
  ])('refuses %s (the routes check first; this is a bug)', (_name, change) => {
    expect(() => writePain001({ ...input, ...change })).toThrow(RangeError);
  });
});

describe('the pain.001 checker catches what it looks for', () => {
  const xml = writePain001(input);

  it.each([
    [
      'a group NbOfTxs that does not count',
      (x: string) => x.replace('<NbOfTxs>5</NbOfTxs>', '<NbOfTxs>4</NbOfTxs>'),
      /GrpHdr NbOfTxs 4, counted 5/,
    ],
    [
      'a group CtrlSum off by a cent',
      (x: string) => x.replace('<CtrlSum>155285.077</CtrlSum>', '<CtrlSum>155285.087</CtrlSum>'),
      /GrpHdr CtrlSum/,
    ],
    [
      'a block CtrlSum off',
      (x: string) => x.replace('<CtrlSum>2850.01</CtrlSum>', '<CtrlSum>2850.00</CtrlSum>'),
      /SHEEPFOLD-B12-USD: CtrlSum/,
    ],
    [
      'too many decimals for JPY',
      (x: string) => x.replace('Ccy="JPY">150000<', 'Ccy="JPY">150000.5<'),
      /not a number of its decimals/,
    ],
    [
      'a BIC the schema refuses',
      (x: string) => x.replace('<BICFI>DEUTDEFF</BICFI>', '<BICFI>DEUTDEF</BICFI>'),
      /BICFI/,
    ],
    [
      'elements out of order',
      (x: string) =>
        x
          .replace('<PmtMtd>TRF</PmtMtd>', '')
          .replace('<NbOfTxs>1</NbOfTxs>', '<NbOfTxs>1</NbOfTxs><PmtMtd>TRF</PmtMtd>'),
      /PmtMtd|NbOfTxs/,
    ],
    [
      'an IBAN that fails mod 97',
      (x: string) => x.replace('DE89370400440532013000', 'DE89370400440532013001'),
      /IBAN fails mod 97/,
    ],
    [
      'a name over 140 characters',
      (x: string) => x.replace('<Nm>Wanjiru Kamau</Nm>', `<Nm>${'x'.repeat(141)}</Nm>`),
      /Nm/,
    ],
  ])('%s', (_name, mutate, reason) => {
    const mutated = mutate(xml);
    expect(mutated).not.toBe(xml);
    const { problems } = checkPain001(mutated);
    expect(
      problems.some((problem) => reason.test(problem)),
      problems.join('\n'),
    ).toBe(true);
  });

  it('runs xmllint for real (a missing xmllint fails this test rather than skipping it)', () => {
    expect(validateWithXmllint('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"/>')).not.toEqual([]);
  });
});
