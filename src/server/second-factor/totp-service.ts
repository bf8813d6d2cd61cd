import crypto from 'node:crypto';
import { and, count, eq, isNull, lt, notLike } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { SECOND_FACTOR_MESSAGES } from '../../domain/second-factor/messages';
import {
  formatRecoveryCode,
  mustEnrol,
  RECOVERY_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  readTypedCode,
} from '../../domain/second-factor/rules';
import { verifyPassword } from '../auth/passwords';
import { takeAttempt, uncountAttempt } from '../auth/throttle';
import { type AuthUser, hashToken, markSecondFactor } from '../auth/tokens';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { recoveryCodes, totpCredentials, users } from '../db/schema';
import { recordAudit } from '../journal/journal';
import { mailLinkBase } from '../mail/links';
import { adminsMustUseSecondFactor } from './policy';
import { isSealed, openSecret, sealSecret, secretKeyOf } from './secret-box';
import { newTotpSecret, otpauthUrl, qrSvg, verifyTotp } from './totp';

/** The TOTP row of a user (pending or on), or null; `secret` as stored (sealed). */
async function totpOf(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(totpCredentials).where(eq(totpCredentials.userId, userId));
  return row ?? null;
}

/**
 * The TOTP row with its secret decrypted. A secret stored before encryption (plain base32) is read
 * as it is and sealed now, so every secret in use ends up encrypted (main.ts seals the rest at start).
 */
async function readTotp(ctx: Pick<AppContext, 'db' | 'config'>, userId: number) {
  const row = await totpOf(ctx.db, userId);
  if (!row) return null;
  const { key } = secretKeyOf(ctx.config);
  const secret = openSecret(key, userId, row.secret);
  if (!isSealed(row.secret)) {
    await ctx.db
      .update(totpCredentials)
      .set({ secret: sealSecret(key, userId, secret) })
      .where(and(eq(totpCredentials.userId, userId), eq(totpCredentials.secret, row.secret)));
  }
  return { ...row, secret };
}

/** At start: seals every TOTP secret still stored as plain text (stored before encryption); how many. */
export async function sealStoredTotpSecrets(db: DbOrTx, config: Pick<AppContext['config'], 'secretKey' | 'dataDir'>) {
  const { key } = secretKeyOf(config);
  const rows = await db
    .select({ userId: totpCredentials.userId, secret: totpCredentials.secret })
    .from(totpCredentials)
    .where(notLike(totpCredentials.secret, 'v1:%'));
  for (const row of rows) {
    await db
      .update(totpCredentials)
      .set({ secret: sealSecret(key, row.userId, row.secret) })
      .where(and(eq(totpCredentials.userId, row.userId), eq(totpCredentials.secret, row.secret)));
  }
  return rows.length;
}

export async function hasTotp(db: DbOrTx, userId: number): Promise<boolean> {
  return Boolean((await totpOf(db, userId))?.confirmedAt);
}

export async function recoveryCodesLeft(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

/** GET /account/second-factor: what the account page shows. */
export async function secondFactorStatus(ctx: AppContext, user: AuthUser) {
  const row = await totpOf(ctx.db, user.id);
  const policyOn = await adminsMustUseSecondFactor(ctx.db);
  const totp: 'on' | 'pending' | 'off' = row?.confirmedAt ? 'on' : row ? 'pending' : 'off';
  return {
    totp,
    totp_confirmed_at: row?.confirmedAt?.toISOString() ?? null,
    recovery_codes_left: await recoveryCodesLeft(ctx.db, user.id),
    required: mustEnrol({ role: user.role, policyOn, sessionHasSecondFactor: false }),
    enrolment_needed: user.enrolmentNeeded === true,
  };
}

/** POST /account/totp: a new pending secret (replacing an unconfirmed one); 409 while TOTP is on. */
export async function startTotp(ctx: AppContext, user: AuthUser) {
  const existing = await totpOf(ctx.db, user.id);
  if (existing?.confirmedAt) throw AppError.conflict('TOTP is already on. Turn it off first to set it up again.');
  const secret = newTotpSecret();
  const now = ctx.clock.now();
  const sealed = sealSecret(secretKeyOf(ctx.config).key, user.id, secret);
  await ctx.db
    .insert(totpCredentials)
    .values({ userId: user.id, secret: sealed, createdAt: now })
    .onConflictDoUpdate({ target: totpCredentials.userId, set: { secret: sealed, createdAt: now, lastStep: 0 } });
  const url = otpauthUrl(secret, user.email);
  return { secret, otpauth_url: url, qr_svg: await qrSvg(url) };
}

function newRecoveryCode(): string {
  let code = '';
  for (const byte of crypto.randomBytes(RECOVERY_CODE_LENGTH))
    code += RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length];
  return code;
}

/** Codes are hashed per user, so the same code of two users never collides. */
function recoveryHash(userId: number, code: string): string {
  return hashToken(`${userId}:${code}`);
}

/** The user's recovery codes replaced by RECOVERY_CODE_COUNT new ones (only their hashes are kept). */
async function replaceRecoveryCodes(tx: DbOrTx, userId: number, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx
    .insert(recoveryCodes)
    .values(codes.map((c) => ({ userId, codeHash: recoveryHash(userId, c), createdAt: now })));
  return codes;
}

/**
 * POST /account/totp/confirm: a current code turns TOTP on; 10 recovery codes come back, shown this
 * once (only their hashes are kept). The session it happens in counts as two-factor from now on.
 */
