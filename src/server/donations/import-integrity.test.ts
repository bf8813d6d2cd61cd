import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRow } from '../db/query-rows';
import { closeApp, setPayroll } from '../distributions/test-fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';

/**
 * Decisions 12 and 17 (docs/decisions.md) through the API: the same rows are the same file whatever the
 * bytes; upload names are unique; a Fund naming a missionary by Account # or full name matches;
 * amounts and totals beyond ±999,999,999.99 are a 422 naming the row, never a 500.
 */
let t: TestApp;
let admin: SignedIn;
let ruth: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  ruth = await t.signIn('missionary', { name: 'Ruth Okafor', missionaryNumber: 'INT-7' });
  await setPayroll(t, admin, ruth.id, { fund_balance: 0 });
});
afterAll(() => closeApp(t));

function upload(name: string, content: string | Buffer, filename = 'gifts.csv') {
  return t.call('POST', '/api/donation/denari-upload', {
    token: admin.token,
    multipart: { upload_name: name, denari: { content: Buffer.from(content), filename } },
  });
}

async function totalImported(): Promise<number> {
  return (await queryRow(t.ctx.db, sql`select count(*)::int as n from donations`, z.object({ n: z.coerce.number() })))
    .n;
}

const ROWS = Array.from({ length: 200 }, (_, i) => `INT-7,${(100 + (i % 3)).toFixed(2)}`);

describe('a re-saved donation file is the same file', () => {
  it('refuses CRLF, a trailing newline, a BOM and another row order with 409 naming the earlier upload (was: 600 donations)', async () => {
    const original = ['Account #,Amount', ...ROWS].join('\n');
    expect((await upload('Re-saved original', original)).status).toBe(201);
    const before = await totalImported();
    const copies = [
      ['Account #,Amount', ...ROWS].join('\r\n'),
      `${original}\n\n`,
      `\ufeff${original}`,
      ['amount,account #', ...ROWS.map((row) => row.split(',').reverse().join(',')).reverse()].join('\n'),
    ];
    for (const [index, copy] of copies.entries()) {
      const result = await upload(`Re-saved copy ${index}`, copy);
      expect(result.status).toBe(409);
      expect(result.body.message).toMatch(
        /^This file was already imported on \d{2}\/\d{2}\/\d{4} as "Re-saved original"\.$/,
      );
    }
    expect(await totalImported()).toBe(before);
  });

  it('refuses a second import under a used name with 409', async () => {
    expect((await upload('Used name', 'Account #,Amount\nINT-7,1.00\n')).status).toBe(201);
    const again = await upload('Used name', 'Account #,Amount\nINT-7,2.00\n');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('An upload named "Used name" already exists. Choose another name.');
  });

  it('refuses a name that donations without an upload row hold (written before uploads were kept)', async () => {
    await t.ctx.db.execute(sql`insert into donations (upload_name, amount) values ('Older name', 5)`);
    const result = await upload('Older name', 'Account #,Amount\nINT-7,3.00\n');
    expect(result.status).toBe(409);
    expect(result.body.message).toBe('An upload named "Older name" already exists. Choose another name.');
  });

  it('answers with a summary, not every row', async () => {
    const result = await upload('Summary', 'Account #,Amount\nINT-7,3.00\nINT-7,4.00\n');
    expect(result.status).toBe(201);
    expect(Object.keys(result.body).sort()).toEqual(
      ['created_at', 'file', 'id', 'message', 'total_amount', 'total_count', 'totals', 'upload_name'].sort(),
    );
    expect(result.body.totals.by_missionary).toEqual([
      expect.objectContaining({ user_id: ruth.id, rows: 2, total: 7 }),
    ]);
  });
});

describe('import matching (decision 12)', () => {
  it('matches a Fund holding the Account # or the full name (any case and spacing) to the missionary', async () => {
    const result = await upload('Fund names', 'Fund,Amount\nint-7,10.00\n  ruth   OKAFOR ,20.00\n');
    expect(result.status).toBe(201);
    expect(result.body.totals.by_missionary).toEqual([
      expect.objectContaining({ user_id: ruth.id, general: 30, designated: 0 }),
    ]);
  });

  it('refuses a row whose Account # disagrees with the missionary its Fund names', async () => {
    await t.signIn('missionary', { name: 'Boaz Mensah', missionaryNumber: 'INT-8' });
    const result = await upload('Disagree', 'Fund,Account #,Amount\nRuth Okafor,INT-8,5.00\n');
    expect(result.status).toBe(422);
    expect(result.body.problems[0].reasons).toEqual([
      'The fund "Ruth Okafor" names Ruth Okafor (Account # INT-7), but the row names Boaz Mensah (Account # INT-8).',
    ]);
  });
});

describe('money range (decision 17)', () => {
  it('refuses a row amount beyond ±999,999,999.99 with 422 naming the row (was: 500)', async () => {
    const result = await upload('Huge row', 'Account #,Amount\nINT-7,1.00\nINT-7,1000000000.00\n');
    expect(result.status).toBe(422);
    expect(result.body.problems).toEqual([
      expect.objectContaining({ row: 3, reasons: ['Amount "1000000000.00" is beyond ±$999,999,999.99.'] }),
    ]);
  });

  it('refuses a file whose total passes the range with 422', async () => {
    const result = await upload('Huge total', 'Account #,Amount\nINT-7,999999999.99\nINT-7,999999999.99\n');
    expect(result.status).toBe(422);
    expect(result.body.errors.denari[0]).toMatch(/beyond ±\$999,999,999\.99/);
  });

  it('refuses skipped gifts whose total passes the range with 422 (decision 24)', async () => {
    // 600,000,000.00 × 2 refunded = 1,200,000,000.00 skipped (beyond); the file total
    // 1,200,000,000.00 − 600,000,000.00 + 1.00 = 600,000,001.00 and the matched total −599,999,999.00 are in range.
    const result = await upload(
      'Huge skipped',
      'Account #,Amount,Status\nINT-7,600000000.00,refunded\nINT-7,600000000.00,refunded\nINT-7,-600000000.00,\nINT-7,1.00,\n',
    );
    expect(result.status).toBe(422);
    expect(result.body.errors.denari[0]).toMatch(/beyond ±\$999,999,999\.99/);
  });

  it('refuses a donation edited past the range; GET /donation/upload-names keeps working', async () => {
    expect((await upload('To edit', 'Account #,Amount\nINT-7,8.00\n')).status).toBe(201);
    const [row] = (await t.call('GET', '/api/donation', { token: admin.token, query: { upload_name: 'To edit' } }))
      .body;
    const edit = await t.call('PATCH', `/api/donation/${row.id}`, {
      token: admin.token,
      json: { amount: '999999999999.99', count: 1 },
    });
    expect(edit.status).toBe(422);
    expect(edit.body.errors.amount).toEqual(['Amount must be between -999,999,999.99 and 999,999,999.99.']);
    // Even rows stored before the rule (written directly here) never break the totals.
    await t.ctx.db.execute(sql`update donations set amount = 999999999999.99 where upload_name = 'To edit'`);
    await t.ctx.db.execute(
      sql`insert into donations (upload_name, amount, count, user_id) values ('To edit', 999999999999.99, 1, ${ruth.id})`,
    );
    const names = await t.call('GET', '/api/donation/upload-names', { token: admin.token });
    expect(names.status).toBe(200);
    expect(names.body).toEqual(expect.arrayContaining([expect.objectContaining({ upload_name: 'To edit' })]));
  });
});
