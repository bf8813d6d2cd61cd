import {
  type ReadEntry,
  readAplos,
  readIif,
  readIntacct,
  readQbo,
  readSheepfoldCsv,
  readXero,
  totalsByAccount,
  unbalanced,
} from '../../../test/journal/readers';
import { ACCOUNT_KINDS } from '../../domain/reports/presets/kinds';
import { JOURNAL_FORMATS, type JournalFormat } from '../../domain/reports/presets/layout';
import { closeApp, createHoldAccount, ok, setPayroll, submittedReport } from '../distributions/test-fixtures';
import { seedCategories } from '../test-support/expense-fixtures';
import { createTestApp, expectStatus, type SignedIn, type TestApp } from '../test-support/harness';

/**
 * GET /api/reports/journal and its preview, GET/PUT /api/settings/accounting (docs/reports.md
 * "Accounting presets"): a month with an approval, its reversal, an office payout and a manual
 * adjustment, downloaded in every layout and read back by the independent readers of test/journal.
 */
let t: TestApp;
let admin: SignedIn;
let employee: SignedIn;
let ruth: SignedIn;
let approved: number;
let reversed: number;
let reportId: number;

const RANGE = { from: '2026-10-01', to: '2026-11-30' };

async function approve(user: SignedIn, range: { start_date: string; end_date: string }) {
  const created = await ok(
    t.call('POST', '/api/distribution', {
      token: admin.token,
      json: { user_id: user.id, ...range, hold_account_transactions: [], advance_requests: [] },
    }),
  );
  await ok(t.call('POST', '/api/batch-approve', { token: admin.token, json: { distribution_ids: [created.id] } }));
  return created.id as number;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  employee = await t.signIn('employee');
  ruth = await t.signIn('missionary', { name: 'Ruth Okafor', missionaryNumber: 'M-0012' });
  const boaz = await t.signIn('missionary', { name: 'Boaz Mensah', missionaryNumber: 'M-0013' });
  const categories = await seedCategories(t);
  await setPayroll(t, admin, ruth.id, { fund_balance: 6170.97, tax_status: 'W2', net_salary: 1200 });
  await setPayroll(t, admin, boaz.id, { fund_balance: 900, tax_status: '1099', net_salary: 400 });
  const kenya = await createHoldAccount(t, admin, ruth.id, { balance: 500 });
  approved = await approve(ruth, { start_date: '2026-10-01', end_date: '2026-10-31' });
  reversed = await approve(boaz, { start_date: '2026-10-01', end_date: '2026-10-31' });
  await ok(
    t.call('POST', `/api/distribution/${reversed}/reverse`, { token: admin.token, json: { reason: 'Wrong month' } }),
  );
  const report = await submittedReport(t, ruth, categories, [
    { amount: '133.68' },
    { amount: '50.00', holdAccountId: kenya.id },
  ]);
  reportId = report.id;
  await ok(
    t.call('PATCH', `/api/process-expense-report/${reportId}`, { token: admin.token, form: { payout: '183.68' } }),
  );
  // A manual adjustment of Boaz's fund: a balance move no approval wrote.
  await setPayroll(t, admin, boaz.id, { fund_balance: 950 });
});
afterAll(() => closeApp(t));

async function download(format: JournalFormat, range = RANGE, token = employee.token) {
  return t.call('GET', '/api/reports/journal', { token, query: { format, ...range } });
}

function read(format: JournalFormat, text: string, dimensionColumn = 'GLDIMMISSIONARY'): ReadEntry[] {
  const readers: Record<JournalFormat, (text: string) => ReadEntry[]> = {
    csv: readSheepfoldCsv,
    qbo: readQbo,
    iif: readIif,
    xero: readXero,
    aplos: readAplos,
    intacct: (csv) => readIntacct(csv, dimensionColumn),
  };
  return readers[format](text);
}

