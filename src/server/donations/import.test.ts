import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import { MESSAGES } from '../../domain/messages';
import { queryRow } from '../db/query-rows';
import { createTestApp, expectStatus, type SignedIn, type TestApp } from '../test-support/harness';

let t: TestApp;
let admin: SignedIn;
let employee: SignedIn;
let missionary: SignedIn;
let ruth: SignedIn;
let boaz: SignedIn;
let jose: SignedIn;
let carFundId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  employee = await t.signIn('employee');
  missionary = await t.signIn('missionary');
  ruth = await t.signIn('missionary', { name: 'Ruth Moabite', missionaryNumber: 'IMP-1' });
  boaz = await t.signIn('missionary', { name: 'Boaz Bethlehem', missionaryNumber: 'IMP-2' });
  jose = await t.signIn('missionary', { name: 'José Núñez', missionaryNumber: 'IMP-3' });
  const fund = await t.call('POST', '/api/hold-account', {
    token: admin.token,
    json: { user_id: ruth.id, fund_name: 'Ruth Car Fund', balance: 0 },
  });
  expect(fund.status).toBe(201);
  carFundId = fund.body.id;
});
afterAll(() => t.close());

let fileSequence = 0;
/** A CSV file; a trailing comment line makes every file's content (and hash) unique. */
function csv(lines: string[], options: { bom?: boolean; encoding?: 'utf8' | 'latin1'; unique?: boolean } = {}) {
  fileSequence += 1;
  const body = [...lines, ...(options.unique === false ? [] : [`,,,,#${fileSequence}-${Math.random()}`])].join('\r\n');
  const bytes = Buffer.from(body, options.encoding ?? 'utf8');
  return options.bom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]) : bytes;
}

const HEADER = 'Fund,Account #,Missionary,Amount,Count,Note';

let uploadSequence = 0;
/** Upload names are unique (decision 12, docs/decisions.md): the first upload is "November 2026", later ones numbered. */
function upload(content: Buffer, fields: Record<string, string> = {}, filename = 'denari.csv', fileField = 'denari') {
  uploadSequence += 1;
  const name = uploadSequence === 1 ? 'November 2026' : `November 2026 #${uploadSequence}`;
  return t.call('POST', '/api/donation/denari-upload', {
    token: admin.token,
    multipart: { upload_name: name, ...fields, [fileField]: { content, filename, type: 'text/csv' } },
  });
}

/** An upload's donations as GET /donation answers them, in file order. */
async function storedRows(uploadName: string) {
  const listed = await t.call('GET', '/api/donation', { token: admin.token, query: { upload_name: uploadName } });
  return [...listed.body].sort((a: { id: number }, b: { id: number }) => a.id - b.id);
}

const COUNT = z.object({ n: z.coerce.number() });

async function donationCount(): Promise<number> {
  return (await queryRow(t.ctx.db, sql`select count(*)::int as n from donations`, COUNT)).n;
}

function lines(...rows: string[]): string[] {
  return [HEADER, ...rows.map((row) => `${row},`)];
}

