import crypto from 'node:crypto';
import { count } from 'drizzle-orm';
import { AppError } from '../domain/errors';
import { generatePassword } from '../domain/users/schemas';
import type { Clock } from './context';
import type { Db } from './db/client';
import { isUniqueViolation } from './db/errors';
import { users } from './db/schema';
import { ensureDefaultSettings } from './settings/settings';
import { insertUser } from './users/create-user';

/**
 * First run: the known settings, and on an empty database one admin, from ADMIN_EMAIL and
 * ADMIN_PASSWORD or with a random password printed once.
 */
export async function bootstrap(
  db: Db,
  clock: Clock,
  admin: { email: string | null; password: string | null },
  print: (line: string) => void,
): Promise<void> {
  await ensureDefaultSettings(db);
  const [{ total }] = await db.select({ total: count() }).from(users);
  if (total > 0) return;
  const email = (admin.email ?? 'admin@sheepfold.local').toLowerCase();
  const password = admin.password ?? generatePassword((max) => crypto.randomInt(max));
  try {
    await insertUser(db, { name: 'Administrator', email, role: 'admin', password, now: clock.now() });
  } catch (error) {
    // Several app processes starting together on one empty database: one of them made the admin
    // (insertUser reports the unique violation as a field error on email).
    if (isUniqueViolation(error) || (error instanceof AppError && error.errors?.email)) return;
    throw error;
  }
  if (admin.password) {
    print(`Created the first admin ${email} with the password from ADMIN_PASSWORD.`);
  } else {
    print('');
    print('  First run: created the admin account');
    print(`    email:    ${email}`);
    print(`    password: ${password}`);
    print('  This password is shown only once. Sign in, then choose your own under');
    print('  "Change Password" in the menu (your other sessions end when you do).');
    print('');
  }
}
