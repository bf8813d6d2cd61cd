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
   * The address users reach the app at (PUBLIC_URL), used for links in mail. Unset: the address of
   * the request, so a forged baseUrl can never point a reset link elsewhere.
   */
  publicUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  logLevel: string;
  /** Failed attempts allowed per key in one window before 429. */
  throttleLimit: number;
  throttleWindowMinutes: number;
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
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Sheepfold <no-reply@sheepfold.local>',
    logLevel: env.LOG_LEVEL || 'info',
    throttleLimit: Number(env.AUTH_THROTTLE_LIMIT || 5),
    throttleWindowMinutes: Number(env.AUTH_THROTTLE_MINUTES || 15),
  };
}
