/**
 * Year-end benchmark: the year-end report for many people through the real app (docs/tax.md).
 *
 * On a scratch PostgreSQL database it seeds BENCH_PEOPLE people (default 5,000) with twelve
 * approved distributions each in 2026 (60,000 rows; W2 with FICA, ministers, W2 Exempt and 1099
 * workers mixed) plus one reversed distribution in every hundred people, which the report must not
 * count. Then, over real HTTP (the app listening, a fetch reading the stream), it times:
 *
 *   - GET /api/reports/year-end?year=2026&format=csv — first byte and whole file;
 *   - the same as xlsx;
 *   - GET /api/year-end?year=2026 — the Year End screen's JSON.
 *
 * The baseline, measured in the same run: a raw SQL select of the same rows (the year's approved
 * distributions joined to their people, the same columns, the same order) read whole through one
 * `pg` client. Each time is printed with its ratio to the baseline; medians of BENCH_RUNS runs after
 * a warm-up. The CSV's total gross pay is checked against the table before anything is printed.
 *
 * Run: npm run bench:year-end (BENCH_PEOPLE, BENCH_RUNS, BENCH_DATABASE_URL).
 */

import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import type { Database } from '../src/server/db/client';
import { queryRow } from '../src/server/db/query-rows';
import { benchApp, benchContext, median, run, tokenFor, withScratchDatabase } from './support';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 5000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const YEAR = 2026;

/** The report's own read (src/server/year-end/load-year.ts), as one hand-written statement. */
const BASELINE_SQL = `
  select d.id, d.user_id, u.name, d.end_date, d.tax_status, d.gross_payroll, d.housing_allowance,
         d.housing_allowance_excluded, d.retirement, d.federal_income_tax, d.employee_ss, d.employee_mc,
         d.social_security_wages, d.medicare_wages
  from distributions d join users u on u.id = d.user_id
  where d.status = 'approved' and d.end_date between '${YEAR}-01-01' and '${YEAR}-12-31'
  order by d.end_date, d.id`;

/**
 * People and their year in two statements. Person i is, by i % 10: 0–5 W2 with FICA (6.2 % and
 * 1.45 % shares, Social Security wages equal to gross pay), 6 a minister (housing allowance $600
 * excluded under a designation, no FICA), 7 W2 Exempt, 8–9 1099. Pay varies by person.
 */
async function seed(database: Database): Promise<number> {
  const admin = await queryRow(
    database.db,
    sql`insert into users (name, email, password_hash, role)
        values ('Bench Admin', 'admin@bench.example', 'x', 'admin') returning id`,
    z.object({ id: z.coerce.number() }),
  );
  await database.db.execute(
    sql.raw(`
    insert into users (name, email, password_hash, role, missionary_number)
    select 'Person ' || lpad(i::text, 5, '0'), 'person' || i || '@bench.example', 'x', 'missionary', 'P' || i
    from generate_series(0, ${PEOPLE - 1}) as i;
    insert into distributions (status, user_id, user_name, user_email, start_date, end_date, approved_at,
      tax_status, fica_tax, gross_payroll, housing_allowance, housing_allowance_excluded, retirement,
      federal_income_tax, employee_ss, employee_mc, social_security_wages, medicare_wages)
    select case when m = 13 then 'reversed' else 'approved' end, u.id, u.name, u.email,
           make_date(${YEAR}, least(m, 12), 1), (make_date(${YEAR}, least(m, 12), 1) + interval '1 month - 1 day')::date,
           make_date(${YEAR}, least(m, 12), 28),
           case when k between 0 and 6 then 'W2' when k = 7 then 'W2 Exempt' else '1099' end, k <= 5,
           g, case when k = 6 then 600 else 0 end, case when k = 6 then 600 else 0 end,
           case when k <= 7 then 100 else 0 end, case when k <= 7 then 95 else 0 end,
           case when k <= 5 then round(g * 0.062, 2) else 0 end, case when k <= 5 then round(g * 0.0145, 2) else 0 end,
           case when k <= 5 then g else 0 end, case when k <= 5 then g else 0 end
    from (select id, name, email, (id % 10) as k, 1500 + (id * 37) % 2500 as g from users where role = 'missionary') u
    cross join generate_series(1, 13) as m
    where m <= 12 or u.id % 100 = 0;
    analyze;`),
  );
  return admin.id;
}

