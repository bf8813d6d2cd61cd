import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Database, openPostgres } from './db/client';
import { queryRow, queryRows } from './db/query-rows';
import { journalMismatches } from './hold-accounts/journal-check';
import { createScratchDatabase } from './test-support/databases';
import { freePort, http, type ServerProcess, startServer } from './test-support/server-process';

/**
 * Two app processes on one PostgreSQL database (decision 19, docs/decisions.md, docs/deploy.md): an office
 * month sent to them in turn, one of them killed with SIGKILL half-way, the month finished on the
 * other. Receipts live in the database, so a restarted node serves every one of them; nothing is lost
 * or doubled and every balance equals its journal.
 */
const ADMIN = { email: 'cluster-admin@example.org', password: 'cluster-secret-1' };
const MONTH = { start_date: '2026-11-01', end_date: '2026-11-30' };
const UPLOAD = 'November 2026 (two nodes)';
const PEOPLE = 4;

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let database: Database;
const servers: ServerProcess[] = [];
beforeAll(async () => {
  scratch = await createScratchDatabase('cluster');
  database = openPostgres(scratch.url, 2);
});
afterAll(async () => {
  for (const server of servers) await server.kill();
  await database?.close();
  await scratch?.drop();
});

async function ok<T = any>(server: ServerProcess, method: string, url: string, options: Parameters<typeof http>[3]) {
  const result = await http<T>(server.url, method, url, options);
  if (result.status < 200 || result.status >= 300) {
    throw new Error(`${method} ${url}: ${result.status} ${JSON.stringify(result.body)}`);
  }
  return result.body;
}

function receipt(size: number): Buffer {
  const bytes = crypto.randomBytes(size);
  // No '<' in the filler: random bytes can spell "<a " or "<svg" in the first kilobyte, and a PDF
  // holding markup there is refused as an HTML/PDF polyglot (decision 19).
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 0x3c) bytes[i] = 0x20;
  Buffer.from('%PDF-1.4\n').copy(bytes);
  return bytes;
}

function receiptForm(reportId: number, content: Buffer, name: string): FormData {
  const form = new FormData();
  form.set('expense_report_id', String(reportId));
  form.set('file', new Blob([new Uint8Array(content)], { type: 'application/pdf' }), name);
  return form;
}

const COUNT = z.object({ n: z.coerce.number() });

async function count(table: string, where = 'true'): Promise<number> {
  const row = await queryRow(database.db, sql.raw(`select count(*)::int as n from ${table} where ${where}`), COUNT);
  return row.n;
}

