/**
 * Payments benchmark: a payment batch for many payees built and released through the real app
 * (docs/payments.md), beside a bare SQL read of the same rows in the same run.
 *
 * On a scratch PostgreSQL database it seeds BENCH_PAYEES missionaries (default 5,000), each with one
 * approved distribution on the MAT date and bank details sealed as the profile would seal them: 70 %
 * ACH (checking and savings, two banks), 20 % wires (three IBAN countries), 10 % checks. Names mix
 * accents and non-Latin letters, so the NACHA writer transliterates. Every payee's details are
 * already reviewed and proven, so no line is held and no prenote is sent: the batch pays everyone.
 *
 * Then, through the real routes (Fastify inject: auth, validation, transactions), each run times
 *
 *   - POST /api/payment-batches {mat_date}: plan one line per payee and write the draft;
 *   - POST /api/payment-batches/{id}/release: open every payee's details, write and seal the NACHA
 *     file, the pain.001 file and the check register, freeze the batch;
 *   - GET of the three files (unsealed and sent);
 *
 * and between runs puts the database back (the batch deleted, the payees' review state restored).
 * The baseline, measured in the same run: a raw SQL select of the same rows — the MAT date's approved
 * distributions joined to their payees and sealed details — read whole through one `pg` client.
 * Medians of BENCH_RUNS runs after a warm-up. Before anything is printed, the files are checked by
 * the tests' independent readers: the NACHA file's structure and totals, pain.001's control sum, and
 * that ACH + wire + check amounts add up to the distributions' "paid to you" to the cent.
 *
 * Run: npm run bench:payments (BENCH_PAYEES, BENCH_RUNS, BENCH_DATABASE_URL).
 */

import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { z } from 'zod';
import type { BankDetails } from '../src/domain/payments/bank-details';
import { readNacha } from '../src/domain/payments/nacha-reader.test-support';
import type { Database } from '../src/server/db/client';
import { queryRow, queryRows } from '../src/server/db/query-rows';
import { sealBankDetails } from '../src/server/payments/sealed';
import { checkPain001 } from '../test/support/pain001-check';
import { benchApp, benchContext, median, run, tokenFor, withScratchDatabase } from './support';

