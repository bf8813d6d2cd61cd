import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { parseDelimited } from '../../domain/donations/csv';
import { decodeText, detectDelimiter } from '../../domain/donations/text';
import { createTestApp, expectNoChange, type SignedIn, type TestApp } from '../test-support/harness';

/**
 * Decision 24 (docs/decisions.md) through the API: donor-system exports as they come (Realm and Subsplash
 * layouts as their vendors document them, CSV and XLSX), voided and refunded gifts, donors named
 * like missionaries, funds given as Account #, and a Planning-Center-like file that needs a mapping.
 */
let t: TestApp;
let admin: SignedIn;
let employee: SignedIn;
let missionary: SignedIn;
let ruth: SignedIn;
let maria: SignedIn;
let peter: SignedIn;
let vehicleFund: number;
let projectsFund: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  employee = await t.signIn('employee');
  missionary = await t.signIn('missionary');
  ruth = await t.signIn('missionary', { name: 'Ruth Okafor', missionaryNumber: '1001' });
  await t.signIn('missionary', { name: 'Daniel Kim', missionaryNumber: '1002' });
  maria = await t.signIn('missionary', { name: 'Maria Santos', missionaryNumber: '1003' });
  peter = await t.signIn('missionary', { name: 'Peter Novak', missionaryNumber: '1008' });
  const fund = async (userId: number, name: string) => {
    const made = await t.call('POST', '/api/hold-account', {
      token: admin.token,
      json: { user_id: userId, fund_name: name, balance: 0 },
    });
    expect(made.status).toBe(201);
    return made.body.id as number;
  };
  vehicleFund = await fund(ruth.id, 'Okafor Vehicle Fund');
  projectsFund = await fund(maria.id, 'Santos Ministry Projects');
});
afterAll(() => t.close());

const ROOT = path.resolve(import.meta.dirname, '../../..');
const fixture = (name: string) => fs.readFileSync(path.join(ROOT, 'test/fixtures/donor-exports', name));

function cellsOf(content: Buffer): string[][] {
  const { text } = decodeText(content);
  return parseDelimited(text, detectDelimiter(text)).map((row) => row.cells);
}