describe('POST /api/donation/denari-upload', () => {
  it('imports at once in one transaction and answers with a summary', async () => {
    const before = await donationCount();
    const file = csv(
      lines('Ruth Car Fund,,,"1,234.50",3', ',IMP-2,,$12,1', ',,"Moabite, Ruth",(3.45),1', 'General,IMP-2,,0.55,2'),
      { unique: false },
    );
    const result = await upload(file);
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({
      message: MESSAGES.importPosted,
      file: 'denari.csv',
      upload_name: 'November 2026',
      total_count: 4,
      // 1234.50 + 12.00 - 3.45 + 0.55 = 1243.60
      total_amount: 1243.6,
    });
    expect(result.body.id).toEqual(expect.any(Number));
    // Decision 12 (docs/decisions.md): the answer is a summary, never every row.
    expect(result.body).not.toHaveProperty('donations');
    expect(await storedRows('November 2026')).toEqual([
      expect.objectContaining({
        amount: 1234.5,
        count: 3,
        user_id: ruth.id,
        user_name: 'Ruth Moabite',
        fund_name: 'Ruth Car Fund',
        hold_account_id: carFundId,
        approved: 0,
        upload_name: 'November 2026',
      }),
      expect.objectContaining({ amount: 12, count: 1, user_id: boaz.id, hold_account_id: null, fund_name: null }),
      expect.objectContaining({ amount: -3.45, user_id: ruth.id, hold_account_id: null }),
      expect.objectContaining({
        amount: 0.55,
        count: 2,
        user_id: boaz.id,
        fund_name: 'General',
        hold_account_id: null,
      }),
    ]);
    expect(result.body.totals.grand).toEqual({
      rows: 4,
      matched_rows: 4,
      problem_rows: 0,
      count: 7,
      skipped_rows: 0,
      skipped_count: 0,
      skipped_total: 0,
      warning_rows: 0,
      donors: 0,
      file_total: 1243.6,
      matched_total: 1243.6,
    });
    expect(await donationCount()).toBe(before + 4);
    // Importing does not move hold-account balances: designated donations are deposited by a distribution.
    const account = await t.call('GET', `/api/hold-account/${carFundId}`, { token: admin.token });
    expect(account.body.balance).toBe(0);

    // The same file again is refused, even under another name, and writes nothing.
    const again = await upload(file, { upload_name: 'Another name' });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^This file was already imported on \d{2}\/\d{2}\/\d{4} as "November 2026"\.$/);
    const preview = await upload(file, { preview: '1' });
    expect(preview.status).toBe(409);
    expect(await donationCount()).toBe(before + 4);
  });

  it('with preview=1 returns matched rows, problems with row numbers and control totals, and writes nothing', async () => {
    const before = await donationCount();
    const file = csv([
      HEADER,
      'Ruth Car Fund,,,100.00,2,',
      '',
      'Unknown Fund,,,5.00,1,',
      ',IMP-2,,abc,1,',
      ',IMP-3,,20,1,',
    ]);
    const result = await upload(file, { preview: '1' });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      preview: true,
      can_import: false,
      total_count: 5,
      format: 'csv',
      encoding: 'utf-8',
    });
    expect(result.body.ignored_headers).toEqual(['Note']);
    expect(result.body.matched.map((row: { row: number }) => row.row)).toEqual([2, 6]);
    expect(result.body.problems).toEqual([
      {
        row: 4,
        fund_name: 'Unknown Fund',
        account_number: null,
        name: null,
        donor: null,
        amount: '5.00',
        reasons: ['No hold account is named "Unknown Fund", and the row has no Account # or Missionary column.'],
      },
      {
        row: 5,
        fund_name: null,
        account_number: 'IMP-2',
        name: null,
        donor: null,
        amount: 'abc',
        reasons: ['Amount "abc" is not a dollar amount (at most 2 decimals).'],
      },
      // the uniqueness line of the helper has no amount
      expect.objectContaining({ row: 7, reasons: expect.arrayContaining(['Amount is missing.']) }),
    ]);
    expect(result.body.totals.by_missionary).toEqual([
      {
        user_id: jose.id,
        user_name: 'José Núñez',
        missionary_number: 'IMP-3',
        rows: 1,
        count: 1,
        donors: 0,
        general: 20,
        designated: 0,
        total: 20,
      },
      {
        user_id: ruth.id,
        user_name: 'Ruth Moabite',
        missionary_number: 'IMP-1',
        rows: 1,
        count: 2,
        donors: 0,
        general: 0,
        designated: 100,
        total: 100,
      },
    ]);
    // 100 + 5 + 20 = 125 readable in the file; 120 matched
    expect(result.body.totals.grand).toMatchObject({
      rows: 5,
      matched_rows: 2,
      problem_rows: 3,
      file_total: 125,
      matched_total: 120,
    });
    expect(await donationCount()).toBe(before);
  });

  it('refuses the whole import when any row is unmatched or invalid, listing the rows (422, nothing written)', async () => {
    const before = await donationCount();
    const file = csv(lines('Ruth Car Fund,,,10,1', 'Nope Fund,,,5,1', ',IMP-2,,12.345,1'), { unique: false });
    const result = await upload(file);
    expect(result.status).toBe(422);
    expect(result.body.message).toBe('2 rows could not be matched or read. Nothing was imported.');
    expect(result.body.errors.denari).toEqual([result.body.message]);
    expect(result.body.problems.map((row: { row: number; reasons: string[] }) => [row.row, row.reasons])).toEqual([
      [3, ['No hold account is named "Nope Fund", and the row has no Account # or Missionary column.']],
      [4, ['Amount "12.345" is not a dollar amount (at most 2 decimals).']],
    ]);
    expect(await donationCount()).toBe(before);
    // Fixing the file makes it importable (a refused file is not remembered as imported).
    const fixed = csv(lines('Ruth Car Fund,,,10,1', 'Ruth Car Fund,,,5,1', ',IMP-2,,12.35,1'), { unique: false });
    const imported = await upload(fixed);
    expect(imported.status).toBe(201);
    expect(imported.body.total_count).toBe(3);
  });

  it('reads UTF-8 with a byte-order mark', async () => {
    const result = await upload(csv(['Missionary,Amount', 'José Núñez,10.00'], { bom: true, unique: false }), {
      preview: '1',
    });
    expect(result.status).toBe(200);
    expect(result.body.encoding).toBe('utf-8-bom');
    expect(result.body.matched).toEqual([expect.objectContaining({ row: 2, user_id: jose.id, amount: 10 })]);
    expect(result.body.problems).toEqual([]);
  });

  it('reads Windows-1252 ("José" as 4A 6F 73 E9) and imports it', async () => {
    const bytes = Buffer.concat([
      Buffer.from('Missionary;Amount;Count\r\n'),
      Buffer.from([0x4a, 0x6f, 0x73, 0xe9, 0x20, 0x4e, 0xfa, 0xf1, 0x65, 0x7a]), // "José Núñez" in 1252
      Buffer.from(';7.25;1\r\n'),
    ]);
    const preview = await upload(bytes, { preview: '1' });
    expect(preview.status).toBe(200);
    expect(preview.body.encoding).toBe('windows-1252');
    expect(preview.body.matched).toEqual([expect.objectContaining({ user_name: 'José Núñez', amount: 7.25 })]);
    const result = await upload(bytes, { upload_name: 'Latin file' });
    expect(result.status).toBe(201);
    expect((await storedRows(result.body.upload_name))[0]).toMatchObject({ user_id: jose.id, amount: 7.25 });
  });

  it('skips blank lines but keeps the file line numbers for problems', async () => {
    const file = Buffer.from('\r\n\r\nAmount,Account #\r\n\r\n5,IMP-1\r\n,,\r\n\r\n6,NOPE\r\n');
    const result = await upload(file, { preview: '1' });
    expect(result.status).toBe(200);
    expect(result.body.matched.map((row: { row: number }) => row.row)).toEqual([5]);
    expect(result.body.problems).toEqual([
      expect.objectContaining({ row: 8, reasons: ['No missionary has Account # "NOPE".'] }),
    ]);
  });

  it('imports an Excel (.xlsx) file, reading numbers, text and formulas', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Donations');
    sheet.addRow(['FUND NAME', 'Missionary Number', 'Total', 'Gifts']);
    sheet.addRow(['Ruth Car Fund', null, 250.75, 2]);
    sheet.addRow([]);
    sheet.addRow([null, 'IMP-2', '$1,000.00', 4]);
    sheet.addRow([null, 'IMP-3', { formula: 'B1', result: 19.99 }, 1]);
    const content = Buffer.from(await workbook.xlsx.writeBuffer());
    const result = await upload(content, { upload_name: 'Excel month' }, 'export.xlsx');
    expect(result.status).toBe(201);
    expect(await storedRows(result.body.upload_name)).toEqual([
      expect.objectContaining({ amount: 250.75, count: 2, hold_account_id: carFundId, user_id: ruth.id }),
      expect.objectContaining({ amount: 1000, count: 4, user_id: boaz.id }),
      expect.objectContaining({ amount: 19.99, count: 1, user_id: jose.id }),
    ]);

    // A float that is not a whole number of cents is reported with its sheet row number.
    const bad = new ExcelJS.Workbook();
    const badSheet = bad.addWorksheet('Sheet1');
    badSheet.addRow(['Account #', 'Amount']);
    badSheet.addRow(['IMP-1', 0.1 + 0.2]);
    const refused = await upload(Buffer.from(await bad.xlsx.writeBuffer()), {}, 'bad.xlsx');
    expect(refused.status).toBe(422);
    expect(refused.body.problems).toEqual([
      expect.objectContaining({
        row: 2,
        reasons: ['Amount "0.30000000000000004" is not a dollar amount (at most 2 decimals).'],
      }),
    ]);
  });

  it('accepts the file in the field `file` too', async () => {
    const result = await upload(
      csv(['Account #,Amount', 'IMP-1,1.00'], { unique: false }),
      { preview: '1' },
      'x.csv',
      'file',
    );
    expect(result.status).toBe(200);
    expect(result.body.matched).toHaveLength(1);
  });

  it.each([
    [{ upload_name: '' }, true, { upload_name: [MESSAGES.uploadNameRequired] }],
    [{ upload_name: '   ' }, true, { upload_name: [MESSAGES.uploadNameRequired] }],
    [{ upload_name: 'Month' }, false, { denari: [MESSAGES.noFileChosen] }],
    [{}, false, { upload_name: [MESSAGES.uploadNameRequired], denari: [MESSAGES.noFileChosen] }],
  ])('validates %j (file: %s)', async (fields, withFile, errors) => {
    const multipart: Record<string, string | { content: Buffer; filename: string }> = { ...fields };
    if (withFile) multipart.denari = { content: csv(['Amount,Name', '1,Ruth Moabite']), filename: 'a.csv' };
    const result = await t.call('POST', '/api/donation/denari-upload', { token: admin.token, multipart });
    expect(result.status).toBe(422);
    expect(result.body.errors).toEqual(errors);
    expect(result.body.message).toBe(Object.values(errors)[0][0]);
  });

  it.each([
    [Buffer.from(''), 'x.csv', 'The file is empty.'],
    [Buffer.from('\r\n\r\n'), 'x.csv', 'The file is empty.'],
    [Buffer.from('Fund,Amount\r\n\r\n'), 'x.csv', 'The file has a header row but no donation rows.'],
    [Buffer.from('Fund,Amount\r\n"unclosed,1\r\n'), 'x.csv', 'The file could not be read as CSV'],
    [Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0, 0, 0]), 'old.xls', 'Old Excel files (.xls) cannot be read.'],
    [Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'broken.xlsx', 'The Excel file could not be opened.'],
  ])('refuses an unreadable file %#', async (content, filename, message) => {
    const result = await upload(content, { preview: '1' }, filename);
    expect(result.status).toBe(422);
    expect(result.body.errors.denari.join(' ')).toContain(message);
  });

  it('answers 401 without a token and 403 for employees and missionaries', async () => {
    const multipart = {
      upload_name: 'x',
      denari: { content: csv(['Amount,Name', '1,Ruth Moabite']), filename: 'a.csv' },
    };
    await expectStatus(t, 401, [['POST', '/api/donation/denari-upload', { multipart }]]);
    await expectStatus(t, 403, [
      ['POST', '/api/donation/denari-upload', { token: employee.token, multipart }],
      ['POST', '/api/donation/denari-upload', { token: missionary.token, multipart }],
    ]);
  });

  it('writes nothing when the database fails halfway through the rows', async () => {
    // 12,000 rows is three insert statements; a real trigger makes the database refuse row 11,000.
    const rows = Array.from({ length: 12_000 }, (_, index) => `,IMP-2,,${index + 1}.00,1,`);
    const file = csv([HEADER, ...rows], { unique: false });
    await t.ctx.db.execute(sql`
      create function refuse_donation() returns trigger language plpgsql as $$
      begin
        if new.amount = 11000 then raise exception 'disk full (simulated)'; end if;
        return new;
      end $$`);
    await t.ctx.db.execute(
      sql`create trigger refuse_donation before insert on donations for each row execute function refuse_donation()`,
    );
    const before = await donationCount();
    const uploadsBefore = await queryRow(t.ctx.db, sql`select count(*)::int as n from donation_uploads`, COUNT);
    try {
      const failed = await upload(file, { upload_name: 'Halfway' });
      expect(failed.status).toBe(500);
      expect(failed.body.message).toBe(MESSAGES.somethingWentWrong);
    } finally {
      await t.ctx.db.execute(sql`drop trigger refuse_donation on donations`);
      await t.ctx.db.execute(sql`drop function refuse_donation()`);
    }
    expect(await donationCount()).toBe(before);
    const uploadsAfter = await queryRow(t.ctx.db, sql`select count(*)::int as n from donation_uploads`, COUNT);
    expect(uploadsAfter).toEqual(uploadsBefore);
    // Nothing remembered: the same file imports once the database works again.
    const retried = await upload(file, { upload_name: 'Halfway' });
    expect(retried.status).toBe(201);
    expect(retried.body.total_count).toBe(12_000);
    expect(await donationCount()).toBe(before + 12_000);
  });
});
