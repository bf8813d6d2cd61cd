import type { Config } from './config';

export interface StartupFacts {
  config: Pick<Config, 'port' | 'dataDir' | 'databaseUrl' | 'smtpUrl' | 'publicUrl' | 'logLevel'>;
  /** Whether dist/web holds a built web app (otherwise only the API answers). */
  webBuilt: boolean;
  /** Configuration warnings (PUBLIC_URL unset, …), shown in the summary rather than as log lines. */
  warnings?: readonly string[];
  /** The first-run admin box from bootstrap(), empty on later starts. */
  firstRun: readonly string[];
}

const DEBUG_LEVELS = new Set(['debug', 'trace']);

/**
 * What `npm start` prints once it listens: where the app is, what it stores where, how loud the logs
 * are — and, on the first run, the admin's password last, so nothing scrolls it away.
 * Never a secret other than that one-time password: the database address loses its credentials.
 */
export function startupSummary(facts: StartupFacts): string[] {
  const { config } = facts;
  const address = config.publicUrl ?? `http://localhost:${config.port}`;
  const lines = [
    '',
    `  Sheepfold is ready on ${address}`,
    `    database: ${config.databaseUrl ? `PostgreSQL at ${withoutCredentials(config.databaseUrl)}` : `embedded, in ${config.dataDir}`}`,
    `    mail:     ${config.smtpUrl ? 'SMTP' : `written to ${config.dataDir}/outbox (no SMTP_URL)`}`,
    `    logs:     ${
      DEBUG_LEVELS.has(config.logLevel)
        ? `${config.logLevel}: every request`
        : `${config.logLevel}: errors only (LOG_LEVEL=debug logs every request)`
    }`,
  ];
  for (const warning of facts.warnings ?? []) lines.push(`    warning:  ${warning}`);
  if (!facts.webBuilt) lines.push('    web app:  not built — run `npm run build` (the API answers meanwhile)');
  return [...lines, ...(facts.firstRun.length > 0 ? facts.firstRun : [''])];
}

function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname}`;
  } catch {
    return 'the configured DATABASE_URL';
  }
}
