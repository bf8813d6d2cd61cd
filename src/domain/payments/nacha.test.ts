import { type NachaEntry, type NachaInput, writeNachaFile } from './nacha';
import { readNacha } from './nacha-reader.test-support';

/**
 * The writer's files are judged by the independent test reader (nacha-reader.test-support.ts, itself
 * tested on public ACH files in test/nacha-reader.test.ts), and a worked example is spelled out
 * record by record from the layout.
 */
const settings: NachaInput['settings'] = {
  company_name: 'Sheepfold Mission',
  company_id: '1123456789',
  origin_routing_number: '021000021',
  origin_bank_name: 'JPMorgan Chase',
  destination_routing_number: '021000021',
  destination_bank_name: 'JPMorgan Chase',
  offset_account_number: '987654321',
  offset_account_type: 'checking',
};

const ruth: NachaEntry = {
  payee_id: '1001',
  payee_name: 'Ruth Okafor',
  payee_kind: 'individual',
  routing_number: '122105278',
  account_number: '123456789',
  account_type: 'checking',
  amount: 285000,
  prenote: false,
};
const zoe: NachaEntry = {
  ...ruth,
  payee_id: '1002',
  payee_name: 'Zoë Weiß',
  routing_number: '026009593',
  account_number: '4444555566',
  account_type: 'savings',
  amount: 150050,
};
const dmitriy: NachaEntry = {
  ...ruth,
  payee_id: '1003',
  payee_name: 'Дмитрий Шостакович',
  routing_number: '121000358',
  account_number: '55501234',
  amount: 99999, // owed, but paid in a later file: only the prenote goes now
  prenote: true,
};
const insurer: NachaEntry = {
  ...ruth,
  payee_id: 'ORG-7',
  payee_name: 'Global Insurers, Inc.',
  payee_kind: 'organisation',
  routing_number: '322271627',
  account_number: '700012345',
  amount: 45000,
};

const input: NachaInput = {
  settings,
  mat_date: '2026-07-04', // a Saturday and a holiday the Fed does not move: effective Monday 2026-07-06
  created_on: '2026-07-02',
  created_at_time: '0915',
  reference: 'BATCH 12',
  entries: [ruth, zoe, dmitriy, insurer],
};

describe('writeNachaFile: a worked example', () => {
  const text = writeNachaFile(input);
  const lines = text.split('\n');

  it('spells each record as the layout says', () => {
    expect(lines.slice(0, 12)).toEqual([
      // 1, priority 01, ' '+destination, ' '+origin, created 260702 0915, modifier A, 094, 10, 1, names, reference
      '101 021000021 0210000212607020915A094101JPMORGAN CHASE         SHEEPFOLD MISSION      BATCH 12',
      // 5, 200 (credits and the offset debit), company name cut to 16, 20 blank, id, PPD, PAYROLL, "JUL 26", effective 260706, 3 blank, 1, ODFI, batch 1
      '5200SHEEPFOLD MISSIO                    1123456789PPDPAYROLL   JUL 26260706   1021000020000001',
      // 6, 22 checking credit, 12210527 + 8, account, $2,850.00, id, name, 2 blank, 0 addenda, trace
      '622122105278123456789        00002850001001           RUTH OKAFOR             0021000020000001',
      '6320260095934444555566       00001500501002           ZOE WEISS               0021000020000002',
      // 23: a checking prenote, $0 although $999.99 is owed
      '62312100035855501234         00000000001003           DMITRIY SHOSTAKOVICH    0021000020000003',
      // 27: the offset debit of 2,850.00 + 1,500.50 = 4,350.50 to the organisation's own account
      '627021000021987654321        0000435050OFFSET         SHEEPFOLD MISSION       0021000020000004',
      // 8, 200, 4 entries, hash 12210527 + 02600959 + 12100035 + 02100002 = 29011523, debits = credits = 435050
      '820000000400290115230000004350500000004350501123456789                         021000020000001',
      '5200SHEEPFOLD MISSIO                    1123456789CCDPAYMENT   JUL 26260706   1021000020000002',
      '622322271627700012345        0000045000ORG-7          GLOBAL INSURERS, INC.   0021000020000005',
      '627021000021987654321        0000045000OFFSET         SHEEPFOLD MISSION       0021000020000006',
      // hash 32227162 + 02100002 = 34327164
      '820000000200343271640000000450000000000450001123456789                         021000020000002',
      // 9, 2 batches, 2 blocks (12 records → 20), 6 entries, hash 29011523 + 34327164 = 63338687, totals 480050
      `9000002000002000000060063338687000000480050000000480050${' '.repeat(39)}`,
    ]);
  });

  it('fills to a block of 10 with all-9 records and ends with a newline', () => {
    expect(lines).toHaveLength(21);
    expect(lines.slice(12, 20)).toEqual(Array(8).fill('9'.repeat(94)));
    expect(lines[20]).toBe('');
  });

  it('passes the independent reader, totals equal to the inputs', () => {
    const reading = readNacha(text);
    expect(reading.problems).toEqual([]);
    // Credits: 285000 + 150050 + 0 (prenote) + 45000 = 480050; the offsets debit the same.
    expect(reading.totals).toEqual({ batches: 2, entryAndAddenda: 6, debits: 480050, credits: 480050 });
  });
});

