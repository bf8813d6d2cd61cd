import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { buildApp } from '../app';
import { issueApiToken } from '../auth/tokens';
import { createBackground } from '../background';
import { readConfig } from '../config';
import type { AppContext, Clock } from '../context';
import type { Database } from '../db/client';
import { queryRows } from '../db/query-rows';
import { createMailer, readOutbox } from '../mail/mailer';
import { ensureDefaultSettings } from '../settings/settings';
import { createStorage } from '../storage/create-storage';
import { insertUser } from '../users/create-user';
import { contractChecker } from './contract-check';
import { openTestDatabase } from './databases';

export const TEST_PASSWORD = 'secret-pass-1';

export class TestClock implements Clock {
  private current: Date;
  constructor(start = new Date('2026-11-21T15:00:00Z')) {
    this.current = start;
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
  set(instant: Date): void {
    this.current = new Date(instant);
  }
}

export interface SignedIn {
  id: number;
  email: string;
  name: string;
  role: string;
  token: string;
}

export interface CallOptions {
  token?: string | null;
  /** JSON body */
  json?: unknown;
  /** urlencoded form body */
  form?: Record<string, string | number>;
  /** multipart body; Blob values become files */
  multipart?: Record<string, string | number | { content: Buffer; filename: string; type?: string }>;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  /** The address the request comes from (default 127.0.0.1). */
  remoteAddress?: string;
}

export interface CallResult<T = any> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
  raw: Buffer;
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  clock: TestClock;
  dataDir: string;
  database: Database;
  /** A user of that role with a live api token. */
  signIn(
    role: 'admin' | 'employee' | 'missionary',
    fields?: { name?: string; email?: string; missionaryNumber?: string },
  ): Promise<SignedIn>;
  call<T = any>(method: string, url: string, options?: CallOptions): Promise<CallResult<T>>;
  outbox(): Promise<string[]>;
  /** Every row of the named tables, ordered by their first column. */
  snapshot(tables: readonly string[]): Promise<Record<string, unknown[]>>;
  close(): Promise<void>;
}

let sequence = 0;

/** One database and app per test file (beforeAll), shared by its tests. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    /** Run on this database instead of a copy of the template (scripts/check-model.ts). */
    database?: Database;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase());
  await ensureDefaultSettings(database.db);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheepfold-test-'));
  // No sign-in delay unless a test asks for one: timings never decide a test (throttle.test.ts in
  // src/domain/auth checks the delay rule itself).
  const config = readConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', AUTH_THROTTLE_DELAY_MS: '0', ...options.env });
  const clock = new TestClock();
  let log: AppContext['log'] | null = null;
  const background = createBackground(() => log ?? console);
  const context = {
    background,
    db: database.db,
    dbKind: database.kind,
    config,
    clock,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(dataDir, 'outbox') }),
    storage: createStorage(database, dataDir),
  };
  const app = await buildApp(context, { serveWeb: false });
  await app.ready();
  log = app.log;
  const ctx: AppContext = { ...context, log: app.log };
  const checkContract = contractChecker(app.routeTable);

  return {
    app,
    ctx,
    clock,
    dataDir,
    database,
    async signIn(role, fields = {}) {
      sequence += 1;
      const unique = `${process.pid}-${sequence}-${Math.random().toString(36).slice(2, 6)}`;
      const user = await insertUser(database.db, {
        name: fields.name ?? `${role[0].toUpperCase()}${role.slice(1)} ${unique}`,
        email: fields.email ?? `${role}-${unique}@example.org`,
        role,
        missionaryNumber:
          fields.missionaryNumber ?? (role === 'missionary' ? `M${String(sequence).padStart(4, '0')}` : null),
        password: TEST_PASSWORD,
        now: clock.now(),
      });
      const token = await issueApiToken(database.db, user.id, clock.now());
      return { id: user.id, email: user.email, name: user.name, role, token };
    },
    call: (method, url, callOptions = {}) => injectCall(app, checkContract, method, url, callOptions),
    async outbox() {
      await background.idle();
      return readOutbox(path.join(dataDir, 'outbox'));
    },
    async snapshot(tables) {
      const result: Record<string, unknown[]> = {};
      for (const table of tables) {
        if (!/^[a-z_]+$/.test(table)) throw new Error(`not a table name: ${table}`);
        result[table] = await queryRows(database.db, sql.raw(`select * from ${table} order by 1`), z.unknown());
      }
      return result;
    },
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One request through `inject`, its answer checked against the route's contract. */
async function injectCall(
  app: FastifyInstance,
  checkContract: ReturnType<typeof contractChecker>,
  method: string,
  url: string,
  options: CallOptions,
): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers['api-token'] = options.token;
  let payload: string | Buffer | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(options.json);
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(Object.entries(options.form).map(([k, v]) => [k, String(v)])).toString();
  } else if (options.multipart) {
    const built = buildMultipart(options.multipart);
    headers['content-type'] = built.contentType;
    payload = built.body;
  }
  const response = await app.inject({
    method: method as 'GET',
    url,
    headers,
    remoteAddress: options.remoteAddress,
    payload,
    query: options.query
      ? (Object.fromEntries(
          Object.entries(options.query)
            .filter(([, v]) => v !== undefined)
            .map(([k, v]) => [k, String(v)]),
        ) as Record<string, string>)
      : undefined,
  });
  const type = String(response.headers['content-type'] ?? '');
  const body = type.includes('application/json') ? response.json() : response.body;
  const sent = options.json ?? options.form ?? options.multipart;
  checkContract({
    method,
    url,
    override: (sent as { _method?: unknown } | undefined)?._method ?? options.query?._method,
    status: response.statusCode,
    contentType: type,
    body,
  });
  return { status: response.statusCode, body, headers: response.headers, raw: response.rawPayload };
}

function buildMultipart(fields: NonNullable<CallOptions['multipart']>): { contentType: string; body: Buffer } {
  const boundary = `----sheepfold${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'object') {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\n` +
            `Content-Type: ${value.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        value.content,
        Buffer.from('\r\n'),
      );
    } else {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(parts) };
}

/**
 * The 401 / 403 / 404 checks every route needs, as one table: each entry is [method, url, options].
 */
export async function expectStatus(
  test: TestApp,
  expected: number,
  calls: Array<[string, string, CallOptions?]>,
): Promise<void> {
  for (const [method, url, options] of calls) {
    const result = await test.call(method, url, options);
    if (result.status !== expected) {
      throw new Error(`${method} ${url}: expected ${expected}, got ${result.status} ${JSON.stringify(result.body)}`);
    }
  }
}

/**
 * Runs a call that must be refused and checks that it changed nothing: the listed tables hold the
 * same rows and the outbox the same mail afterwards. Returns the call's result for further checks.
 */
export async function expectNoChange<T>(
  test: TestApp,
  tables: readonly string[],
  action: () => Promise<T>,
): Promise<T> {
  const before = await test.snapshot(tables);
  const mailBefore = (await test.outbox()).length;
  const result = await action();
  expect(await test.snapshot(tables)).toEqual(before);
  expect((await test.outbox()).length).toBe(mailBefore);
  return result;
}
