import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { isRefused, throttleLimits } from '../../domain/auth/throttle';
import { AppError } from '../../domain/errors';
import { openSession } from '../auth/login';
import { countAttempt, uncountAttempt } from '../auth/throttle';
import type { AuthUser } from '../auth/tokens';
import type { Config } from '../config';
import type { AppContext } from '../context';
import { passkeys, users } from '../db/schema';
import { recordAudit } from '../journal/journal';
import { mailLinkBase } from '../mail/links';
import { consumeChallenge, createChallenge, findChallenge } from './challenges';

/**
 * Passkeys (WebAuthn, decision 16) through @simplewebauthn/server. The relying party is the app's
 * own address, PUBLIC_URL (else http://localhost:{PORT}): its host name is the rpID, its origin the
 * only origin accepted. A passkey sign-in proves possession and (user verification) the person:
 * it counts as both factors.
 */
export function relyingParty(config: Pick<Config, 'publicUrl' | 'port'>) {
  const url = new URL(mailLinkBase(config));
  return { rpID: url.hostname, origin: url.origin, rpName: 'Sheepfold' };
}

const NOT_VERIFIED = 'The passkey could not be verified. Try again.';
const SIGN_IN_FAILED = 'That passkey did not sign you in. Try again, or sign in with your password.';

function serialize(row: typeof passkeys.$inferSelect) {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function listPasskeys(ctx: AppContext, userId: number) {
  const rows = await ctx.db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.id));
  return rows.map(serialize);
}

const transportsOf = (text: string) =>
  (text ? text.split(',') : undefined) as AuthenticatorTransportFuture[] | undefined;
type AuthenticatorTransportFuture = 'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb';

/** POST /account/passkeys/options: creation options for a discoverable credential of this user. */
export async function registrationOptions(ctx: AppContext, user: AuthUser) {
  const rp = relyingParty(ctx.config);
  const existing = await ctx.db.select().from(passkeys).where(eq(passkeys.userId, user.id));
  const options = await generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpID,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(`sheepfold-user-${user.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: transportsOf(p.transports) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  const now = ctx.clock.now();
  const token = await createChallenge(ctx.db, {
    purpose: 'passkey_register',
    userId: user.id,
    challenge: options.challenge,
    now,
  });
  return { challenge_token: token, options: { ...options } };
}

/** POST /account/passkeys: verifies the authenticator's answer and keeps the public key. */
export async function registerPasskey(
  ctx: AppContext,
  user: AuthUser,
  input: { challenge_token: string; name: string; response: RegistrationResponseJSON },
) {
  const now = ctx.clock.now();
  const challenge = await findChallenge(ctx.db, input.challenge_token, 'passkey_register', now);
  if (!challenge || challenge.userId !== user.id || !challenge.challenge) {
    throw AppError.field('challenge_token', 'This registration has expired. Start again.');
  }
  const rp = relyingParty(ctx.config);
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
    });
  } catch {
    throw AppError.field('response', NOT_VERIFIED);
  }
  if (!verification.verified) throw AppError.field('response', NOT_VERIFIED);
  if (!(await consumeChallenge(ctx.db, challenge.id, now))) {
    throw AppError.field('challenge_token', 'This registration has expired. Start again.');
  }
  const { credential } = verification.registrationInfo;
  const [taken] = await ctx.db.select().from(passkeys).where(eq(passkeys.credentialId, credential.id));
  if (taken) throw AppError.conflict('This passkey is already registered.');
  const [row] = await ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(passkeys)
      .values({
        userId: user.id,
        name: input.name,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: (credential.transports ?? []).join(','),
        createdAt: now,
      })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning();
    if (inserted.length === 0) throw AppError.conflict('This passkey is already registered.');
    await recordAudit(tx, { actorId: user.id, action: 'add_passkey', entityType: 'user', entityId: user.id });
    return inserted;
  });
  return serialize(row);
}

/** DELETE /account/passkeys/{id}: only your own; another user's passkey is answered as if it did not exist (404). */
export async function deletePasskey(ctx: AppContext, user: AuthUser, id: number) {
  const removed = await ctx.db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id)))
    .returning({ id: passkeys.id });
  if (removed.length === 0) throw AppError.notFound('Passkey not found.');
  await recordAudit(ctx.db, { actorId: user.id, action: 'remove_passkey', entityType: 'user', entityId: user.id });
  return { success: true, message: 'The passkey was removed.' };
}

/**
 * POST /login/passkey/options: request options. Without an email any passkey of this site may
 * answer (username-less); with one, the browser is told which credentials that account has. An
 * unknown email gets the same answer as none, so the options do not tell which accounts exist.
 */
export async function signInOptions(ctx: AppContext, email: string | undefined) {
  const rp = relyingParty(ctx.config);
  const known = email
    ? await ctx.db
        .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
        .from(passkeys)
        .innerJoin(users, eq(users.id, passkeys.userId))
        .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt)))
    : [];
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    userVerification: 'required',
    allowCredentials: known.map((p) => ({ id: p.credentialId, transports: transportsOf(p.transports) })),
  });
  const token = await createChallenge(ctx.db, {
    purpose: 'passkey_sign_in',
    userId: null,
    challenge: options.challenge,
    now: ctx.clock.now(),
  });
  return { challenge_token: token, options: { ...options } };
}

/** POST /login/passkey: the signature over the challenge with a registered key opens a session. */
export async function signInWithPasskey(
  ctx: AppContext,
  input: { challenge_token: string; response: AuthenticationResponseJSON },
  ip: string,
) {
  const limits = throttleLimits(ctx.config.throttleLimit, ctx.config.throttleDelayMs);
  const addressKey = `login-ip:${ip}`;
  if (isRefused(limits, { pair: 0, address: await countAttempt(ctx, addressKey) })) {
    throw new AppError('rate_limited');
  }
  const now = ctx.clock.now();
  const challenge = await findChallenge(ctx.db, input.challenge_token, 'passkey_sign_in', now);
  if (!challenge?.challenge) throw new AppError('unauthenticated', 'This sign-in has expired. Try again.');
  const { response } = input;
  const [row] = await ctx.db
    .select({ passkey: passkeys })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(and(eq(passkeys.credentialId, response.id), isNull(users.deletedAt)));
  if (!row) throw new AppError('unauthenticated', SIGN_IN_FAILED);
  const rp = relyingParty(ctx.config);
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
      credential: {
        id: row.passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(row.passkey.publicKey, 'base64url')),
        counter: row.passkey.counter,
        transports: transportsOf(row.passkey.transports),
      },
    });
  } catch {
    throw new AppError('unauthenticated', SIGN_IN_FAILED);
  }
  if (!verification.verified || !(await consumeChallenge(ctx.db, challenge.id, now))) {
    throw new AppError('unauthenticated', SIGN_IN_FAILED);
  }
  await ctx.db
    .update(passkeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: now })
    .where(eq(passkeys.id, row.passkey.id));
  await uncountAttempt(ctx, addressKey);
  return openSession(ctx, row.passkey.userId, true);
}