const PAYEES = Number(process.env.BENCH_PAYEES ?? 5000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const MAT = '2026-11-30';

const BASELINE_SQL = `
  select d.id, d.user_id, u.name, u.missionary_number, d.total_funds_disbursed, d.mid_month_disbursement,
         p.payout_method, p.sealed, p.masked_account, p.version, p.reviewed_version, p.proven_version
  from distributions d
  join users u on u.id = d.user_id
  left join payee_bank_details p on p.user_id = d.user_id
  where d.status = 'approved' and d.end_date = '${MAT}'
  order by d.user_id`;

const SURNAMES = ['Okafor', 'Núñez', 'Ødegård', 'Łukasiewicz', 'Nguyễn', '山田', 'Петров', "O'Brien"];
const WIRES = [
  { bank_country: 'DE', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', bank_name: 'Commerzbank', cur: 'EUR' },
  { bank_country: 'GB', iban: 'GB29NWBK60161331926819', bic: 'NWBKGB2L', bank_name: 'NatWest', cur: 'GBP' },
  {
    bank_country: 'FR',
    iban: 'FR1420041010050500013M02606',
    bic: 'PSSTFRPPXXX',
    bank_name: 'La Banque Postale',
    cur: 'EUR',
  },
];

/** Payee i's details: by i % 10, 0–6 ACH, 7–8 a wire, 9 a check. */
function detailsOf(i: number, name: string): BankDetails {
  const none = {
    bank_routing_number: null,
    bank_account_number: null,
    bank_account_type: null,
    beneficiary_name: null,
    bank_country: null,
    bank_currency: null,
    iban: null,
    bic: null,
    bank_name: null,
  };
  const k = i % 10;
  if (k <= 6) {
    return {
      ...none,
      payout_method: 'ach',
      bank_routing_number: i % 2 ? '021000021' : '011000015',
      bank_account_number: String(40_000_000 + i * 7),
      bank_account_type: i % 3 ? 'checking' : 'savings',
    };
  }
  if (k <= 8) {
    const wire = WIRES[i % WIRES.length];
    return {
      ...none,
      payout_method: 'wire',
      beneficiary_name: name,
      bank_country: wire.bank_country,
      bank_currency: wire.cur,
      iban: wire.iban,
      bic: wire.bic,
      bank_name: wire.bank_name,
    };
  }
  return { ...none, payout_method: 'check' };
}

/** Payees, their approved distributions and sealed details; the admin's id. */
async function seed(database: Database, config: Parameters<typeof sealBankDetails>[0]): Promise<number> {
  const admin = await queryRow(
    database.db,
    sql`insert into users (name, email, password_hash, role)
        values ('Bench Admin', 'admin@bench.example', 'x', 'admin') returning id`,
    z.object({ id: z.coerce.number() }),
  );
  const surnames = `array[${SURNAMES.map((s) => `'${s.replaceAll("'", "''")}'`).join(',')}]`;
  await database.db.execute(
    sql.raw(`
    insert into users (name, email, password_hash, role, missionary_number)
    select 'Ruth ' || (${surnames})[1 + i % ${SURNAMES.length}] || ' ' || i, 'payee' || i || '@bench.example', 'x',
           'missionary', 'M' || lpad(i::text, 5, '0')
    from generate_series(0, ${PAYEES - 1}) as i;
    insert into distributions (status, user_id, user_name, user_email, start_date, end_date, approved_at,
      total_funds_disbursed, mid_month_disbursement)
    select 'approved', u.id, u.name, u.email, '2026-11-01', '${MAT}', '${MAT}',
           1200 + (u.id * 37) % 2800 + (u.id % 100) / 100.0, case when u.id % 5 = 0 then 250 else 0 end
    from users u where u.role = 'missionary';`),
  );
  const rows = await queryRows(
    database.db,
    sql`select id, name from users where role = 'missionary' order by id`,
    z.object({ id: z.coerce.number(), name: z.string() }),
  );
  for (let start = 0; start < rows.length; start += 1000) {
    const chunk = rows.slice(start, start + 1000).map(({ id, name }, offset) => {
      const details = detailsOf(start + offset, name);
      const account = details.payout_method === 'ach' ? details.bank_account_number : details.iban;
      return {
        user_id: id,
        method: details.payout_method,
        sealed: sealBankDetails(config, id, details),
        masked: account ? `••••${account.slice(-4)}` : null,
      };
    });
    await database.db.execute(sql`
      insert into payee_bank_details (user_id, payout_method, sealed, masked_account, currency, version,
        reviewed_version, proven_version)
      select v.user_id, v.method, v.sealed, v.masked, case when v.method = 'none' then null else 'USD' end, 1, 1, 1
      from json_to_recordset(${JSON.stringify(chunk)}::json)
        as v(user_id int, method text, sealed text, masked text)`);
  }
  await database.db.execute(sql`analyze`);
  return admin.id;
}

async function ok(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  token: string,
  payload?: object,
) {
  const answer = await app.inject({ method, url, headers: { 'api-token': token }, payload });
  if (answer.statusCode >= 300) throw new Error(`${method} ${url}: ${answer.statusCode} ${answer.body}`);
  return answer;
}

/** The database as it was before a run: no batch, every payee's details reviewed and proven. */
async function reset(database: Database) {
  await database.db.execute(sql`
    delete from payment_line_items; delete from payment_lines; delete from payment_batches;
    update payee_bank_details set reviewed_version = 1, proven_version = 1`);
}

async function baselineMs(url: string): Promise<{ ms: number; rows: number; paidCents: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    let result = await client.query(BASELINE_SQL);
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      result = await client.query(BASELINE_SQL);
      samples.push(performance.now() - start);
    }
    const paidCents = result.rows.reduce(
      (total, row) =>
        total +
        Math.round(Number(row.total_funds_disbursed) * 100) -
        Math.round(Number(row.mid_month_disbursement) * 100),
      0,
    );
    return { ms: median(samples), rows: result.rowCount ?? 0, paidCents };
  } finally {
    await client.end();
  }
}

interface RunTimes {
  build: number;
  release: number;
  files: number;
  nacha: string;
  pain001: string;
  checks: string;
}

