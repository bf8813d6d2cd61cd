/**
 * Does the password-reset answer tell which addresses exist? (decision 16, docs/decisions.md.)
 * 200 tries each of `POST /api/password/email` for a known and an unknown address, interleaved,
 * through the real app (embedded database, outbox mail), each from its own address so the throttle
 * never answers instead. The mail and token of a known address are written after the answer; the
 * bench waits for that work between tries so it never lands inside the next measured answer.
 * Prints the median answer time of each kind and their difference (the aim: under 1 ms), and the
 * same for `POST /api/login` with a wrong password (the argon2 work is the same for both).
 * Run: node --import tsx bench/reset-timing.ts (BENCH_TRIES to change).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openPglite } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { ensureDefaultSettings } from '../src/server/settings/settings';
import { insertUser } from '../src/server/users/create-user';
import { benchApp, benchContext, median, run } from './support';

const TRIES = Number(process.env.BENCH_TRIES ?? 200);

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheepfold-bench-reset-'));
  const database = await openPglite(path.join(dir, 'pglite'));
  await migrate(database);
  await ensureDefaultSettings(database.db);
  const bench = benchContext(database, {
    env: {
      PUBLIC_URL: 'https://sheepfold.example.org',
      // The sign-in delay slows any email under attack, known or not; here only the argon2 work is compared.
      AUTH_THROTTLE_DELAY_MS: '0',
    },
  });
  const { background } = bench.context;
  const app = await benchApp(bench);
  const known = 'known.person@example.org';
  await insertUser(database.db, {
    name: 'Known',
    email: known,
    role: 'missionary',
    password: 'x-secret-1',
    now: new Date(),
  });

  let address = 0;
  async function timed(url: string, payload: object): Promise<number> {
    address += 1;
    const remoteAddress = `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
    const started = performance.now();
    const answer = await app.inject({ method: 'POST', url, payload, remoteAddress });
    const elapsed = performance.now() - started;
    if (answer.statusCode >= 500 || answer.statusCode === 429) throw new Error(`${url}: ${answer.statusCode}`);
    await background.idle();
    return elapsed;
  }

  for (const [label, url, payloadFor] of [
    ['POST /api/password/email', '/api/password/email', (email: string) => ({ email })],
    ['POST /api/login (wrong password)', '/api/login', (email: string) => ({ email, password: 'wrong-guess' })],
  ] as const) {
    const tries = label.includes('login') ? Math.min(TRIES, 60) : TRIES;
    for (let i = 0; i < 10; i++) await timed(url, payloadFor(i % 2 ? known : `warm${i}@example.org`));
    const times = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < tries; i++) {
      // Alternate which kind goes first so drift in the machine's load falls on both alike.
      const order = i % 2 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
      for (const kind of order) {
        times[kind].push(await timed(url, payloadFor(kind === 'known' ? known : `nobody${i}@example.org`)));
      }
    }
    const a = median(times.known);
    const b = median(times.unknown);
    console.log(
      `${label}: ${tries} tries each; median known ${a.toFixed(3)} ms, unknown ${b.toFixed(3)} ms, ` +
        `difference ${Math.abs(a - b).toFixed(3)} ms${Math.abs(a - b) < 1 ? ' (< 1 ms)' : ' (NOT under 1 ms)'}`,
    );
  }
  await app.close();
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
  bench.dispose();
}

run(main);
