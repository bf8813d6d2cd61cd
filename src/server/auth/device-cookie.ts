import crypto from 'node:crypto';
import { ACCOUNT_GUARD } from '../../domain/auth/account-guard';
import type { Config } from '../config';
import { secretKeyOf } from '../second-factor/secret-box';

/**
 * The device cookie (docs/security.md, "Guessing per account"): a browser that completed a sign-in
 * to an account holds `sheepfold_device_<user id>` = `<user id>.<issued, unix seconds>.<HMAC>`, signed
 * with a key derived from SECRET_KEY (or DATA_DIR/secret.key). HttpOnly, SameSite=Strict, one year,
 * sent only to the sign-in routes (Path=/api/login). It proves nothing but "this browser signed in
 * to this account before": it never opens a session, it only lets its holder past the account lock.
 */
const PREFIX = 'sheepfold_device_';
const MAX_AGE_S = ACCOUNT_GUARD.deviceCookieDays * 24 * 3600;

type KeyConfig = Pick<Config, 'secretKey' | 'dataDir'>;

function mac(config: KeyConfig, userId: number, issued: number): string {
  const key = crypto.createHmac('sha256', secretKeyOf(config).key).update('sheepfold device cookie v1').digest();
  return crypto.createHmac('sha256', key).update(`${userId}.${issued}`).digest('base64url');
}

export function deviceCookieName(userId: number): string {
  return `${PREFIX}${userId}`;
}

/** The Set-Cookie header a completed sign-in of `userId` answers with. */
export function deviceCookieHeader(config: KeyConfig, userId: number, now: Date, secure: boolean): string {
  const issued = Math.floor(now.getTime() / 1000);
  const value = `${userId}.${issued}.${mac(config, userId, issued)}`;
  const attributes = [`Max-Age=${MAX_AGE_S}`, 'Path=/api/login', 'HttpOnly', 'SameSite=Strict'];
  if (secure) attributes.push('Secure');
  return `${deviceCookieName(userId)}=${value}; ${attributes.join('; ')}`;
}

/** A request's cookies by name (the first of each name). */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const name = part.slice(0, at).trim();
    if (!cookies.has(name)) cookies.set(name, part.slice(at + 1).trim());
  }
  return cookies;
}

/**
 * The browser's device id when the Cookie header holds a valid, unexpired device cookie of this
 * user (a short digest of the cookie, to count that browser's own failures by), else null.
 */
export function deviceOf(config: KeyConfig, cookieHeader: string | undefined, userId: number, now: Date) {
  const value = parseCookies(cookieHeader).get(deviceCookieName(userId));
  const match = /^(\d{1,10})\.(\d{1,12})\.([\w-]{43})$/.exec(value ?? '');
  if (!match || Number(match[1]) !== userId) return null;
  const issued = Number(match[2]);
  const age = now.getTime() / 1000 - issued;
  if (age < -300 || age > MAX_AGE_S) return null;
  const expected = Buffer.from(mac(config, userId, issued));
  const given = Buffer.from(match[3]);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  return crypto
    .createHash('sha256')
    .update(value ?? '')
    .digest('base64url')
    .slice(0, 16);
}

/** Answers a completed sign-in with the account's device cookie (Secure over HTTPS). */
export function rememberDevice(
  config: KeyConfig & Pick<Config, 'publicUrl'>,
  reply: { header(name: string, value: string): unknown },
  request: { protocol: string },
  userId: number,
  now: Date,
): void {
  const secure = request.protocol === 'https' || (config.publicUrl?.startsWith('https:') ?? false);
  reply.header('set-cookie', deviceCookieHeader(config, userId, now, secure));
}
