/** PostgreSQL error codes the services turn into user-facing answers. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = findPgError(error);
  return e?.code === '23505' && (!constraint || e.constraint === constraint);
}

export function isForeignKeyViolation(error: unknown): boolean {
  return findPgError(error)?.code === '23503';
}

/**
 * The database's own error (SQLSTATE and message) anywhere in an error's cause chain, for the log:
 * Drizzle wraps it in "Failed query: <sql> params: …", whose parameters must never be logged
 * (docs/security.md "Logs"). A data exception's message (class 22) can quote the offending value,
 * so its quoted parts are left out.
 */
export function databaseErrorOf(error: unknown): { code: string; message: string } | null {
  const found = findPgError(error) as { code: string; message?: unknown } | null;
  if (!found) return null;
  const raw = typeof found.message === 'string' ? found.message : '';
  const message = found.code.startsWith('22') ? raw.replace(/"[^"]*"/g, '"…"') : raw;
  return { code: found.code, message: message.slice(0, 300) };
}

/** A serialization failure or a deadlock: the whole transaction may be run again (db/retry.ts). */
export function isRetryableTransactionError(error: unknown): boolean {
  const code = findPgError(error)?.code;
  return code === '40001' || code === '40P01';
}

function findPgError(error: unknown): { code?: string; constraint?: string } | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    const candidate = current as { code?: unknown; constraint?: string; cause?: unknown };
    if (typeof candidate.code === 'string' && /^\d{2}[0-9A-Z]{3}$/.test(candidate.code)) {
      return candidate as { code: string; constraint?: string };
    }
    current = candidate.cause;
  }
  return null;
}

/** An exclusion constraint refused the row (23P01), e.g. two distributions of one missionary sharing a day. */
export function isExclusionViolation(error: unknown, constraint?: string): boolean {
  const e = findPgError(error);
  return e?.code === '23P01' && (!constraint || e.constraint === constraint);
}
