import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';

/**
 * The real server as `npm start` runs it, on a fresh embedded database in `dataDir`, with its first
 * admin: for the benches that drive the app in a browser. Answers once `/api/health` does.
 */
export async function startServedApp(options: {
  port: number;
  dataDir: string;
  admin: { email: string; password: string };
  /** The checkout whose server and built web app to run (default: this one). */
  cwd?: string;
}): Promise<ChildProcess> {
  fs.rmSync(options.dataDir, { recursive: true, force: true });
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: options.cwd,
    env: {
      ...process.env,
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      ADMIN_EMAIL: options.admin.email,
      ADMIN_PASSWORD: options.admin.password,
      LOG_LEVEL: 'warn',
      // The benches sign in and out many times a minute.
      AUTH_THROTTLE_LIMIT: '500',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`http://localhost:${options.port}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.kill();
  throw new Error('the server did not start');
}

/** The first admin the benches' servers start with (`startServedApp`'s `admin`). */
export const BENCH_ADMIN = { email: 'admin@bench.test', password: 'bench-admin-1' };
/** The benches' missionary in the field, created by createBenchMissionary. */
export const FIELD_MISSIONARY = { email: 'field@bench.test', password: 'bench-field-1', name: 'Field Missionary' };

/**
 * Signs the admin in and creates a missionary (number F-1) through the API: the benches' one user of
 * the field. Answers the missionary's id and the admin's token for further setup.
 */
export async function createBenchMissionary(
  base: string,
  admin: { email: string; password: string },
  missionary: { email: string; password: string; name: string },
): Promise<{ id: number; adminToken: string }> {
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const { api_token } = (await login.json()) as { api_token: string };
  const created = await fetch(`${base}/api/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'api-token': api_token },
    body: JSON.stringify({ ...missionary, role: 'missionary', missionary_number: 'F-1', baseUrl: base }),
  });
  if (!created.ok) throw new Error(`creating the missionary: ${created.status} ${await created.text()}`);
  return { id: ((await created.json()) as { id: number }).id, adminToken: api_token };
}

/**
 * Two years of gifts for the missionary F-1 of createBenchMissionary: ten donors a month for 24
 * months (240 rows, one upload), with donor names shown to missionaries, so My Support draws its
 * chart, table and giver lists in full. (The dashboard's chart shows approved distributions, which
 * gifts alone do not make: it stays empty.)
 */
export async function importBenchGifts(base: string, token: string): Promise<void> {
  const today = new Date();
  const rows = ['Fund,Amount,Account #,Donor name,Donor ID,Gift date'];
  for (let back = 0; back < 24; back++) {
    const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back, 5)).toISOString().slice(0, 10);
    for (let donor = 1; donor <= 10; donor++)
      rows.push(`General,${20 + donor * 5}.00,F-1,Donor ${donor},D-${donor},${day}`);
  }
  const form = new FormData();
  form.set('upload_name', 'Two years of gifts');
  form.set('denari', new Blob([rows.join('\n')], { type: 'text/csv' }), 'gifts.csv');
  const imported = await fetch(`${base}/api/donation/denari-upload`, {
    method: 'POST',
    headers: { 'api-token': token },
    body: form,
  });
  if (!imported.ok) throw new Error(`importing gifts: ${imported.status} ${await imported.text()}`);
  const shown = await fetch(`${base}/api/settings`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', 'api-token': token },
    body: JSON.stringify({ show_donor_names_to_missionaries: 1 }),
  });
  if (!shown.ok) throw new Error(`showing donor names: ${shown.status} ${await shown.text()}`);
}

/** Stops the server and waits for it, so a next run finds the port free. */
export async function stopServedApp(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