describe('GET /api/reports/journal', () => {
  it('writes every layout balanced, with the same stable entries, read back independently', async () => {
    const numbers = new Map<JournalFormat, string[]>();
    for (const format of JOURNAL_FORMATS) {
      const result = await download(format);
      expect(result.status, format).toBe(200);
      expect(result.headers['content-disposition']).toContain(`journal_${format}_2026-10-01_to_2026-11-30.`);
      expect(result.headers['x-unmapped-accounts']).toBe(ACCOUNT_KINDS.join(','));
      const entries = read(format, result.raw.toString('utf8'));
      expect(unbalanced(entries), format).toEqual([]);
      numbers.set(format, entries.map((e) => e.number).sort());
    }
    const expected = numbers.get('csv') ?? [];
    expect(expected).toEqual(
      expect.arrayContaining([`MAT-${approved}`, `MAT-${reversed}`, `REV-${reversed}`, `PAYOUT-${reportId}`]),
    );
    expect(expected.some((n) => n.startsWith('J-'))).toBe(true);
    for (const format of JOURNAL_FORMATS) expect(numbers.get(format), format).toEqual(expected);
    // Stable: the same entries carry the same numbers when exported again.
    expect(
      read('qbo', (await download('qbo')).raw.toString('utf8'))
        .map((e) => e.number)
        .sort(),
    ).toEqual(expected);
  });

  it('books a reversal as the mirror of its approval and the range’s totals equal the journal CSV’s', async () => {
    const entries = read('csv', (await download('csv')).raw.toString('utf8'));
    const of = (n: string) => entries.find((e) => e.number === n)?.lines.map((l) => [l.account, l.amount]) ?? [];
    expect(of(`REV-${reversed}`)).toEqual(of(`MAT-${reversed}`).map(([account, amount]) => [account, -amount]));
    expect(of(`MAT-${reversed}`).length).toBeGreaterThan(0);
    // The payout's entry is the one of the accounting journal: $133.68 from the fund, $50.00 from Kenya.
    expect(of(`PAYOUT-${reportId}`)).toEqual([
      ['2600-M-0012', 13368],
      ['1000', -13368],
      [expect.stringMatching(/^2500-\d+$/), 5000],
      ['1000', -5000],
    ]);
    const xero = totalsByAccount(read('xero', (await download('xero')).raw.toString('utf8')));
    expect(xero).toEqual(totalsByAccount(entries));
  });

  it('uses the mapped accounts and dimension, and says which kinds stay unmapped', async () => {
    await ok(
      t.call('PUT', '/api/settings/accounting', {
        token: admin.token,
        json: {
          accounts: {
            missionary_funds: { number: '2600', name: 'Missionary Funds' },
            bank_clearing: { number: '1010', name: 'Bank Clearing' },
            reimbursements: { number: '2300', name: 'Reimbursements Payable' },
          },
          dimension: 'Class',
        },
      }),
    );
    const result = await download('intacct');
    expect(result.headers['x-unmapped-accounts']).not.toContain('bank_clearing');
    const entries = read('intacct', result.raw.toString('utf8'), 'CLASSID');
    expect(unbalanced(entries)).toEqual([]);
    const accounts = new Set(entries.flatMap((e) => e.lines.map((l) => l.account)));
    expect(accounts).toContain('2600');
    expect([...accounts].some((a) => a.startsWith('2600-'))).toBe(false);
    expect(entries.flatMap((e) => e.lines).some((l) => l.dimension === 'Ruth Okafor (M-0012)')).toBe(true);
    const preview = await ok(
      t.call('GET', '/api/reports/journal/preview', { token: employee.token, query: { format: 'qbo', ...RANGE } }),
    );
    expect(preview.entries_shown).toBeLessThanOrEqual(5);
    expect(preview.entry_count).toBe(entries.length);
    expect(preview.total_debit).toBe(preview.total_credit);
    expect(preview.unmapped).not.toContain('missionary_funds');
    expect(preview.header).toEqual([
      ['JournalNo', 'JournalDate', 'AccountName', 'Debits', 'Credits', 'Description', 'Name', 'Class'],
    ]);
    await ok(
      t.call('PUT', '/api/settings/accounting', {
        token: admin.token,
        json: { accounts: {}, dimension: 'Missionary' },
      }),
    );
  });

  it('answers an empty range with the header only', async () => {
    const result = await download('qbo', { from: '2020-01-01', to: '2020-01-31' });
    expect(result.raw.toString('utf8')).toBe(
      'JournalNo,JournalDate,AccountName,Debits,Credits,Description,Name,Class\r\n',
    );
  });

  it('refuses bad queries (422), strangers (401) and missionaries (403)', async () => {
    for (const [query, field] of [
      [{ format: 'sage50', ...RANGE }, 'format'],
      [{ format: 'qbo', from: '2026-11-30', to: '2026-11-01' }, 'to'],
      [{ format: 'qbo', from: '2025-01-01', to: '2026-11-30' }, 'to'],
      [{ format: 'qbo', to: '2026-11-30' }, 'from'],
    ] as const) {
      for (const path of ['/api/reports/journal', '/api/reports/journal/preview']) {
        const result = await t.call('GET', path, { token: employee.token, query });
        expect(result.status, JSON.stringify(query)).toBe(422);
        expect(Object.keys(result.body.errors)).toContain(field);
      }
    }
    await expectStatus(t, 401, [
      ['GET', '/api/reports/journal', { query: { format: 'qbo', ...RANGE } }],
      ['GET', '/api/reports/journal/preview', { query: { format: 'qbo', ...RANGE } }],
    ]);
    await expectStatus(t, 403, [
      ['GET', '/api/reports/journal', { token: ruth.token, query: { format: 'qbo', ...RANGE } }],
      ['GET', '/api/reports/journal/preview', { token: ruth.token, query: { format: 'qbo', ...RANGE } }],
    ]);
  });
});

