import type { z } from 'zod';
import { AppError } from '../../domain/errors';
import { MESSAGES } from '../../domain/messages';
import type { createUserSchema } from '../../domain/users/schemas';
import { hashPassword } from '../auth/passwords';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { profiles, users } from '../db/schema';
import { recordAudit } from '../journal/journal';
import { findUserRow } from './get-user';
import { serializeUser } from './serialize';

type CreateUser = z.output<typeof createUserSchema>;

export async function insertUser(
  db: DbOrTx,
  input: { name: string; email: string; role: string; missionaryNumber?: string | null; password: string; now: Date },
) {
  const passwordHash = await hashPassword(input.password);
  try {
    const [user] = await db
      .insert(users)
      .values({
        name: input.name,
        email: input.email.toLowerCase(),
        role: input.role,
        missionaryNumber: input.missionaryNumber ?? null,
        passwordHash,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning();
    await db.insert(profiles).values({ userId: user.id, updatedAt: input.now });
    return user;
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('validation', MESSAGES.userCreateFailed, { email: [MESSAGES.emailTaken] });
    }
    throw error;
  }
}

/** POST /user: creates the user with an empty profile and mails a welcome with the login link. */
export async function createUser(ctx: AppContext, actorId: number, input: CreateUser, linkBase: string) {
  const now = ctx.clock.now();
  const user = await ctx.db.transaction(async (tx) => {
    const created = await insertUser(tx, { ...input, missionaryNumber: input.missionary_number, now });
    await recordAudit(tx, { actorId, action: 'create', entityType: 'user', entityId: created.id });
    return created;
  });
  const loginUrl = `${linkBase}/login`;
  await ctx.mailer
    .send({
      to: user.email,
      subject: 'Welcome to Sheepfold',
      text: [
        `Hello ${user.name},`,
        '',
        'An account has been created for you.',
        `Sign in at ${loginUrl} with your email address and this temporary password: ${input.password}`,
        '',
        'Please change your password after you sign in (Forgot Password on the login page works too).',
      ].join('\n'),
    })
    .catch((error: unknown) => ctx.log.error({ err: error }, 'welcome mail failed'));
  const row = await findUserRow(ctx.db, user.id);
  return serializeUser(row!.user, row!.profile);
}