/** The same rows as an Excel workbook: amounts as numbers, dates as date cells, as spreadsheets keep them. */
async function xlsxOf(content: Buffer): Promise<Buffer> {
  const [header, ...rows] = cellsOf(content);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Gifts');
  sheet.addRow(header);
  for (const row of rows) {
    sheet.addRow(
      row.map((cell, index) => {
        if (/amount/i.test(header[index])) return Number(cell.replaceAll(',', ''));
        const us = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(cell);
        if (us) return new Date(Date.UTC(Number(us[3]), Number(us[1]) - 1, Number(us[2])));
        return cell;
      }),
    );
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function upload(uploadName: string, content: Buffer, fields: Record<string, string> = {}, filename = 'gifts.csv') {
  return t.call('POST', '/api/donation/denari-upload', {
    token: admin.token,
    multipart: { upload_name: uploadName, ...fields, denari: { content, filename, type: 'text/csv' } },
  });
}

/** Stored donations of an upload, summed per (missionary, hold account) in cents. */
async function storedTotals(uploadName: string) {
  const listed = await t.call('GET', '/api/donation', { token: admin.token, query: { upload_name: uploadName } });
  expect(listed.status).toBe(200);
  const totals: Record<string, number> = {};
  for (const row of listed.body as Array<{ user_id: number; hold_account_id: number | null; amount: number }>) {
    const key = `${row.user_id}/${row.hold_account_id ?? 'general'}`;
    totals[key] = (totals[key] ?? 0) + Math.round(row.amount * 100);
  }
  return { totals, rows: listed.body as Array<Record<string, unknown>> };
}

const perMissionary = (body: { totals: { by_missionary: Array<{ user_id: number; count: number; total: number }> } }) =>
  Object.fromEntries(body.totals.by_missionary.map((m) => [m.user_id, [m.count, m.total]]));

describe('Realm-style gift export (Name, Phone, Fund Name, Amount, Type, Gift Date, Check/Ref#, Voided)', () => {
  it('previews donors as donors, the voided gift as skipped, the December gift as a warning', async () => {
    const preview = await upload('November 2026 Realm', fixture('realm.csv'), { preview: '1' });
    expect(preview.status).toBe(200);
    expect(preview.body.can_import).toBe(true);
    expect(preview.body.problems).toEqual([]);
    expect(preview.body.columns).toMatchObject({ mapping_needed: false, month: '2026-11', amount_column: 'Amount' });
    expect(preview.body.skipped).toEqual([
      { row: 5, fund_name: '1003', donor: 'Peter Brown', amount: '300.00', reason: 'Voided' },
    ]);
    expect(preview.body.warnings).toEqual([
      {
        row: 6,
        fund_name: 'Peter Novak',
        donor: 'Susan Lee',
        warnings: ["Gift date 2026-12-01 is outside the upload's month (2026-11)."],
      },
    ]);
    // 100.00 + 1,000.00 + 50.00 + 2,500.00 = 3,650.00 imported; 300.00 voided; 3,950.00 in the file
    expect(preview.body.totals.grand).toMatchObject({
      rows: 5,
      matched_rows: 4,
      count: 4,
      skipped_rows: 1,
      skipped_count: 1,
      skipped_total: 300,
      warning_rows: 1,
      donors: 4,
      file_total: 3950,
      matched_total: 3650,
    });
  });

  it('imports the XLSX export; the CSV of the same gifts is then the same file (409)', async () => {
    const xlsx = await xlsxOf(fixture('realm.csv'));
    const imported = await upload('November 2026 Realm', xlsx, {}, 'realm.xlsx');
    expect(imported.status).toBe(201);
    // Ruth 100.00 + 1,000.00 (vehicle fund; the donor "Daniel Kim" is not the missionary); Maria 50.00
    // (fund "1003"; the donor "Ruth Okafor" is not the missionary); Peter 2,500.00 (fund "Peter Novak")
    expect(perMissionary(imported.body)).toEqual({ [ruth.id]: [2, 1100], [maria.id]: [1, 50], [peter.id]: [1, 2500] });
    const { totals, rows } = await storedTotals('November 2026 Realm');
    expect(totals).toEqual({
      [`${ruth.id}/${vehicleFund}`]: 110000,
      [`${maria.id}/general`]: 5000,
      [`${peter.id}/general`]: 250000,
    });
    expect(rows.map((row) => row.donor_name).sort()).toEqual(['Daniel Kim', 'Peter Brown', 'Ruth Okafor', 'Susan Lee']);
    expect(rows.find((row) => row.donor_name === 'Daniel Kim')).toMatchObject({ gift_date: '2026-11-05' });

    const again = await upload('November 2026 Realm again', fixture('realm.csv'));
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/as "November 2026 Realm"\.$/);
  });

  it('shows donors to staff only', async () => {
    const own = await t.call('GET', '/api/donation', {
      token: peter.token,
      query: { upload_name: 'November 2026 Realm' },
    });
    expect(own.status).toBe(200);
    expect(own.body).toEqual([expect.objectContaining({ user_id: peter.id, donor_name: null, amount: 2500 })]);
  });
});

describe('Subsplash-style gift export (Donor ID, First name, Last name, fund, Gross amount, …, status)', () => {
  it('imports the CSV, skipping refunded, failed and disputed gifts', async () => {
    const imported = await upload('November 2026 Subsplash', fixture('subsplash.csv'));
    expect(imported.status).toBe(201);
    // Ruth: 500.00 (vehicle fund) + 1,200.00 (fund "1001", donor "Maria Santos"); Peter 40.00
    expect(perMissionary(imported.body)).toEqual({ [ruth.id]: [2, 1700], [peter.id]: [1, 40] });
    // 75.25 + 40.00 + 60.00 = 175.25 skipped
    expect(imported.body.totals.grand).toMatchObject({ skipped_rows: 3, skipped_total: 175.25, matched_total: 1740 });
    const { totals } = await storedTotals('November 2026 Subsplash');
    expect(totals).toEqual({
      [`${ruth.id}/${vehicleFund}`]: 50000,
      [`${ruth.id}/general`]: 120000,
      [`${peter.id}/general`]: 4000,
    });
  });

  it('a re-export in XLSX, or with other column order and line endings, is the same file (409)', async () => {
    const xlsx = await upload('Subsplash xlsx', await xlsxOf(fixture('subsplash.csv')), {}, 's.xlsx');
    expect(xlsx.status).toBe(409);
    const cells = cellsOf(fixture('subsplash.csv'));
    const order = [8, 4, 3, 2, 1, 0, 7, 6, 5];
    const reordered = cells.map((row) => order.map((i) => `"${row[i]}"`).join(',')).join('\n');
    const again = await upload('Subsplash reordered', Buffer.from(reordered));
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/as "November 2026 Subsplash"\.$/);
  });

  it('asks which amount column when there are several; the choice is part of the request', async () => {
    const file = fixture('subsplash-fees.csv');
    const preview = await upload('Fees month', file, { preview: '1' });
    expect(preview.status).toBe(200);
    expect(preview.body.can_import).toBe(false);
    expect(preview.body.columns).toMatchObject({
      amount_choice_needed: true,
      mapping_needed: false,
      amount_columns: ['Gross amount', 'Net amount'],
    });
    const refused = await expectNoChange(t, ['donations', 'donation_uploads'], () => upload('Fees month', file));
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(
      'The file has several amount columns (Gross amount, Net amount); choose which one holds the gift. Nothing was imported.',
    );
    const wrong = await upload('Fees month', file, { amount_column: 'Fee' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toMatch(/^The amount column "Fee" is not one of the file's amount columns/);
    const imported = await upload('Fees month', file, { amount_column: 'Net amount' });
    expect(imported.status).toBe(201);
    // 485.20 + 1,200.00 = 1,685.20, net of fees; the refunded 72.77 is skipped
    expect(imported.body.total_amount).toBe(1685.2);
  });
});

const PC_COLUMNS = JSON.stringify({
  'Donation ID': 'ignore',
  'Received On': 'date',
  'Fund Amount': 'amount',
  'Payment Source': 'ignore',
});

/** Next month's Planning Center file: the same headers, other gifts. */
function pcDecember(extraHeader = false): Buffer {
  const [header, ...rows] = cellsOf(fixture('planning-center.csv'));
  const lines = [extraHeader ? [...header, 'Memo Line'] : header];
  for (const row of rows) {
    const next = [...row];
    next[1] = next[1].replace('2026-11', '2026-12').replace('2026-10', '2026-12');
    next[7] = next[7] === '45.50' ? '46.50' : next[7];
    lines.push(extraHeader ? [...next, ''] : next);
  }
  return Buffer.from(lines.map((cells) => cells.map((cell) => `"${cell}"`).join(',')).join('\r\n'));
}

describe('a layout the import does not know (Planning-Center-like)', () => {
  it('asks for a mapping, imports with it, remembers it for the next file with the same headers', async () => {
    const file = fixture('planning-center.csv');
    const preview = await upload('November 2026 PC', file, { preview: '1' });
    expect(preview.status).toBe(200);
    expect(preview.body.can_import).toBe(false);
    expect(preview.body.columns).toMatchObject({
      mapping_needed: true,
      mapping_id: null,
      unknown_headers: ['Donation ID', 'Received On', 'Fund Amount', 'Payment Source'],
    });
    expect(preview.body.columns.sample[0][7]).toBe('1,000.00');
    expect(preview.body.file_errors[0]).toMatch(/no Amount column/);

    const refused = await upload('November 2026 PC', file);
    expect(refused.status).toBe(422);
    expect(refused.body.columns.mapping_needed).toBe(true);

    const imported = await upload('November 2026 PC', file, { columns: PC_COLUMNS });
    expect(imported.status).toBe(201);
    // Ruth 1,000.00 (vehicle fund); Maria 150.00 (fund "1003") + 45.50 (projects fund); 80.00 refunded
    expect(perMissionary(imported.body)).toEqual({ [ruth.id]: [1, 1000], [maria.id]: [2, 195.5] });
    expect(imported.body.totals.grand).toMatchObject({ skipped_total: 80, donors: 2 });
    const { totals } = await storedTotals('November 2026 PC');
    expect(totals).toEqual({
      [`${ruth.id}/${vehicleFund}`]: 100000,
      [`${maria.id}/general`]: 15000,
      [`${maria.id}/${projectsFund}`]: 4550,
    });

    const mappings = await t.call('GET', '/api/donation/column-mappings', { token: admin.token });
    expect(mappings.status).toBe(200);
    expect(mappings.headers['x-total-count']).toBe('1');
    expect(mappings.body[0]).toMatchObject({
      headers: cellsOf(file)[0],
      columns: { 'donation id': 'ignore', 'received on': 'date', 'fund amount': 'amount', 'payment source': 'ignore' },
    });

    // December: the same headers, no mapping sent.
    const december = await upload('December 2026 PC', pcDecember(), { preview: '1' });
    expect(december.status).toBe(200);
    expect(december.body.can_import).toBe(true);
    expect(december.body.columns).toMatchObject({ mapping_needed: false, mapping_id: mappings.body[0].id });
    expect(december.body.warnings).toEqual([]);
    const decemberImport = await upload('December 2026 PC', pcDecember());
    expect(decemberImport.status).toBe(201);
    expect(decemberImport.body.total_amount).toBe(1196.5); // 1,000.00 + 150.00 + 46.50

    // New headers: asked again.
    const changed = await upload('December 2026 PC memo', pcDecember(true), { preview: '1' });
    expect(changed.body.columns).toMatchObject({ mapping_needed: true, mapping_id: null });
  });

  it('refuses a mapping that does not fit the file (422 under columns, nothing written)', async () => {
    const file = fixture('planning-center.csv');
    for (const [columns, message] of [
      ['{"Nope": "amount"}', 'The file has no column "Nope".'],
      ['{"Fund Amount": "money"}', 'Each column maps to one of:'],
      ['not json', 'Column mapping must be an object'],
      ['{"Received On": "date"}', 'The file has no Amount column'],
      ['{"Fund Amount": "amount", "Email": "fund"}', 'The file has two Fund / designation columns'],
    ] as const) {
      const result = await expectNoChange(t, ['donations', 'donation_column_mappings'], () =>
        upload('Bad mapping', file, { columns }),
      );
      expect(result.status, columns).toBe(422);
      expect(result.body.errors.columns.join(' '), columns).toContain(message);
    }
    const month = await upload('Bad month', file, { columns: PC_COLUMNS, month: '2026-13' });
    expect(month.status).toBe(422);
    expect(month.body.errors.month).toEqual(['Month must be a month as YYYY-MM between 1900-01 and 2100-12.']);
  });
});

describe('column mapping routes', () => {
  const headers = ['Gift Ref', 'Recipient Code', 'Value', 'Giver'];
  const body = {
    headers,
    columns: { 'Gift Ref': 'ignore', 'Recipient Code': 'accountNumber', Value: 'amount', Giver: 'donor' },
  };

  it('saves, changes, lists and deletes a mapping', async () => {
    const saved = await t.call('POST', '/api/donation/column-mapping', { token: admin.token, json: body });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ headers, amount_column: null, columns: { value: 'amount' } });
    const changed = await t.call('POST', '/api/donation/column-mapping', {
      token: admin.token,
      json: { ...body, headers: [...headers].reverse(), columns: { ...body.columns, Giver: 'ignore' } },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.id).toBe(saved.body.id);
    expect(changed.body.columns.giver).toBe('ignore');

    // A file with those headers imports with it.
    const file = Buffer.from('Gift Ref,Recipient Code,Value,Giver\r\nG1,1008,12.50,Ann Reed\r\n');
    const preview = await upload('Mapped by route', file, { preview: '1' });
    expect(preview.body).toMatchObject({ can_import: true, columns: { mapping_id: saved.body.id } });
    expect(preview.body.matched).toEqual([expect.objectContaining({ user_id: peter.id, amount: 12.5 })]);

    const deleted = await t.call('DELETE', `/api/donation/column-mapping/${saved.body.id}`, { token: admin.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: saved.body.id, success: true });
    const gone = await t.call('DELETE', `/api/donation/column-mapping/${saved.body.id}`, { token: admin.token });
    expect(gone.status).toBe(404);
    const after = await upload('Mapped by route', file, { preview: '1' });
    expect(after.body.columns.mapping_needed).toBe(true);
  });

  it.each([
    [{ ...body, headers: [] }, 'headers', 'Headers must name at least one column.'],
    [{ ...body, headers: 'x' }, 'headers', "Headers must be a list of the file's column headers."],
    [{ ...body, columns: { Value: 'cash' } }, 'columns', 'Each column maps to one of:'],
    [{ ...body, columns: { Other: 'amount' } }, 'columns', 'The file has no column "Other".'],
    [{ ...body, columns: { Value: 'ignore' } }, 'columns', 'The file has no Amount column'],
    [
      { ...body, columns: { ...body.columns, 'Gift Ref': 'amount' } },
      'columns',
      'The file has several amount columns (Gift Ref, Value)',
    ],
  ])('422 %#', async (json, field, message) => {
    const result = await expectNoChange(t, ['donation_column_mappings'], () =>
      t.call('POST', '/api/donation/column-mapping', { token: admin.token, json }),
    );
    expect(result.status).toBe(422);
    expect(result.body.errors[field].join(' ')).toContain(message);
  });

  it('401 without a token, 403 for employees and missionaries, 404 for unknown ids', async () => {
    for (const [method, url] of [
      ['GET', '/api/donation/column-mappings'],
      ['POST', '/api/donation/column-mapping'],
      ['DELETE', '/api/donation/column-mapping/1'],
    ] as const) {
      const json = method === 'POST' ? body : undefined;
      expect((await t.call(method, url, { json })).status).toBe(401);
      expect((await t.call(method, url, { token: employee.token, json })).status).toBe(403);
      expect((await t.call(method, url, { token: missionary.token, json })).status).toBe(403);
    }
    for (const id of ['2147483647', '99999999999', '424242']) {
      expect((await t.call('DELETE', `/api/donation/column-mapping/${id}`, { token: admin.token })).status).toBe(404);
    }
    const bad = await t.call('DELETE', '/api/donation/column-mapping/abc', { token: admin.token });
    expect(bad.status).toBe(422);
  });

  it('409: a mapped file under an upload name already used', async () => {
    const result = await upload('November 2026 PC', pcDecember(), { preview: '1' });
    expect(result.status).toBe(409);
  });
});