describe('GET and PUT /api/settings/accounting', () => {
  it('starts with nothing mapped, stores a mapping, and gives it back', async () => {
    const initial = await ok(t.call('GET', '/api/settings/accounting', { token: admin.token }));
    expect(initial).toEqual({ accounts: {}, dimension: 'Missionary', unmapped: [...ACCOUNT_KINDS] });
    const body = {
      accounts: { admin_fee_income: { number: ' 4010 ', name: 'Admin Fees' } },
      dimension: 'Missionary',
    };
    const saved = await ok(t.call('PUT', '/api/settings/accounting', { token: admin.token, json: body }));
    expect(saved.accounts).toEqual({ admin_fee_income: { number: '4010', name: 'Admin Fees' } });
    expect(saved.unmapped).toEqual(ACCOUNT_KINDS.filter((k) => k !== 'admin_fee_income'));
    expect(await ok(t.call('GET', '/api/settings/accounting', { token: admin.token }))).toEqual(saved);
  });

  it('refuses bad input with 422 naming the field', async () => {
    const account = { number: '1000', name: 'Cash' };
    for (const [json, field] of [
      [{ accounts: { payroll: account }, dimension: 'Class' }, 'accounts'],
      [
        { accounts: { bank_clearing: { number: '', name: 'Cash' } }, dimension: 'Class' },
        'accounts.bank_clearing.number',
      ],
      [
        { accounts: { bank_clearing: { number: '=1+1', name: 'Cash' } }, dimension: 'Class' },
        'accounts.bank_clearing.number',
      ],
      [
        { accounts: { bank_clearing: { number: '1000', name: 'Ca\tsh' } }, dimension: 'Class' },
        'accounts.bank_clearing.name',
      ],
      [{ accounts: {}, dimension: ' ' }, 'dimension'],
      [{ accounts: {} }, 'dimension'],
    ] as const) {
      const result = await t.call('PUT', '/api/settings/accounting', { token: admin.token, json });
      expect(result.status, JSON.stringify(json)).toBe(422);
      expect(Object.keys(result.body.errors).join(' '), JSON.stringify(json)).toContain(field);
    }
  });

  it('is read by staff and changed by admins only', async () => {
    const json = { accounts: {}, dimension: 'Class' };
    await expectStatus(t, 401, [
      ['GET', '/api/settings/accounting'],
      ['PUT', '/api/settings/accounting', { json }],
    ]);
    const read = await t.call('GET', '/api/settings/accounting', { token: employee.token });
    expect(read.status).toBe(200);
    expect(read.body.unmapped).toBeInstanceOf(Array);
    await expectStatus(t, 403, [
      ['PUT', '/api/settings/accounting', { token: employee.token, json }],
      ['GET', '/api/settings/accounting', { token: ruth.token }],
      ['PUT', '/api/settings/accounting', { token: ruth.token, json }],
    ]);
  });
});
