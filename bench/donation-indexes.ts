/**
 * Which of `donations`' indexes the queries that read donations use. A scratch PostgreSQL
 * database gets the migrations, 5,000 missionaries and BENCH_DONATIONS donations (default 500,000:
 * 20 monthly uploads, a quarter designated to hold accounts, donor names); then every donation list
 * query the service sends (captured from `paginateDonations` / `listDonations` through Drizzle's
 * logger: each sort both ways, by cursor, each filter, searches by staff and by a missionary, their
 * counts) and the other readers of donations (MAT Day, statements, hold accounts, distributions)
 * are run under EXPLAIN ANALYZE. Prints the indexes each query's plan reads and, at the end, every
 * index of `donations` with the queries that use it — an index no query uses costs every imported
 * row for nothing. Run: node --import tsx bench/donation-indexes.ts (BENCH_DONATIONS, BENCH_DATABASE_URL; BENCH_KEEP=1
 * keeps the scratch database to explore).
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { AuthUser } from '../src/server/auth/tokens';
import { openPostgres } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import * as schema from '../src/server/db/schema';
import {
  type DonationSort,
  listDonations,
  listUploadNames,
  paginateDonations,
} from '../src/server/donations/donations';
import { listUploadMissionaryTotals } from '../src/server/donations/upload-totals';
import { decodeCursor } from '../src/server/http/keyset';
import type { ListQuery } from '../src/server/http/pagination';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DONATIONS = Number(process.env.BENCH_DONATIONS ?? 500_000);
const MISSIONARIES = 5000;
const SCRATCH = `sheepfold_bench_indexes_${process.pid}`;
const urlFor = (database: string) => Object.assign(new URL(ADMIN_URL), { pathname: `/${database}` }).toString();

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function seed(client: pg.Client) {
  await client.query(`
    insert into users (name, email, password_hash, role, missionary_number)
    select 'Missionary ' || i, 'm' || i || '@example.org', 'x', 'missionary', 'M' || lpad(i::text, 5, '0')
    from generate_series(1, ${MISSIONARIES}) as i;
    insert into users (name, email, password_hash, role) values ('Office', 'office@example.org', 'x', 'admin');
    insert into hold_accounts (user_id, fund_name)
    select u.id, 'Fund ' || u.id from users u where u.role = 'missionary' and u.id % 25 = 0;
    insert into donation_uploads (upload_name, filename, content_sha256, row_count, total_amount)
    select 'Upload ' || k, 'f.csv', 'sha' || k, 0, 0 from generate_series(1, 20) as k;
    insert into donations (upload_id, upload_name, amount, count, user_id, user_name, fund_name, hold_account_id,
      donor_name, donor_key, gift_date, approved, created_at)
    select up.id, up.upload_name, (1 + (i * 7919) % 50000) / 100.0, 1 + i % 5, u.id, u.name,
      case when h.id is not null then h.fund_name end, h.id,
      'Donor ' || (i * 31) % 20000 || ', Pat', 'D-' || (i * 31) % 20000, date '2026-01-01' + (i % 300)::int, i % 3 = 0,
      now() - ((20 - up.id) || ' days')::interval
    from generate_series(1::bigint, ${DONATIONS}) as i
    join users u on u.id = (1 + (i * 7) % ${MISSIONARIES})::int
    join donation_uploads up on up.id = (1 + (i * 20 / ${DONATIONS + 1}))::int
    left join hold_accounts h on h.user_id = u.id and i % 4 = 0;
    analyze;`);
}

/** Index names anywhere in a JSON plan. */
function indexesOf(plan: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(plan)) for (const item of plan) indexesOf(item, found);
  else if (plan && typeof plan === 'object') {
    for (const [key, value] of Object.entries(plan)) {
      if (key === 'Index Name' && typeof value === 'string') found.add(value);
      else indexesOf(value, found);
    }
  }
  return found;
}