async function oneRun(app: FastifyInstance, token: string): Promise<RunTimes> {
  const start = performance.now();
  const draft = await ok(app, 'POST', '/api/payment-batches', token, { mat_date: MAT });
  const built = performance.now();
  const id = z.object({ id: z.number() }).parse(draft.json()).id;
  await ok(app, 'POST', `/api/payment-batches/${id}/release`, token);
  const released = performance.now();
  const nacha = (await ok(app, 'GET', `/api/payment-batches/${id}/nacha`, token)).body;
  const pain001 = (await ok(app, 'GET', `/api/payment-batches/${id}/pain001`, token)).body;
  const checks = (await ok(app, 'GET', `/api/payment-batches/${id}/checks`, token)).body;
  const fetched = performance.now();
  return { build: built - start, release: released - built, files: fetched - released, nacha, pain001, checks };
}

/** ACH, wire and check amounts in cents, each read by a reader the writer does not share. */
function paidInFiles(times: RunTimes): { ach: number; wire: number; check: number; entries: number } {
  const nacha = readNacha(times.nacha);
  if (nacha.problems.length > 0) throw new Error(`NACHA file: ${nacha.problems.slice(0, 5).join('; ')}`);
  const offset = nacha.totals.debits;
  const pain = checkPain001(times.pain001);
  if (pain.problems.length > 0) throw new Error(`pain.001 file: ${pain.problems.slice(0, 5).join('; ')}`);
  const wire = pain.transfers.reduce((total, t) => total + Math.round(Number(t.amount) * 100), 0);
  const rows = times.checks
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/)
    .slice(1);
  const check = rows.reduce((total, row) => total + Math.round(Number(/"?(\d+\.\d\d)"?(,|$)/.exec(row)?.[1]) * 100), 0);
  if (offset !== 0 && offset !== nacha.totals.credits) throw new Error('NACHA offset does not balance the credits');
  return { ach: nacha.totals.credits, wire, check, entries: nacha.entries.length };
}

run(async () => {
  await withScratchDatabase('payments', 4, async (database, url) => {
    const bench = benchContext(database);
    const seedStart = performance.now();
    const adminId = await seed(database, bench.context.config);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const app = await benchApp(bench);
    try {
      const token = await tokenFor(database, adminId);
      await ok(app, 'PATCH', '/api/settings/payments', token, {
        company_name: 'Sheepfold',
        company_id: '1123456789',
        origin_routing_number: '021000021',
        origin_bank_name: 'JPMorgan Chase',
        offset_account_number: '55555555',
        debtor_name: 'Sheepfold Mission',
        debtor_account_number: '000123456',
        debtor_bic: 'CHASUS33',
      });
      const baseline = await baselineMs(url);
      let last = await oneRun(app, token);
      const samples: RunTimes[] = [];
      for (let i = 0; i < RUNS; i++) {
        await reset(database);
        last = await oneRun(app, token);
        samples.push(last);
      }
      const paid = paidInFiles(last);
      const inFiles = paid.ach + paid.wire + paid.check;
      if (inFiles !== baseline.paidCents) {
        throw new Error(`files pay ${inFiles} cents, the distributions ${baseline.paidCents}`);
      }
      const build = median(samples.map((s) => s.build));
      const release = median(samples.map((s) => s.release));
      const both = median(samples.map((s) => s.build + s.release));
      const files = median(samples.map((s) => s.files));
      const ratio = (ms: number) => `${(ms / baseline.ms).toFixed(1)}×`;
      const line = (name: string, ms: number) =>
        console.log(`${name.padEnd(40)} ${ms.toFixed(0).padStart(6)} ms ${ratio(ms).padStart(8)} baseline`);
      console.log(
        `payments: ${PAYEES} payees (${paid.entries} NACHA entries with the offset), seeded in ${seedSeconds.toFixed(1)} s`,
      );
      console.log(
        `${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(2)}; medians of ${RUNS} runs after a warm-up`,
      );
      console.log(`${'baseline: raw SQL select of the rows'.padEnd(40)} ${baseline.ms.toFixed(0).padStart(6)} ms`);
      line('build the draft (POST /payment-batches)', build);
      line('release: files written and sealed', release);
      line('build + release (goal < 2,000 ms)', both);
      line('download NACHA, pain.001, checks', files);
      console.log(
        `check: NACHA $${(paid.ach / 100).toFixed(2)} + pain.001 $${(paid.wire / 100).toFixed(2)} + checks $${(paid.check / 100).toFixed(2)} = the distributions' $${(baseline.paidCents / 100).toFixed(2)}`,
      );
    } finally {
      await app.close();
      bench.dispose();
    }
  });
});
