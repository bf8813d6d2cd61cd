import {
  cents,
  csvColumn,
  dollarsToCents,
  readCsv,
  readXlsx,
  sumCents,
  xlsxColumn,
  xlsxTotal,
} from '../test-support/downloads';
import {
  admin,
  databaseExpenseTotal,
  databaseLineCount,
  download,
  EVIL_NAME,
  FROM,
  MAT,
  NASTY,
  ruth,
  TO,
  t,
} from './test-office';

describe('GET /api/reports/field-worker-expenses', () => {
  it('downloads every line of the range as CSV whose USD amounts add up to the database', async () => {
    const result = await download('/api/reports/field-worker-expenses', { from: FROM, to: TO });
    expect(result.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(result.headers['content-disposition']).toBe(
      `attachment; filename="field-worker-expenses_${FROM}_to_${TO}.csv"; filename*=UTF-8''field-worker-expenses_${FROM}_to_${TO}.csv`,
    );
    expect(result.headers['cache-control']).toBe('no-store, private');
    const csv = readCsv(result.raw);
    expect(csv.header).toEqual([
      'Missionary',
      'Missionary #',
      'Report ID',
      'Report Type',
      'Report Status',
      'Date Submitted',
      'Line Type',
      'Line ID',
      'Date',
      'Category',
      'Description',
      'Currency Amount',
      'Exchange Rate',
      'Distance',
      'Distance Unit',
      'USD Amount',
      'Hold Account',
      'Currency',
    ]);
    expect(csv.rows).toHaveLength(await databaseLineCount());
    expect(sumCents(csvColumn(csv, 'USD Amount').map(cents))).toBe(await databaseExpenseTotal());
    // Nothing outside the range, nothing from drafts.
    expect(csvColumn(csv, 'Date').every((date) => date >= FROM && date <= TO)).toBe(true);
    expect(csvColumn(csv, 'Description')).not.toContain('April taxi');
    expect(csvColumn(csv, 'Description')).not.toContain('Draft line');
  });

  it('writes the worked example report lines with their category, rate and hold account', async () => {
    const csv = readCsv((await download('/api/reports/field-worker-expenses', { from: FROM, to: TO })).raw);
    const ruthRows = csv.rows
      .filter((row) => row[0] === 'Ruth Okafor')
      .map((row) => [row[1], row[3], row[4], row[6], row[8], row[9], row[10], row[11], row[12], row[15], row[16]]);
    expect(ruthRows).toEqual([
      [
        'RPT-1',
        'Reimbursement',
        'Processed',
        'Expense',
        '2024-05-03',
        'Lodging',
        'Guest house',
        '785.40',
        '1',
        '785.40',
        '',
      ],
      [
        'RPT-1',
        'Reimbursement',
        'Processed',
        'Expense',
        '2024-05-04',
        'Lodging',
        'Tyres',
        '180.00',
        '1',
        '180.00',
        `Vehicle Fund ${ruth.id}`,
      ],
    ]);
    const trip = csv.rows.find((row) => row[6] === 'Mileage')!;
    expect([trip[0], trip[9], trip[13], trip[14], trip[15]]).toEqual([
      'Boaz Mensah',
      'Ministry travel',
      '120.5',
      'Miles',
      '84.35',
    ]);
  });

  it('escapes text that a spreadsheet would run as a formula', async () => {
    const csv = readCsv((await download('/api/reports/field-worker-expenses', { from: FROM, to: TO })).raw);
    const rows = csv.rows.filter((row) => row[1] === "'-77");
    expect(rows.map((row) => row[0])).toEqual(NASTY.map(() => `'${EVIL_NAME}`));
    expect(rows.map((row) => row[10])).toEqual(NASTY.map((text) => `'${text}`));
    expect(rows.map((row) => row[16])).toEqual(["'@Mallory fund", '', '', '', '', '']);
    // Amounts stay plain numbers.
    expect(rows.map((row) => row[15])).toEqual(['1.25', '2.25', '3.25', '4.25', '5.25', '6.25']);
  });

  it('downloads the same lines as Excel: typed cells, frozen header, totals', async () => {
    const result = await download('/api/reports/field-worker-expenses', { from: FROM, to: TO, format: 'xlsx' });
    expect(result.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(result.headers['content-disposition']).toContain(`filename="field-worker-expenses_${FROM}_to_${TO}.xlsx"`);
    const sheet = await readXlsx(result.raw);
    expect(sheet.worksheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1, xSplit: 2 });
    expect(sheet.worksheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.rows).toHaveLength(await databaseLineCount());
    const usd = xlsxColumn(sheet, 'USD Amount');
    expect(usd.every((value) => typeof value === 'number')).toBe(true);
    const total = await databaseExpenseTotal();
    expect(sumCents(usd.map((value) => dollarsToCents(value as number)))).toBe(total);
    expect(dollarsToCents(xlsxTotal(sheet, 'USD Amount'))).toBe(total);
    const dates = xlsxColumn(sheet, 'Date');
    expect(dates.every((value) => value instanceof Date)).toBe(true);
    expect((dates[0] as Date).toISOString().slice(0, 10) >= FROM).toBe(true);
    const usdColumn = sheet.header.indexOf('USD Amount') + 1;
    expect(sheet.worksheet.getRow(2).getCell(usdColumn).numFmt).toBe('#,##0.00;-#,##0.00');
    expect(typeof xlsxColumn(sheet, 'Report ID')[0]).toBe('number');
    const names = xlsxColumn(sheet, 'Missionary');
    expect(names).toContain(`'${EVIL_NAME}`);
    expect(names).not.toContain(EVIL_NAME);
    // XML turns a carriage return into a line feed; the leading quote stays.
    expect(xlsxColumn(sheet, 'Description')).toEqual(
      expect.arrayContaining(NASTY.map((text) => `'${text.replace('\r', '\n')}`)),
    );
  });

  it('gives a header-only file for a range without lines', async () => {
    const csv = readCsv(
      (await download('/api/reports/field-worker-expenses', { from: '2030-01-01', to: '2030-01-31' })).raw,
    );
    expect(csv.rows).toEqual([]);
    expect(csv.header[0]).toBe('Missionary');
    const sheet = await readXlsx(
      (await download('/api/reports/field-worker-expenses', { from: '2030-01-01', to: '2030-01-31', format: 'xlsx' }))
        .raw,
    );
    expect(sheet.rows).toEqual([]);
    expect(xlsxTotal(sheet, 'USD Amount')).toBe(0);
  });

  it('refuses missing or reversed dates and unknown formats (422)', async () => {
    const missing = await t.call('GET', '/api/reports/field-worker-expenses', { token: admin.token });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ from: ['From Date is required.'], to: ['To Date is required.'] });
    const reversed = await t.call('GET', '/api/reports/field-worker-expenses', {
      token: admin.token,
      query: { from: TO, to: FROM },
    });
    expect(reversed.status).toBe(422);
    expect(reversed.body.errors).toEqual({ to: ['To Date must be on or after From Date.'] });
    const format = await t.call('GET', '/api/reports/field-worker-expenses', {
      token: admin.token,
      query: { from: FROM, to: TO, format: 'pdf' },
    });
    expect(format.status).toBe(422);
  });
});

describe('GET /api/reports/mat-dates', () => {
  it('lists the MAT dates with distributions of a status, with how many', async () => {
    const approved = await t.call('GET', '/api/reports/mat-dates', { token: admin.token, query: {} });
    expect(approved.status).toBe(200);
    // Ruth, Boaz and the formula-named missionary were approved for MAT (the accounting CSV's three
    // rows); Ruth's April distribution came before.
    expect(approved.body.data).toEqual([
      { mat_date: MAT, count: 3 },
      { mat_date: '2024-04-30', count: 1 },
    ]);
  });

  it('refuses an unknown status (422), strangers (401) and missionaries (403)', async () => {
    const bad = await t.call('GET', '/api/reports/mat-dates', { token: admin.token, query: { status: 'deleted' } });
    expect(bad.status).toBe(422);
    expect((await t.call('GET', '/api/reports/mat-dates', {})).status).toBe(401);
    expect((await t.call('GET', '/api/reports/mat-dates', { token: ruth.token })).status).toBe(403);
  });
});