it('runs an office month on two processes, survives SIGKILL of one, and loses or doubles nothing', {
  timeout: 300_000,
}, async () => {
  const env = { DATABASE_URL: scratch.url, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  // Both start at once: migrations and the first-run admin must cope with a twin starting beside them.
  const [a, b] = await Promise.all([startServer(env), startServer(env)]);
  servers.push(a, b);
  const node = (i: number) => (i % 2 === 0 ? a : b);

  const admin = (await ok(a, 'POST', '/api/login', { json: ADMIN })).api_token as string;
  expect(await count('users', "role = 'admin'")).toBe(1);
  const category = await ok(b, 'POST', '/api/categories', {
    token: admin,
    json: { expense_category: 'Lodging', description: 'Hotels', expense: 1 },
  });

  const people: Array<{ id: number; token: string; number: string }> = [];
  for (let i = 0; i < PEOPLE; i++) {
    const number = `C-${100 + i}`;
    const email = `field-${i}@example.org`;
    const created = await ok(node(i), 'POST', '/api/user', {
      token: admin,
      json: {
        name: `Field Worker ${i}`,
        email,
        role: 'missionary',
        missionary_number: number,
        password: 'field-secret-1',
      },
    });
    await ok(node(i + 1), 'POST', `/api/user/${created.id}`, {
      token: admin,
      json: { tax_status: 'W2', fica_tax: 1, net_salary: '1500.00', fund_balance: '2000.00' },
    });
    const token = (await ok(node(i), 'POST', '/api/login', { json: { email, password: 'field-secret-1' } }))
      .api_token as string;
    people.push({ id: created.id, token, number });
  }

  const sent = new Map<number, Buffer>();
  const advanceIds: number[] = [];
  for (const [i, person] of people.entries()) {
    const report = await ok(node(i), 'POST', '/api/expense-report', {
      token: person.token,
      json: { type: 'reimbursement', distance_type: 'none', user_id: person.id },
    });
    await ok(node(i + 1), 'POST', '/api/expense', {
      token: person.token,
      json: {
        date: '2026-11-05',
        field_currency: `${100 + i}.00`,
        exchange_rate: '1',
        expense_code: category.id,
        expense_report_id: report.id,
      },
    });
    const content = receipt(150_000 * (i + 1));
    const uploaded = await ok(node(i), 'POST', '/api/fileUpload', {
      token: person.token,
      form: receiptForm(report.id, content, `receipt-${i}.pdf`),
    });
    sent.set(uploaded.id, content);
    await ok(node(i + 1), 'PATCH', `/api/submit/expense-report/${report.id}`, { token: person.token });
    const advance = await ok(node(i), 'POST', '/api/advance-request', {
      token: person.token,
      json: { amount_requested: '200.00', status: 'requested', user_id: person.id, confirm_duplicate: 1 },
    });
    advanceIds.push(advance.id);
  }
  for (const [i, id] of advanceIds.slice(0, 2).entries()) {
    await ok(node(i), 'PATCH', `/api/advance-request/${id}`, {
      token: admin,
      json: { amount_approved: '150.00', status: 'approved', mat_date: MONTH.end_date },
    });
  }
  const csv = ['Fund,Account #,Amount,Count', ...people.map((p, i) => `,${p.number},${3000 + i * 10}.00,2`)].join('\n');
  const importForm = new FormData();
  importForm.set('upload_name', UPLOAD);
  importForm.set('denari', new Blob([csv], { type: 'text/csv' }), 'november.csv');
  await ok(a, 'POST', '/api/donation/denari-upload', { token: admin, form: importForm });

  // Half-way: node A dies with a receipt upload in flight, as a crashed machine would.
  const inFlight = receipt(900_000);
  const draft = await ok(b, 'POST', '/api/expense-report', {
    token: people[0].token,
    json: { type: 'reimbursement', distance_type: 'none', user_id: people[0].id },
  });
  const pending = http(a.url, 'POST', '/api/fileUpload', {
    token: people[0].token,
    form: receiptForm(draft.id, inFlight, 'in-flight.pdf'),
  }).catch((error: unknown) => error);
  await new Promise((resolve) => setTimeout(resolve, 20));
  await a.kill();
  await pending;

  // The rest of the month on B: the session made on A is valid there too.
  const built = await ok(b, 'POST', '/api/batch-distributions', {
    token: admin,
    json: { ...MONTH, donation_upload_name: UPLOAD },
  });
  expect(built.created).toHaveLength(PEOPLE);
  const ids = (built.created as Array<{ id: number }>).map((row) => row.id);
  await ok(b, 'POST', '/api/batch-approve', { token: admin, json: { distribution_ids: ids } });

  // Nothing lost or doubled.
  expect(await count('users', "role = 'missionary'")).toBe(PEOPLE);
  expect(await count('expense_reports', 'submitted')).toBe(PEOPLE);
  expect(await count('expenses')).toBe(PEOPLE);
  expect(await count('donations', `upload_name = '${UPLOAD}'`)).toBe(PEOPLE);
  expect(await count('distributions', "status = 'approved'")).toBe(PEOPLE);
  expect(await count('distributions')).toBe(PEOPLE);
  expect(await count('advance_requests', 'dist_amount_approved is not null')).toBe(2);
  expect(await journalMismatches(database.db)).toEqual([]);
  // Every receipt row has its whole file; a file whose row never committed is the only possible leftover.
  expect(await count('file_uploads fu', 'not exists (select 1 from stored_files s where s.key = fu.file_path)')).toBe(
    0,
  );
  const uploads = await queryRows(
    database.db,
    sql`select id, size_bytes from file_uploads order by id`,
    z.object({ id: z.number(), size_bytes: z.coerce.number() }),
  );
  expect(uploads.length === PEOPLE || uploads.length === PEOPLE + 1).toBe(true);

  // Node A comes back (a new process on the same configuration): both nodes serve every receipt.
  const again = await startServer(env);
  servers.push(again);
  for (const row of uploads) {
    for (const server of [again, b]) {
      const file = await http(server.url, 'GET', `/api/fileUpload/${row.id}`, { token: admin });
      expect(file.status).toBe(200);
      expect(file.raw.length).toBe(row.size_bytes);
      const expected = sent.get(row.id) ?? inFlight;
      expect(file.raw.equals(expected)).toBe(true);
    }
  }

  // The Dockerfile, built and run against the same database where a Docker engine exists.
  const docker = spawnSync('docker', ['info'], { stdio: 'ignore' });
  if (docker.status !== 0) {
    console.log('Docker engine not available (docker info failed): skipping the Dockerfile build and run only.');
  } else {
    const root = path.resolve(import.meta.dirname, '../..');
    const tag = `sheepfold-cluster-test:${process.pid}`;
    execFileSync('docker', ['build', '-t', tag, root], { stdio: 'inherit' });
    const port = await freePort();
    const container = execFileSync('docker', [
      'run',
      '-d',
      '--network',
      'host',
      '-e',
      `DATABASE_URL=${scratch.url}`,
      '-e',
      `PORT=${port}`,
      tag,
    ])
      .toString()
      .trim();
    try {
      for (let attempt = 0; attempt < 240; attempt++) {
        const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (up) break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      const file = await http(`http://127.0.0.1:${port}`, 'GET', `/api/fileUpload/${uploads[0].id}`, {
        token: admin,
      });
      expect(file.raw.equals(sent.get(uploads[0].id) as Buffer)).toBe(true);
    } finally {
      spawnSync('docker', ['rm', '-f', container]);
      spawnSync('docker', ['rmi', '-f', tag]);
    }
  }
  await again.stop();
  await b.stop();
});