describe('writeNachaFile: choices', () => {
  it('without an offset account the batches carry credits only (220), unbalanced', () => {
    const text = writeNachaFile({
      ...input,
      settings: { ...settings, offset_account_number: null, offset_account_type: null },
    });
    const reading = readNacha(text);
    expect(reading.problems).toEqual([]);
    expect(reading.batches.map((batch) => [batch.sec, batch.serviceClass])).toEqual([
      ['PPD', '220'],
      ['CCD', '220'],
    ]);
    expect(reading.totals).toMatchObject({ debits: 0, credits: 480050, entryAndAddenda: 4 });
  });

  it('a savings offset account is debited with code 37', () => {
    const text = writeNachaFile({
      ...input,
      entries: [ruth],
      settings: { ...settings, offset_account_type: 'savings' },
    });
    expect(readNacha(text).entries.map((entry) => [entry.code, entry.cents])).toEqual([
      ['22', 285000],
      ['37', 285000],
    ]);
  });

  it('a batch of prenotes only has no offset (nothing to balance)', () => {
    const text = writeNachaFile({ ...input, entries: [dmitriy, { ...zoe, prenote: true }] });
    const reading = readNacha(text);
    expect(reading.problems).toEqual([]);
    expect(reading.entries.map((entry) => [entry.code, entry.cents])).toEqual([
      ['23', 0],
      ['33', 0],
    ]);
  });

  it('only organisations: one CCD batch', () => {
    const reading = readNacha(writeNachaFile({ ...input, entries: [insurer] }));
    expect(reading.batches.map((batch) => batch.sec)).toEqual(['CCD']);
  });

  it.each([
    ['2026-11-30', '261130'], // a Monday
    ['2026-11-26', '261127'], // Thanksgiving → Friday
    ['2027-07-04', '270706'], // Sunday, observed Monday → Tuesday
  ])('MAT date %s → effective entry date %s', (mat, yymmdd) => {
    expect(readNacha(writeNachaFile({ ...input, mat_date: mat })).batches[0].effectiveDate).toBe(yymmdd);
  });

  it('a name with nothing Latin falls back to the payee id', () => {
    const reading = readNacha(writeNachaFile({ ...input, entries: [{ ...ruth, payee_name: '李伟' }] }));
    expect(reading.entries[0].name).toBe('PAYEE 1001');
  });

  it('exactly 10 records need no fill: 1 + 5 + 6 entries + offset … ', () => {
    // 1 header + 1 batch header + 6 entries + 1 offset + 1 batch control = 10 ; + file control = 11 → 20.
    const six = Array.from({ length: 6 }, (_, i) => ({ ...ruth, payee_id: String(i), amount: 100 + i }));
    const lines = writeNachaFile({ ...input, entries: six })
      .trimEnd()
      .split('\n');
    expect(lines).toHaveLength(20);
    // 5 entries: 1 + 1 + 5 + 1 + 1 + 1 = 10 records, no fill.
    const five = writeNachaFile({ ...input, entries: six.slice(0, 5) })
      .trimEnd()
      .split('\n');
    expect(five).toHaveLength(10);
    expect(five[9].startsWith('9000001000001')).toBe(true);
  });

  it.each<[string, Partial<NachaInput>]>([
    ['no entries', { entries: [] }],
    ['a bad receiving routing number', { entries: [{ ...ruth, routing_number: '122105279' }] }],
    ['a zero amount that is no prenote', { entries: [{ ...ruth, amount: 0 }] }],
    ['a negative amount', { entries: [{ ...ruth, amount: -1 }] }],
    ['an amount over 10 digits', { entries: [{ ...ruth, amount: 10_000_000_000 }] }],
    ['a fractional cent', { entries: [{ ...ruth, amount: 1.5 }] }],
    ['a 9-character company id', { settings: { ...settings, company_id: '123456789' } }],
    ['a bad origin', { settings: { ...settings, origin_routing_number: '021000022' } }],
    ['a bad creation time', { created_at_time: '9:15' }],
    ['a lower-case modifier', { file_id_modifier: 'a' }],
  ])('refuses %s (the caller checks first; this is a bug)', (_name, change) => {
    expect(() => writeNachaFile({ ...input, ...change })).toThrow(RangeError);
  });
});