export async function confirmTotp(ctx: AppContext, user: AuthUser, sessionToken: string, code: string) {
  const row = await readTotp(ctx, user.id);
  if (!row) throw AppError.conflict('Start setting up the authenticator app first.');
  if (row.confirmedAt) throw AppError.conflict('TOTP is already on.');
  const key = `totp:${user.id}`;
  await takeAttempt(ctx, key, ctx.config.throttleLimit);
  const now = ctx.clock.now();
  const step = verifyTotp(row.secret, code.replace(/\s+/g, ''), now, row.lastStep);
  if (step === null) throw AppError.field('code', SECOND_FACTOR_MESSAGES.wrongCode);
  await uncountAttempt(ctx, key);
  const codes = await ctx.db.transaction(async (tx) => {
    await tx
      .update(totpCredentials)
      .set({ confirmedAt: now, lastStep: step })
      .where(eq(totpCredentials.userId, user.id));
    const fresh = await replaceRecoveryCodes(tx, user.id, now);
    await markSecondFactor(tx, sessionToken, now);
    await recordAudit(tx, { actorId: user.id, action: 'enable_totp', entityType: 'user', entityId: user.id });
    return fresh;
  });
  notify(ctx, user, 'A second factor (authenticator app) was turned on for your Sheepfold account.');
  return { recovery_codes: codes.map(formatRecoveryCode) };
}

/**
 * Whether a typed code (TOTP or recovery) proves the second factor of a user with TOTP on. A TOTP
 * code is taken only for a step later than the last one (the update is conditional, so two
 * requests with one code cannot both pass); a recovery code is used up.
 */
export async function consumeSecondFactor(
  ctx: Pick<AppContext, 'db' | 'config'>,
  userId: number,
  typed: string,
  now: Date,
): Promise<boolean> {
  const { db } = ctx;
  const row = await readTotp(ctx, userId);
  if (!row?.confirmedAt) return false;
  const code = readTypedCode(typed);
  if (code.kind === 'totp') {
    const step = verifyTotp(row.secret, code.code, now, row.lastStep);
    if (step === null) return false;
    const taken = await db
      .update(totpCredentials)
      .set({ lastStep: step })
      .where(and(eq(totpCredentials.userId, userId), lt(totpCredentials.lastStep, step)))
      .returning({ userId: totpCredentials.userId });
    return taken.length === 1;
  }
  if (code.kind === 'recovery') {
    const used = await db
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(recoveryCodes.userId, userId),
          eq(recoveryCodes.codeHash, recoveryHash(userId, code.code)),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id });
    return used.length === 1;
  }
  return false;
}

/** DELETE /account/totp: password and a code (or recovery code) turn TOTP off; 409 when it is off. */
export async function disableTotp(ctx: AppContext, user: AuthUser, input: { password: string; code: string }) {
  if (!(await hasTotp(ctx.db, user.id))) throw AppError.conflict('TOTP is not on.');
  const key = `totp:${user.id}`;
  await takeAttempt(ctx, key, ctx.config.throttleLimit);
  const [account] = await ctx.db.select().from(users).where(eq(users.id, user.id));
  if (!(await verifyPassword(account.passwordHash, input.password))) {
    throw AppError.field('password', 'The password is incorrect.');
  }
  const now = ctx.clock.now();
  if (!(await consumeSecondFactor(ctx, user.id, input.code, now)))
    throw AppError.field('code', SECOND_FACTOR_MESSAGES.wrongCode);
  await uncountAttempt(ctx, key);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(totpCredentials).where(eq(totpCredentials.userId, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await recordAudit(tx, { actorId: user.id, action: 'disable_totp', entityType: 'user', entityId: user.id });
  });
  notify(ctx, user, 'The authenticator app was turned off for your Sheepfold account.');
  return { success: true, message: 'The authenticator app is off.' };
}

/**
 * POST /account/recovery-codes: the owner proves it is them — the password, or a current code (a
 * TOTP code, or one of the old recovery codes, which is used up) — and gets RECOVERY_CODE_COUNT new
 * codes, shown this once; every old one stops working. Wrong guesses are throttled like turning TOTP off.
 */
export async function regenerateRecoveryCodes(
  ctx: AppContext,
  user: AuthUser,
  input: { password?: string; code?: string },
) {
  if (!(await hasTotp(ctx.db, user.id))) throw AppError.conflict('Turn on the authenticator app first.');
  const key = `totp:${user.id}`;
  await takeAttempt(ctx, key, ctx.config.throttleLimit);
  const now = ctx.clock.now();
  if (input.password !== undefined) {
    const [account] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    if (!(await verifyPassword(account.passwordHash, input.password))) {
      throw AppError.field('password', 'The password is incorrect.');
    }
  } else if (!(await consumeSecondFactor(ctx, user.id, input.code ?? '', now))) {
    throw AppError.field('code', SECOND_FACTOR_MESSAGES.wrongCode);
  }
  await uncountAttempt(ctx, key);
  const codes = await ctx.db.transaction(async (tx) => {
    const fresh = await replaceRecoveryCodes(tx, user.id, now);
    await recordAudit(tx, {
      actorId: user.id,
      action: 'regenerate_recovery_codes',
      entityType: 'user',
      entityId: user.id,
    });
    return fresh;
  });
  notify(ctx, user, 'New recovery codes were made for your Sheepfold account; the old ones no longer work.');
  return { recovery_codes: codes.map(formatRecoveryCode) };
}

/** A mail telling the user their sign-in changed (sent after the answer, like every security mail). */
export function notify(ctx: AppContext, user: { email: string; name: string }, what: string) {
  ctx.background.run('second factor mail', () =>
    ctx.mailer.send({
      to: user.email,
      subject: 'Your Sheepfold sign-in changed',
      text: [
        `Hello ${user.name},`,
        '',
        what,
        '',
        `If you did not do this, reset your password at ${mailLinkBase(ctx.config)}/forgot-password and tell the office.`,
      ].join('\n'),
    }),
  );
}
