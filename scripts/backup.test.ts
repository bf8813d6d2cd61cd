import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, openPglite } from '../src/server/db/client';
import { http, runScript, type ServerProcess, startServer } from '../src/server/test-support/server-process';

/**
 * npm run backup / npm run restore on the embedded default, end to end: a real server on a PGlite
 * DATA_DIR takes receipts while the backup script asks it for a backup; the DATA_DIR rebuilt from
 * that file holds every record, and a server started on it serves every receipt byte for byte.
 */
const ADMIN = { email: 'backup-admin@example.org', password: 'backup-secret-1' };
const dirs: string[] = [];
const servers: ServerProcess[] = [];
const databases: Database[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheepfold-backup-test-'));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  for (const server of servers) await server.kill();
  for (const database of databases) await database.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function receipt(size: number): Buffer {
  const bytes = crypto.randomBytes(size);
  // No '<' in the filler: random bytes can spell "<a " or "<svg" in the first kilobyte, and a PDF
  // holding markup there is refused as an HTML/PDF polyglot (decision 19).
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 0x3c) bytes[i] = 0x20;
  Buffer.from('%PDF-1.4\n').copy(bytes);
  return bytes;
}

async function upload(base: string, token: string, reportId: number, content: Buffer, name: string) {
  const form = new FormData();
  form.set('expense_report_id', String(reportId));
  form.set('file', new Blob([new Uint8Array(content)], { type: 'application/pdf' }), name);
  const result = await http(base, 'POST', '/api/fileUpload', { token, form });
  if (result.status !== 201) throw new Error(`upload: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body as { id: number };
}

async function rows(database: Database, query: string): Promise<unknown[]> {
  return ((await database.db.execute(sql.raw(query))) as unknown as { rows: unknown[] }).rows;
}

it('backs up a running server’s DATA_DIR and restores every record and receipt', { timeout: 900_000 }, async () => {
  const dataDir = tempDir();
  const env = { DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  const server = await startServer(env);
  servers.push(server);
  const admin = (await http(server.url, 'POST', '/api/login', { json: ADMIN })).body.api_token as string;
  const missionary = await http(server.url, 'POST', '/api/user', {
    token: admin,
    json: { name: 'Ruth Okafor', email: 'ruth@example.org', role: 'missionary', password: 'ruth-secret-1' },
  });
  expect(missionary.status).toBe(201);
  const ruth = (
    await http(server.url, 'POST', '/api/login', { json: { email: 'ruth@example.org', password: 'ruth-secret-1' } })
  ).body.api_token as string;
  const report = await http(server.url, 'POST', '/api/expense-report', {
    token: ruth,
    json: { type: 'reimbursement', distance_type: 'none', user_id: missionary.body.id },
  });
  expect(report.status).toBe(201);

  const sent = new Map<number, Buffer>();
  for (const [index, size] of [1_000, 300_000, 2_500_000].entries()) {
    const content = receipt(size);
    sent.set((await upload(server.url, ruth, report.body.id, content, `before-${index}.pdf`)).id, content);
  }
  const backupFile = path.join(tempDir(), 'sheepfold.tar.gz');
  // Receipts keep arriving while the backup is taken: whichever of them the backup holds, it holds whole.
  const [output] = await Promise.all([
    runScript('scripts/backup.ts', [backupFile], env),
    (async () => {
      for (let index = 0; index < 4; index++) {
        const content = receipt(200_000 + index);
        sent.set((await upload(server.url, ruth, report.body.id, content, `during-${index}.pdf`)).id, content);
      }
    })(),
  ]);
  expect(output).toContain(`The server (pid ${server.pid}) is running`);
  expect(fs.statSync(backupFile).size).toBeGreaterThan(0);
  await server.stop();

  const restoredDir = tempDir();
  const restoreEnv = { ...env, DATA_DIR: restoredDir };
  expect(await runScript('scripts/restore.ts', [backupFile], restoreEnv)).toContain('Restored');
  await expect(runScript('scripts/restore.ts', [backupFile], restoreEnv)).rejects.toThrow(/not empty/);

  const original = await openPglite(path.join(dataDir, 'pglite'));
  const restored = await openPglite(path.join(restoredDir, 'pglite'));
  databases.push(original, restored);
  for (const table of ['users', 'profiles', 'expense_reports', 'settings', 'journal_entries']) {
    expect(await rows(restored, `select * from ${table} order by 1`)).toEqual(
      await rows(original, `select * from ${table} order by 1`),
    );
  }
  const restoredFiles = (await rows(restored, 'select id from file_uploads order by id')) as { id: number }[];
  const uploadedBefore = [...sent.keys()].slice(0, 3);
  expect(restoredFiles.map((row) => row.id)).toEqual(expect.arrayContaining(uploadedBefore));
  await Promise.all([original.close(), restored.close()]);

  const again = await startServer(restoreEnv);
  servers.push(again);
  const token = (await http(again.url, 'POST', '/api/login', { json: ADMIN })).body.api_token as string;
  for (const { id } of restoredFiles) {
    const file = await http(again.url, 'GET', `/api/fileUpload/${id}`, { token });
    expect(file.status).toBe(200);
    expect(file.raw.equals(sent.get(id) as Buffer)).toBe(true);
  }
  await again.stop();
});

it('refuses a file that is not a backup, and backs up a stopped DATA_DIR by itself', { timeout: 600_000 }, async () => {
  const notBackup = path.join(tempDir(), 'x.tar.gz');
  fs.writeFileSync(notBackup, 'hello');
  await expect(runScript('scripts/restore.ts', [notBackup], { DATA_DIR: tempDir() })).rejects.toThrow(/exited with 1/);

  const dataDir = tempDir();
  const database = await openPglite(path.join(dataDir, 'pglite'));
  await database.db.execute(sql`create table kept (n int)`);
  await database.db.execute(sql`insert into kept values (42)`);
  await database.close();
  // The key TOTP secrets are sealed with (SECRET_KEY unset) travels with the database.
  const key = `${'c0ffee'.repeat(10)}abcd\n`;
  fs.writeFileSync(path.join(dataDir, 'secret.key'), key, { mode: 0o600 });
  const file = path.join(tempDir(), 'stopped.tar.gz');
  expect(await runScript('scripts/backup.ts', [file], { DATA_DIR: dataDir })).toContain('uploaded files');
  const restoredDir = tempDir();
  await runScript('scripts/restore.ts', [file], { DATA_DIR: restoredDir });
  const restored = await openPglite(path.join(restoredDir, 'pglite'));
  databases.push(restored);
  expect(await rows(restored, 'select n from kept')).toEqual([{ n: 42 }]);
  expect(fs.readFileSync(path.join(restoredDir, 'secret.key'), 'utf8')).toBe(key);
  expect(fs.statSync(path.join(restoredDir, 'secret.key')).mode & 0o777).toBe(0o600);
});

/** Every directory under root (and root) and every file, with their permission bits. */
function modesUnder(root: string): Array<{ path: string; mode: number; dir: boolean }> {
  const out = [{ path: root, mode: fs.statSync(root).mode & 0o777, dir: true }];
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    const full = path.join(root, entry.name);
    if (entry.isDirectory()) out.push(...modesUnder(full));
    else out.push({ path: full, mode: fs.statSync(full).mode & 0o777, dir: false });
  }
  return out;
}

/** What is readable by anyone but the owner: should be nothing (docs/security.md "File modes"). */
function notPrivate(root: string): string[] {
  return modesUnder(root)
    .filter((entry) => entry.mode !== (entry.dir ? 0o700 : 0o600))
    .map((entry) => `${path.relative(root, entry.path) || '.'} ${entry.mode.toString(8)}`);
}

it('writes every file 0600 and every directory 0700 under umask 022: DATA_DIR, backup, restore', {
  timeout: 900_000,
}, async () => {
  const before = process.umask(0o022);
  try {
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
    const server = await startServer(env);
    servers.push(server);
    const admin = (await http(server.url, 'POST', '/api/login', { json: ADMIN })).body.api_token as string;
    // A welcome mail into the outbox (no SMTP), with its live sign-in link; then a receipt.
    const ruthUser = await http(server.url, 'POST', '/api/user', {
      token: admin,
      json: { name: 'Ruth Okafor', email: 'ruth.modes@example.org', role: 'missionary', password: 'ruth-secret-1' },
    });
    expect(ruthUser.status).toBe(201);
    const ruth = (
      await http(server.url, 'POST', '/api/login', {
        json: { email: 'ruth.modes@example.org', password: 'ruth-secret-1' },
      })
    ).body.api_token as string;
    const report = await http(server.url, 'POST', '/api/expense-report', {
      token: ruth,
      json: { type: 'reimbursement', distance_type: 'none', user_id: ruthUser.body.id },
    });
    await upload(server.url, ruth, report.body.id, receipt(5_000), 'receipt.pdf');
    const backupFile = path.join(tempDir(), 'modes.tar.gz');
    await runScript('scripts/backup.ts', [backupFile], env);
    await server.stop();

    const written = modesUnder(dataDir).map((entry) => path.relative(dataDir, entry.path));
    for (const expected of ['secret.key', 'pglite', 'uploads', 'outbox']) expect(written).toContain(expected);
    expect(written.some((name) => name.startsWith('outbox/') && name.endsWith('.eml'))).toBe(true);
    expect(written.some((name) => name.startsWith('uploads/'))).toBe(true);
    expect(notPrivate(dataDir)).toEqual([]);

    expect(fs.statSync(backupFile).mode & 0o777).toBe(0o600);
    // Inside the backup: every entry 0600 (secret.key, the database, the receipts), so `tar x` keeps them so.
    const listing = execFileSync('tar', ['-tvzf', backupFile], { encoding: 'utf8' }).trim().split('\n');
    expect(listing.length).toBeGreaterThanOrEqual(4);
    for (const line of listing) expect(line).toMatch(/^-rw------- /);

    const restoredDir = tempDir();
    fs.chmodSync(restoredDir, 0o755);
    await runScript('scripts/restore.ts', [backupFile], { ...env, DATA_DIR: restoredDir });
    expect(modesUnder(restoredDir).length).toBeGreaterThan(10);
    expect(notPrivate(restoredDir)).toEqual([]);
  } finally {
    process.umask(before);
  }
});
