import { z } from 'zod';
import { contracts, ZTimestamp } from '../contract';

/**
 * Progress of long work (decision 18, docs/decisions.md): Build MAT Day and donation imports. The browser
 * makes up a UUID, sends it with the work as `progress_id`, and polls GET /progress/{id} while the
 * work runs; the record is in the database, so any app process can answer (decision 19).
 */
export const PROGRESS_KINDS = ['mat-day-build', 'donation-import'] as const;
export const PROGRESS_STATUSES = ['running', 'done', 'failed'] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isProgressId(value: string): boolean {
  return UUID.test(value);
}

/** `progress_id` on the work's request: optional, a UUID. */
export const progressIdField = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : undefined),
  z.string().regex(UUID, 'Progress id must be a UUID.').optional(),
);

/** The message of a job whose process died before it finished (marked failed; docs/security.md "Jobs"). */
export const PROGRESS_INTERRUPTED = 'Interrupted: the server stopped before this work finished. Run it again.';

export const ZProgressSchema = z
  .object({
    id: z.string(),
    kind: z.enum(PROGRESS_KINDS),
    status: z.enum(PROGRESS_STATUSES),
    /** Items done (missionaries built, rows written) of `total`. */
    done: z.number().int(),
    total: z.number().int(),
    /** What is being worked on now (a missionary's name), or null. */
    current: z.string().nullable(),
    /** How the work ended, once it has. */
    message: z.string().nullable(),
    started_at: ZTimestamp,
    updated_at: ZTimestamp,
  })
  .meta({ id: 'Progress' });
export type TProgress = z.infer<typeof ZProgressSchema>;

export const progressContract = contracts('Progress', {
  getProgress: {
    method: 'GET',
    path: '/progress/:job',
    summary: 'How far a Build MAT Day or a donation import has got (admin).',
    description:
      'The job is the `progress_id` the browser sent with the work; readable only by the admin who started it. ' +
      'A job whose server stopped while it ran is failed with an "Interrupted" message. 404 until the work has started, to other admins, and for ' +
      'any other id. Records older than a day are removed.',
    request: { params: z.object({ job: z.string().max(100) }) },
    responses: { 200: ZProgressSchema },
  },
});

/** "Building 120 of 1,000: Ruth Okafor" — the line under the progress bar. */
export function progressText(progress: Pick<TProgress, 'kind' | 'done' | 'total' | 'current' | 'status'>): string {
  const count = (n: number) => n.toLocaleString('en-US');
  const verb = progress.kind === 'mat-day-build' ? 'Built' : 'Imported';
  if (progress.status !== 'running') return `${verb} ${count(progress.done)} of ${count(progress.total)}.`;
  const doing = progress.kind === 'mat-day-build' ? 'Building' : 'Importing';
  const base = `${doing} ${count(progress.done)} of ${count(progress.total)}`;
  return progress.current ? `${base}: ${progress.current}` : `${base}…`;
}

/** The bar's value, 0–100. */
export function progressPercent(progress: Pick<TProgress, 'done' | 'total'>): number {
  return progress.total <= 0 ? 0 : Math.min(100, Math.round((progress.done / progress.total) * 100));
}
