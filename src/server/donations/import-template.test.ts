import ExcelJS from 'exceljs';
import { IMPORT_COLUMN_HELP, IMPORT_TEMPLATE_COLUMNS } from '../../domain/donations/import-help';
import { readCsv } from '../test-support/downloads';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';

/**
 * GET /api/donation/import-template: the file the import screen offers, read back the way
 * the office would fill it, and imported as it comes back.
 */
let t: TestApp;
let admin: SignedIn;
let employee: SignedIn;
let missionary: SignedIn;
let ruth: SignedIn;
let boaz: SignedIn;

const URL = '/api/donation/import-template';
const HEADERS = IMPORT_TEMPLATE_COLUMNS.map((column) => column.header);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  employee = await t.signIn('employee');
  missionary = await t.signIn('missionary');
  ruth = await t.signIn('missionary', { name: 'Ruth Template', missionaryNumber: 'TPL-1' });
  boaz = await t.signIn('missionary', { name: 'Boaz Template', missionaryNumber: 'TPL-2' });
  const fund = await t.call('POST', '/api/hold-account', {
    token: admin.token,
    json: { user_id: ruth.id, fund_name: 'Ruth Template Car Fund', balance: 0 },
  });
  expect(fund.status).toBe(201);
});
afterAll(() => t.close());

function importFile(name: string, content: Buffer, filename: string, preview = false) {
  return t.call('POST', '/api/donation/denari-upload', {
    token: admin.token,
    multipart: { upload_name: name, ...(preview ? { preview: '1' } : {}), denari: { content, filename } },
  });
}

describe('GET /api/donation/import-template', () => {
  it('CSV (the default): the header row only, UTF-8 with a BOM, as an attachment', async () => {
    const result = await t.call('GET', URL, { token: admin.token });
    expect(result.status).toBe(200);
    expect(result.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(result.headers['content-disposition']).toContain('attachment; filename="donation-import-template.csv"');
    expect([...result.raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(result.raw.toString('utf8').slice(1)).toBe('Fund,Account #,Missionary,Amount,Count\r\n');
    expect(readCsv(result.raw)).toEqual({ header: HEADERS, rows: [] });
  });

  it('Excel: the header on the first sheet, Account # as text, and a Columns sheet with the help', async () => {
    const result = await t.call('GET', URL, { token: admin.token, query: { format: 'xlsx' } });
    expect(result.status).toBe(200);
    expect(result.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(result.headers['content-disposition']).toContain('filename="donation-import-template.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(result.raw).buffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Donations', 'Columns']);
    const [donations, columns] = workbook.worksheets;
    expect(donations.actualRowCount).toBe(1);
    expect((donations.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
    expect(donations.getColumn(2).numFmt).toBe('@');
    const labels: unknown[] = [];
    columns.eachRow((row, number) => {
      if (number > 1) labels.push(row.getCell(1).value);
    });
    expect(labels).toEqual(expect.arrayContaining(IMPORT_COLUMN_HELP.map((entry) => entry.label)));
    const amountRow = IMPORT_COLUMN_HELP.findIndex((entry) => entry.role === 'amount') + 2;
    expect(columns.getRow(amountRow).getCell(4).value).toContain('Gross amount');
  });

  it('takes the token in the query (the browser opens the download)', async () => {
    const result = await t.call('GET', URL, { query: { api_token: admin.token } });
    expect(result.status).toBe(200);
  });

  it('refuses an unknown format (422), no token (401), employees and missionaries (403)', async () => {
    const bad = await t.call('GET', URL, { token: admin.token, query: { format: 'pdf' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ format: ['Format must be csv or xlsx.'] });
    expect((await t.call('GET', URL)).status).toBe(401);
    expect((await t.call('GET', URL, { query: { api_token: 'not-a-token' } })).status).toBe(401);
    for (const caller of [employee, missionary]) {
      const refused = await t.call('GET', URL, { token: caller.token });
      expect(refused.status).toBe(403);
    }
  });
});

describe('the template, filled in, imports as it is', () => {
  it('CSV: each row matched by fund, Account # or name, then imported', async () => {
    const template = (await t.call('GET', URL, { token: admin.token })).raw;
    const filled = Buffer.concat([
      template,
      Buffer.from(
        [
          'Ruth Template Car Fund,,,"1,250.00",3',
          'Personal Support,TPL-2,,480.50,6',
          ',,"Template, Ruth",(25.00),1',
          '',
        ].join('\r\n'),
      ),
    ]);
    const preview = await importFile('Template CSV', filled, 'template.csv', true);
    expect(preview.status).toBe(200);
    expect(preview.body.columns).toMatchObject({ mapping_needed: false, unknown_headers: [] });
    expect(
      preview.body.matched.map((row: { row: number; user_id: number; matched_by: string }) => [
        row.row,
        row.user_id,
        row.matched_by,
      ]),
    ).toEqual([
      [2, ruth.id, 'fund'],
      [3, boaz.id, 'account_number'],
      [4, ruth.id, 'name'],
    ]);
    const imported = await importFile('Template CSV', filled, 'template.csv');
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({ total_count: 3, total_amount: 1705.5 });
  });

  it('Excel: typed cells (numbers, a money format) import the same way', async () => {
    const template = (await t.call('GET', URL, { token: admin.token, query: { format: 'xlsx' } })).raw;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(template).buffer);
    const sheet = workbook.getWorksheet('Donations')!;
    sheet.addRow(['Ruth Template Car Fund', null, null, 99.99, 2]);
    sheet.addRow([null, 'TPL-2', null, 10, 1]);
    const filled = Buffer.from(await workbook.xlsx.writeBuffer());
    const imported = await importFile('Template XLSX', filled, 'template.xlsx');
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({ total_count: 2, total_amount: 109.99 });
    expect(imported.body.totals.by_missionary).toEqual([
      expect.objectContaining({ user_id: boaz.id, general: 10, designated: 0 }),
      expect.objectContaining({ user_id: ruth.id, general: 0, designated: 99.99 }),
    ]);
  });
});