interface Timing {
  firstByte: number;
  total: number;
  bytes: number;
  body: string;
}

async function timedGet(url: string, token: string): Promise<Timing> {
  const start = performance.now();
  const response = await fetch(url, { headers: { 'api-token': token } });
  if (!response.ok || !response.body) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let firstByte = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!firstByte) firstByte = performance.now() - start;
    chunks.push(value);
  }
  const total = performance.now() - start;
  const body = Buffer.concat(chunks);
  return { firstByte, total, bytes: body.length, body: body.toString('utf8') };
}

/** Medians of first byte and total over RUNS runs after a warm-up, and the last body. */
async function measure(url: string, token: string) {
  let last = await timedGet(url, token);
  const firsts: number[] = [];
  const totals: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    last = await timedGet(url, token);
    firsts.push(last.firstByte);
    totals.push(last.total);
  }
  return { firstByte: median(firsts), total: median(totals), bytes: last.bytes, body: last.body };
}

async function baselineMs(url: string): Promise<{ ms: number; rows: number; grossCents: number }> {
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
    const grossCents = result.rows.reduce(
      (sum, row) => sum + Math.round(Number(row.gross_payroll) * 100) + Math.round(Number(row.housing_allowance) * 100),
      0,
    );
    return { ms: median(samples), rows: result.rowCount ?? 0, grossCents };
  } finally {
    await client.end();
  }
}

/** The CSV's total gross pay in cents (the "Gross pay" column of every row but the totals row). */
function csvGrossCents(csv: string): number {
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  const header = lines[0]?.split(',') ?? [];
  const column = header.indexOf('Gross pay');
  return lines
    .slice(1)
    .filter((line) => /^\d/.test(line))
    .reduce((sum, line) => sum + Math.round(Number(line.split(',')[column]) * 100), 0);
}

run(async () => {
  await withScratchDatabase('year_end', 4, async (database, url) => {
    const seedStart = performance.now();
    const adminId = await seed(database);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const bench = benchContext(database);
    const app = await benchApp(bench);
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
      const token = await tokenFor(database, adminId);
      const baseline = await baselineMs(url);
      const csv = await measure(`${base}/reports/year-end?year=${YEAR}&format=csv`, token);
      const xlsx = await measure(`${base}/reports/year-end?year=${YEAR}&format=xlsx`, token);
      const json = await measure(`${base}/year-end?year=${YEAR}`, token);
      const gross = csvGrossCents(csv.body);
      if (gross !== baseline.grossCents) throw new Error(`CSV gross pay ${gross} ≠ the table's ${baseline.grossCents}`);
      const ratio = (ms: number) => `${(ms / baseline.ms).toFixed(1)}×`;
      const line = (name: string, m: { firstByte: number; total: number; bytes: number }) =>
        console.log(
          `${name.padEnd(28)} first byte ${m.firstByte.toFixed(0).padStart(6)} ms   whole ${m.total.toFixed(0).padStart(6)} ms   ${ratio(m.total).padStart(7)} baseline   ${(m.bytes / 1024).toFixed(0)} KiB`,
        );
      console.log(
        `year end ${YEAR}: ${PEOPLE} people, ${baseline.rows} approved distributions (+${Math.ceil(PEOPLE / 100)} reversed, left out); seeded in ${seedSeconds.toFixed(1)} s`,
      );
      console.log(
        `${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(2)}; medians of ${RUNS} runs after a warm-up`,
      );
      console.log(`${'baseline: raw SQL select'.padEnd(28)} ${baseline.ms.toFixed(0).padStart(23)} ms`);
      line('report CSV (streamed)', csv);
      line('report XLSX (streamed)', xlsx);
      line('Year End screen JSON', json);
      console.log(`check: the CSV's gross pay equals the table's, $${(gross / 100).toFixed(2)}`);
    } finally {
      await app.close();
      bench.dispose();
    }
  });
});
