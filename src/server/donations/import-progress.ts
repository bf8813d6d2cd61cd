import type { AuthUser } from '../auth/tokens';
import { errorSummary } from '../background';
import type { AppContext } from '../context';
import { startProgress } from '../progress/progress';

/**
 * Decision 18: a large import tells GET /progress/{id} "Importing 35,000 of 142,760:
 * <missionary>" while it writes. The rows go in ONE transaction (all or nothing, decision 12), so
 * the record is written beside it, on another connection of the pool. Each write is chained after
 * the one before (the record never goes back) and none is awaited by the import: the import never
 * waits on its progress, and with a pool of one connection the writes simply land after the commit.
 * PGlite has one connection and lets nothing else in while a transaction runs (a poll waits for the
 * import like any other request), so there only the start and the end are written.
 */
export interface ImportProgress {
  /** The rows to write, known once the file is read and matched. */
  rows(total: number): void;
  /** `done` rows written so far; `current` the missionary of the rows being written now. */
  written(done: number, current: string | null): void;
  /** Never throws: the import's own outcome stands whatever happens to its progress record. */
  finish(status: 'done' | 'failed', done: number, message: string): Promise<void>;
}

export const NO_IMPORT_PROGRESS: ImportProgress = { rows() {}, written() {}, finish: async () => {} };

export async function startImportProgress(
  ctx: AppContext,
  actor: AuthUser,
  id: string | undefined,
): Promise<ImportProgress> {
  if (!id) return NO_IMPORT_PROGRESS;
  const reporter = await startProgress(ctx, { id, kind: 'donation-import', userId: actor.id, total: 0 });
  const live = ctx.dbKind === 'postgres';
  let total = 0;
  let chain = Promise.resolve();
  const later = (write: () => Promise<void>) => {
    if (!live) return;
    chain = chain
      .then(write)
      .catch((error: unknown) => ctx.log.warn({ err: errorSummary(error) }, 'import progress not written'));
  };
  return {
    rows(rows) {
      total = rows;
      later(() => reporter.step(0, null, rows));
    },
    written(done, current) {
      later(() => reporter.step(done, current));
    },
    async finish(status, done, message) {
      await chain;
      await reporter
        .finish(status, done, message, total)
        .catch((error: unknown) => ctx.log.warn({ err: errorSummary(error) }, 'import progress not written'));
    },
  };
}
