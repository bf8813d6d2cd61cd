import type { z } from 'zod';
import { AppError } from '../../domain/errors';
import { MESSAGES } from '../../domain/messages';
import type { createUserSchema } from '../../domain/users/schemas';
import { createPasswordLink } from '../auth/password-reset';
import { hashPassword } from '../auth/passwords';
import { errorSummary } from '../background';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { profiles, users } from '../db/schema';
import { recordAudit } from '../journal/journal';
import { mailLinkBase } from '../mail/links';
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

/** A new account's one-time sign-in link lives a week: long enough for a mail read on furlough. */
export const WELCOME_LINK_TTL_MS = 7 * 24 * 3600_000;

/**
 * POST /user: creates the user with an empty profile and mails a welcome with a one-time link that
 * sets their password. The mail never carries a password (docs/security.md, "Mail"): the link is
 * enough, and a password in a mail stays readable in every mailbox and outbox it passes. Without
 * SMTP the mail only reaches the outbox, so the answer carries `sign_in_link` for the admin to pass
 * on (decision 16, docs/decisions.md).
 */
export async function createUser(ctx: AppContext, actorId: number, input: CreateUser) {
  const now = ctx.clock.now();
  const { user, link } = await ctx.db.transaction(async (tx) => {
    const created = await insertUser(tx, { ...input, missionaryNumber: input.missionary_number, now });
    await recordAudit(tx, { actorId, action: 'create', entityType: 'user', entityId: created.id });
    return { user: created, link: await createPasswordLink(ctx, tx, created.id, WELCOME_LINK_TTL_MS) };
  });
  const loginUrl = `${mailLinkBase(ctx.config)}/login`;
  await ctx.mailer
    .send({
      to: user.email,
      subject: 'Welcome to Sheepfold',
      text: [
        `Hello ${user.name},`,
        '',
        'An account has been created for you. Choose your password with this link (it works once, for 7 days):',
        link,
        '',
        `Then sign in at ${loginUrl} with your email address and that password.`,
        'If the link has expired, ask the office for a new one or use "Forgot password" on the sign-in page.',
      ].join('\n'),
    })
    .catch((error: unknown) => ctx.log.error({ err: errorSummary(error) }, 'welcome mail failed'));
  const row = await findUserRow(ctx.db, user.id);
  const created = serializeUser(row!.user, row!.profile);
  return ctx.config.smtpUrl ? created : { ...created, sign_in_link: link };
}
