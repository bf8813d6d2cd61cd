import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… to use a PostgreSQL server; unset means embedded PGlite under dataDir. */
  databaseUrl: string | null;
  adminEmail: string | null;
  adminPassword: string | null;
  /**
   * The address users reach the app at (PUBLIC_URL), used for links in mail. Unset: links point to
   * http://localhost:{PORT} (with a warning), never to an address a request names (decision 16).
   */
  publicUrl: string | null;
  /**
   * TRUST_PROXY: whether X-Forwarded-For names the client. Off (false) by default; a hop count, or
   * a list of proxy addresses/CIDRs, as Fastify's trustProxy takes them.
   */
  trustProxy: boolean | number | string[];
  smtpUrl: string | null;
  mailFrom: string;
  /** How often the server sends queued notification mail (MAIL_POLL_MS, default 2000). */
  mailPollMs: number;
  logLevel: string;
  /** Failed attempts allowed per key in one window before 429. */
  throttleLimit: number;
  throttleWindowMinutes: number;
  /** Wait added per account-wide failure beyond the limit (AUTH_THROTTLE_DELAY_MS). */
  throttleDelayMs: number;
  /** SECRET_KEY: the key TOTP secrets are encrypted with; unset means DATA_DIR/secret.key (second-factor/secret-box.ts). */
  secretKey: string | null;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  return {
    port: Number(env.PORT || 3000),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    adminEmail: env.ADMIN_EMAIL || null,
    adminPassword: env.ADMIN_PASSWORD || null,
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : null,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Sheepfold <no-reply@sheepfold.local>',
    mailPollMs: Math.max(200, Number(env.MAIL_POLL_MS) || 2000),
    logLevel: env.LOG_LEVEL || 'info',
    throttleLimit: Number(env.AUTH_THROTTLE_LIMIT || 5),
    throttleWindowMinutes: Number(env.AUTH_THROTTLE_MINUTES || 15),
    throttleDelayMs: Number(env.AUTH_THROTTLE_DELAY_MS ?? 250),
    secretKey: env.SECRET_KEY?.trim() ? env.SECRET_KEY : null,
  };
}

/** "" / "false" / "0" → off; "1", "2" → that many hops; "10.0.0.1, 10.0.0.0/8" → those proxies only. */
export function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  if (text === 'true') {
    throw new Error('TRUST_PROXY=true would believe any X-Forwarded-For; give a hop count or the proxy addresses.');
  }
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}
