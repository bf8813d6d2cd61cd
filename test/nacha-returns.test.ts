import fs from 'node:fs';
import path from 'node:path';
import { type NachaInput, nachaTraceNumbers, writeNachaFile } from '../src/domain/payments/nacha';
import { readAchReturnFile } from '../src/domain/payments/nacha-returns';
import { ACH_RETURN_REASONS, returnReason, WIRE_RETURN_REASONS } from '../src/domain/payments/return-reasons';

/**
 * Reading what the bank sends back: public return and change files (test/fixtures/nacha/README.md),
 * and a return of Sheepfold's own entry built by hand as the receiving bank would (the entry with
 * transaction code 21, an addenda 99 naming the original trace number).
 */
const fixture = (name: string) => fs.readFileSync(path.resolve(import.meta.dirname, 'fixtures/nacha', name), 'latin1');

describe('readAchReturnFile', () => {
  it('reads a notification of change (addenda 98, C01: the account number to use)', () => {
    expect(readAchReturnFile(fixture('examples__cor-read.ach'))).toEqual({
      problems: [],
      notices: [
        {
          kind: 'change',
          code: 'C01',
          reason: 'Incorrect DFI account number',
          original_trace: '121042880000001',
          amount: 0,
          routing_number: '231380104',
          account_number: '744-5678-99',
          payee_id: 'location #23',
          payee_name: 'Best Co. #23',
          date_of_death: null,
          corrected_data: '1918171614',
        },
      ],
    });
  });

  it('reads dishonored returns (addenda 99, R68) with their amounts', () => {
    const { notices, problems } = readAchReturnFile(fixture('examples__dishonored-return.ach'));
    expect(problems).toEqual([]);
    expect(notices.map((n) => [n.kind, n.code, n.reason, n.original_trace, n.amount, n.payee_name])).toEqual([
      ['return', 'R68', 'Untimely return', '059999990000301', 25000, 'Wade Arnold'],
      ['return', 'R68', 'Untimely return', '059999990000301', 23000, 'Adam Decaf'],
    ]);
  });

  it("finds the batch line of a return of Sheepfold's own entry by its trace number", () => {
    const input: NachaInput = {
      settings: {
        company_name: 'Sheepfold Mission',
        company_id: '1123456789',
        origin_routing_number: '021000021',
        origin_bank_name: 'JPMorgan Chase',
        destination_routing_number: '021000021',
        destination_bank_name: 'JPMorgan Chase',
        offset_account_number: '987654321',
        offset_account_type: 'checking',
      },
      mat_date: '2026-11-30',
      created_on: '2026-11-27',
      created_at_time: '1200',
      entries: [
        {
          payee_id: '1001',
          payee_name: 'Ruth Okafor',
          payee_kind: 'individual',
          routing_number: '122105278',
          account_number: '123456789',
          account_type: 'checking',
          amount: 285000,
          prenote: false,
        },
        {
          payee_id: 'ORG-7',
          payee_name: 'Global Insurers',
          payee_kind: 'organisation',
          routing_number: '322271627',
          account_number: '700012345',
          account_type: 'checking',
          amount: 45000,
          prenote: false,
        },
        {
          payee_id: '1002',
          payee_name: 'Zoë Weiß',
          payee_kind: 'individual',
          routing_number: '026009593',
          account_number: '4444555566',
          account_type: 'savings',
          amount: 150050,
          prenote: false,
        },
      ],
    };
    // PPD: Ruth 1, Zoë 2, offset 3; CCD: insurer 4, offset 5.
    expect(nachaTraceNumbers(input)).toEqual([
      { payee_id: '1001', trace: '021000020000001' },
      { payee_id: '1002', trace: '021000020000002' },
      { payee_id: 'ORG-7', trace: '021000020000004' },
    ]);
    const sent = writeNachaFile(input).split('\n');
    const zoe = sent.find((line) => line.endsWith('021000020000002'));
    expect(zoe).toBeDefined();
    // The bank's return: code 32 (savings credit) comes back as 31, with an R03 addenda (positions
    // 4-6 code, 7-21 original trace, 22-27 date of death, 28-35 original receiving bank, 80-94 trace).
    const returned = `631${zoe?.slice(3, 79)}1026009590000017`;
    const addenda = `799R03021000020000002      02600959${' '.repeat(44)}026009590000017`;
    const file = [sent[0], sent[1], returned, addenda, sent[6], sent[11]].join('\n');
    const { notices } = readAchReturnFile(file);
    expect(notices).toMatchObject([
      {
        kind: 'return',
        code: 'R03',
        reason: 'No account, or unable to locate account',
        original_trace: '021000020000002',
        amount: 150050,
        payee_id: '1002',
        payee_name: 'ZOE WEISS',
      },
    ]);
  });

  it('reads a date of death (R15) and tolerates right-trimmed lines', () => {
    const entry = '621122105278123456789        00002850001001           RUTH OKAFOR             1091000010000001';
    const addenda = '799R15021000020000001261102122105278'.trimEnd();
    const { notices } = readAchReturnFile([entry, addenda].join('\r\n'));
    expect(notices).toMatchObject([
      { code: 'R15', reason: 'Beneficiary or account holder deceased', date_of_death: '2026-11-02' },
    ]);
  });

  it('says what it could not read', () => {
    const entry = '621122105278123456789        00002850001001           RUTH OKAFOR             1091000010000001';
    const { notices, problems } = readAchReturnFile([entry, '799XYZ', 'Z nonsense', entry, '8200'].join('\n'));
    expect(notices).toEqual([]);
    expect(problems).toEqual([
      'line 2: an addenda record that cannot be read as a return',
      'line 3: record type "Z" is not NACHA',
      'line 1: an entry without a return or change addenda',
      'line 4: an entry without a return or change addenda',
    ]);
  });
});

describe('return reasons', () => {
  it('has every NACHA return code from R01 to R85 that is in use, and no other', () => {
    const codes = Object.keys(ACH_RETURN_REASONS);
    expect(codes).toHaveLength(70); // R01–R47 (47) + R50–R53 (4) + R61, R62 (2) + R67–R77 (11) + R80–R85 (6)
    expect(codes.every((code) => /^R(0[1-9]|[1-7]\d|8[0-5])$/.test(code))).toBe(true);
  });

  it.each([
    ['ach', 'R01', 'Insufficient funds'],
    ['ach', 'r03', 'No account, or unable to locate account'],
    ['ach', 'R99', null],
    ['ach', 'AC01', null],
    ['wire', 'AC04', 'Closed account number'],
    ['wire', 'R01', null],
  ] as const)('%s %s → %s', (method, code, reason) => {
    expect(returnReason(method, code)).toBe(reason);
  });

  it('wire codes are ISO 20022 four-character codes', () => {
    expect(Object.keys(WIRE_RETURN_REASONS).every((code) => /^[A-Z]{2}[A-Z0-9]{2}$/.test(code))).toBe(true);
  });
});
