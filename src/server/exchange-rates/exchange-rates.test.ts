import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';

/**
 * Decision 37 (docs/decisions.md): admins keep monthly rates as units per US$1 (by hand or CSV);
 * everyone signed in reads them; a bad CSV row answers 422 naming the row and keeps nothing.
 */

let t: TestApp;
let admin: SignedIn;
let employee: SignedIn;
let ruth: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  employee = await t.signIn('employee');
  ruth = await t.signIn('missionary');
});
afterAll(() => t.close());

const put = (user: SignedIn | null, rates: unknown) =>
  t.call('PUT', '/api/exchange-rates', { token: user?.token ?? null, json: { rates } });
const load = (user: SignedIn | null, csv: string) =>
  t.call('POST', '/api/exchange-rates/import', { token: user?.token ?? null, json: { csv } });

describe('PUT and GET /api/exchange-rates', () => {
  it('keeps an admin’s rates, replaces a month and currency already kept, and lets anyone signed in read', async () => {
    const kept = await put(admin, [
      { month: '2026-11', currency: 'kes', rate: '129.5' },
      { month: '2026-10', currency: 'UGX', rate: '3700' },
    ]);
    expect(kept.status).toBe(200);
    expect(await put(admin, [{ month: '2026-11', currency: 'KES', rate: '130.25' }])).toMatchObject({ status: 200 });
    for (const reader of [ruth, employee, admin]) {
      const read = await t.call('GET', '/api/exchange-rates', { token: reader.token });
      expect(read.status).toBe(200);
      expect(read.body).toEqual([
        { month: '2026-11', currency: 'KES', rate: 130.25 },
        { month: '2026-10', currency: 'UGX', rate: 3700 },
      ]);
    }
  });

  it.each([
    ['month', { month: '2026-13', currency: 'KES', rate: '1' }, 'Month must be a month (YYYY-MM).'],
    ['currency', { month: '2026-11', currency: 'XYZ', rate: '1' }, 'Currency must be an ISO 4217 code other than USD.'],
    ['currency', { month: '2026-11', currency: 'USD', rate: '1' }, 'Currency must be an ISO 4217 code other than USD.'],
    ['rate', { month: '2026-11', currency: 'KES', rate: '0' }, 'Rate must be greater than 0.'],
    ['rate', { month: '2026-11', currency: 'KES', rate: 'lots' }, 'Rate must be a number.'],
  ])('422 naming rates.0.%s for %j', async (field, row, message) => {
    const answer = await put(admin, [row]);
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ [`rates.0.${field}`]: [message] });
  });

  it('422 for the same month and currency twice in one request', async () => {
    const twice = { month: '2026-09', currency: 'KES', rate: '1' };
    const answer = await put(admin, [twice, twice]);
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ 'rates.1': ['2026-09 KES is listed twice.'] });
  });

  it('401 signed out; 403 for employees and missionaries writing', async () => {
    expect((await t.call('GET', '/api/exchange-rates', { token: null })).status).toBe(401);
    expect((await put(null, [])).status).toBe(401);
    expect((await put(employee, [])).status).toBe(403);
    expect((await put(ruth, [])).status).toBe(403);
    expect((await load(ruth, 'month,currency,rate\n2026-11,KES,1')).status).toBe(403);
  });
});

describe('POST /api/exchange-rates/import', () => {
  it('imports every row of a good file (columns in any order, later line wins)', async () => {
    const answer = await load(
      admin,
      'Currency,Month,Rate\r\nTZS,2026-08,2650\nTZS,2026-08,2655.5\n\nNGN,2026-08,1600\n',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.filter((row: { month: string }) => row.month === '2026-08')).toEqual([
      { month: '2026-08', currency: 'NGN', rate: 1600 },
      { month: '2026-08', currency: 'TZS', rate: 2655.5 },
    ]);
  });

  it('reads quoted cells as a spreadsheet writes them: a comma inside quotes, a decimal comma, CRLF', async () => {
    const answer = await load(
      admin,
      '"Month","Note","Currency","Rate"\r\n"2026-06","Nairobi, ""office"" rate","KES","129,50"\r\n2026-06,,UGX,3700\r\n',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.filter((row: { month: string }) => row.month === '2026-06')).toEqual([
      { month: '2026-06', currency: 'KES', rate: 129.5 },
      { month: '2026-06', currency: 'UGX', rate: 3700 },
    ]);
  });

  it('422 naming the row of a quoted rate with a thousands comma ("3,700": 3700 or 3.7?)', async () => {
    const answer = await load(admin, 'month,currency,rate\n2026-05,KES,128\n2026-05,UGX,"3,700"\n');
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors)).toEqual(['row 3']);
    expect(answer.body.errors['row 3'][0]).toMatch(/^Rate has a comma that is not a decimal comma/);
  });

  it('422 naming each bad row (header = row 1) and keeps nothing of the file', async () => {
    const answer = await load(admin, 'month,currency,rate\n2026-07,KES,128\n2026-7,KES,128\n2026-07,GHS,-3\n');
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({
      'row 3': ['Month must be a month (YYYY-MM).'],
      'row 4': ['Rate must be greater than 0.'],
    });
    const read = await t.call('GET', '/api/exchange-rates', { token: admin.token });
    expect(read.body.some((row: { month: string }) => row.month === '2026-07')).toBe(false);
  });

  it('422 for a file without the header or without rows', async () => {
    const noHeader = await load(admin, '2026-07,KES,128\n');
    expect(noHeader.status).toBe(422);
    expect(noHeader.body.errors.csv).toEqual(['The first line must name the columns month, currency and rate.']);
    const empty = await load(admin, 'month,currency,rate\n');
    expect(empty.body.errors.csv).toEqual(['The file has no rates.']);
    expect((await load(admin, '')).status).toBe(422);
  });
});