function nodesOf(plan: unknown, found: string[] = []): string[] {
  if (Array.isArray(plan)) for (const item of plan) nodesOf(item, found);
  else if (plan && typeof plan === 'object') {
    const node = plan as Record<string, unknown>;
    if (typeof node['Node Type'] === 'string' && node['Relation Name'] === 'donations') {
      found.push(`${node['Node Type']}${node['Index Name'] ? ` ${node['Index Name']}` : ''}`);
    }
    for (const value of Object.values(node)) if (typeof value === 'object') nodesOf(value, found);
  }
  return found;
}

async function main() {
  await admin(`drop database if exists ${SCRATCH} with (force)`);
  await admin(`create database ${SCRATCH}`);
  const database = openPostgres(urlFor(SCRATCH), 2);
  const client = new pg.Client({ connectionString: urlFor(SCRATCH) });
  const pool = new pg.Pool({ connectionString: urlFor(SCRATCH), max: 2 });
  try {
    await migrate(database);
    await client.connect();
    const seeded = performance.now();
    await seed(client);
    console.log(
      `seeded ${DONATIONS.toLocaleString('en-US')} donations in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );

    let captured: Array<{ sql: string; params: unknown[] }> = [];
    const db = drizzle(pool, {
      schema,
      logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
    }) as unknown as Parameters<typeof paginateDonations>[0];
    const staff: AuthUser = { id: MISSIONARIES + 1, name: 'Office', email: 'office@example.org', role: 'admin' };
    const missionary: AuthUser = { id: 4321, name: 'Missionary 4321', email: 'm4321@example.org', role: 'missionary' };
    const list = (q: Partial<ListQuery<DonationSort>>): ListQuery<DonationSort> => ({
      page: 0,
      limit: 25,
      orderBy: 'id',
      order: 'desc',
      q: null,
      cursor: null,
      ...q,
    });
    const sorts: DonationSort[] = [
      'id',
      'amount',
      'count',
      'user_name',
      'fund_name',
      'upload_name',
      'approved',
      'created_at',
    ];
    const cases: Array<[string, () => Promise<unknown>]> = [
      ...sorts.flatMap((orderBy) =>
        (['asc', 'desc'] as const).map(
          (order) =>
            [
              `staff list sorted by ${orderBy} ${order}`,
              () => paginateDonations(db, staff, list({ orderBy, order }), {}),
            ] as [string, () => Promise<unknown>],
        ),
      ),
      [
        'staff list, page 2 by cursor (amount)',
        async () => {
          const first = await paginateDonations(db, staff, list({ orderBy: 'amount' }), {});
          captured = [];
          const cursor = first.next_cursor ? decodeCursor(first.next_cursor) : null;
          return paginateDonations(db, staff, list({ orderBy: 'amount', cursor }), {});
        },
      ],
      ['staff list, page 200 by OFFSET', () => paginateDonations(db, staff, list({ page: 200 }), {})],
      ['one missionary (staff filter)', () => paginateDonations(db, staff, list({}), { userId: 4321 })],
      ['one upload', () => paginateDonations(db, staff, list({}), { uploadName: 'Upload 7' })],
      [
        'one upload sorted by user_name',
        () => paginateDonations(db, staff, list({ orderBy: 'user_name', order: 'asc' }), { uploadName: 'Upload 7' }),
      ],
      ['one hold account', () => paginateDonations(db, staff, list({}), { holdAccountId: 3 })],
      ['staff search "Missionary 4321"', () => paginateDonations(db, staff, list({ q: 'Missionary 4321' }), {})],
      ['staff search donor "Donor 1777,"', () => paginateDonations(db, staff, list({ q: 'Donor 1777,' }), {})],
      ['staff search fund "Fund 2500"', () => paginateDonations(db, staff, list({ q: 'Fund 2500' }), {})],
      ['staff search Account # "M04321"', () => paginateDonations(db, staff, list({ q: 'M04321' }), {})],
      ['staff search "Upload 7" (a twentieth of all)', () => paginateDonations(db, staff, list({ q: 'Upload 7' }), {})],
      ["missionary's own list", () => paginateDonations(db, missionary, list({}), {})],
      ['missionary\'s own search "Upload 7"', () => paginateDonations(db, missionary, list({ q: 'Upload 7' }), {})],
      [
        'GET /donation (unpaginated, newest 1,000) of one upload',
        () => listDonations(db, staff, { uploadName: 'Upload 7' }),
      ],
      [
        'upload totals per missionary (GET /donation/upload/7/missionary-totals)',
        () =>
          listUploadMissionaryTotals(db, 7, {
            page: 0,
            limit: 25,
            orderBy: 'total',
            order: 'desc',
            q: null,
            cursor: null,
          }),
      ],
      // Migration 0017: from its summaries, reading no donation.
      ['upload names (GET /donation/upload-names)', () => listUploadNames(db)],
    ];
    const others: Array<[string, string]> = [
      [
        "MAT Day: a chunk's donations of the month",
        `select d.id from donations d where d.user_id = any('{${Array.from({ length: 250 }, (_, i) => 1000 + i).join(',')}}'::int[]) and d.upload_name = 'Upload 7' and d.distribution_id is null`,
      ],
      [
        "statement: one missionary's month",
        `select d.hold_account_id, sum(d.amount) from donations d where d.user_id = 4321 and d.upload_name = 'Upload 7' group by 1`,
      ],
      [
        'statement / distribution: donations of a distribution',
        `select * from donations where distribution_id = 12 order by id`,
      ],
      [
        'hold account: designated donations waiting',
        `select count(*) from donations d where d.hold_account_id = 3 and not d.approved`,
      ],
      ['upload name taken?', `select 1 from donations where upload_name = 'Upload 7' limit 1`],
      [
        'upload names as grouped before migration 0017 (for scale)',
        `select upload_name, count(*), sum(amount), max(created_at) from donations group by upload_name order by max(id) desc limit 1000`,
      ],
    ];

    const use = new Map<string, string[]>();
    const explain = async (label: string, sql: string, params: unknown[] = []) => {
      const { rows } = await client.query(`explain (analyze, format json) ${sql}`, params);
      const plan = rows[0]['QUERY PLAN'][0];
      const indexes = [...indexesOf(plan)].filter((name) => name.startsWith('donations'));
      for (const name of indexes) use.set(name, [...(use.get(name) ?? []), label]);
      console.log(
        `${label.padEnd(58)} ${String(plan['Execution Time'].toFixed(1)).padStart(8)} ms  ${nodesOf(plan.Plan).join(' + ') || '(no donations node)'}`,
      );
    };
    for (const [label, run] of cases) {
      captured = [];
      await run();
      for (const query of captured) {
        if (!/from "?(donations|donation_upload_summaries)"?\s/.test(query.sql)) continue;
        await explain(`${label}${/^select count\(/.test(query.sql) ? ' (count)' : ''}`, query.sql, query.params);
      }
    }
    for (const [label, sql] of others) await explain(label, sql);

    const { rows: indexes } = await client.query(
      `select indexname, pg_size_pretty(pg_relation_size(indexname::regclass)) as size from pg_indexes where tablename = 'donations' order by indexname`,
    );
    console.log(`\n${indexes.length} indexes on donations:`);
    for (const { indexname, size } of indexes) {
      const users = use.get(indexname) ?? [];
      console.log(
        `${indexname.padEnd(34)} ${size.padStart(8)}  ${users.length === 0 ? 'UNUSED' : `${users.length}: ${users.join('; ')}`}`,
      );
    }
  } finally {
    await pool.end();
    await client.end().catch(() => undefined);
    await database.close();
    if (process.env.BENCH_KEEP) console.log(`kept database ${SCRATCH}`);
    else await admin(`drop database if exists ${SCRATCH} with (force)`);
  }
}

await main();
