import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test-support/harness';
import { queryRow } from './query-rows';

/** The app's PostgreSQL sessions run with JIT off (see SESSION_OPTIONS in client.ts). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect(t.ctx.dbKind).toBe('postgres');
});
afterAll(() => t.close());

it('every pooled connection has jit off', async () => {
  // More checks than the pool has connections, at once, so several sessions answer.
  const answers = await Promise.all(
    Array.from({ length: 12 }, () => queryRow(t.ctx.db, sql`show jit`, z.object({ jit: z.string() }))),
  );
  expect(answers.map((answer) => answer.jit)).toEqual(Array(12).fill('off'));
});
