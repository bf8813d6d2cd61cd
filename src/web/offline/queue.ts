import type { ErrorBody } from '../../domain/errors';

/**
 * The rules of the outbox, kept apart from IndexedDB and fetch so they can be tested
 * alone: what is sent next, what a request looks like, what an answer means, and how a report
 * started on this device hands its real id to the lines made for it.
 */
export type OutboxKind = 'report' | 'expense' | 'mileage' | 'fileUpload';
export type OutboxAction = 'create' | 'update' | 'delete';

export interface OutboxItem {
  seq?: number;
  userId: number;
  /**
   * The report the item belongs to. Negative (−seq of the report's create) while that report was
   * itself started on this device and is not sent yet; 0 for a report's own create.
   */
  reportId: number;
  kind: OutboxKind;
  /** Older items (kept before changes were queued) are creates. */
  action?: OutboxAction;
  /** The server row an update or a delete is for. */
  targetId?: number;
  /** The Idempotency-Key of a create. */
  key: string;
  fields: Record<string, string>;
  file?: Blob;
  filename?: string;
  /** When the user made it (ISO time), for the list. */
  madeAt: string;
  /** The server's refusal, once it refused: the item then waits for the user, never retried alone. */
  refused?: string;
  refusal?: { status: number; body: Partial<ErrorBody> };
}

export const actionOf = (item: OutboxItem): OutboxAction => item.action ?? 'create';

/** The id a report started on this device goes by until it is sent: its create's seq, negated. */
export const localReportId = (seq: number) => -seq;

export const isReportCreate = (item: OutboxItem) => item.kind === 'report' && actionOf(item) === 'create';

/** The item is about this report: one of its lines, a change to it, or (for a local report) its create. */
export function belongsTo(item: OutboxItem, reportId: number): boolean {
  if (isReportCreate(item)) return item.seq !== undefined && localReportId(item.seq) === reportId;
  if (item.kind === 'report') return item.targetId === reportId;
  return item.reportId === reportId;
}

/**
 * The oldest item that can go now: not refused, and not a line of a report that is still waiting
 * (its report goes first; while the report is refused its lines stay, not sent to a report that
 * does not exist).
 */
export function nextToSend(items: readonly OutboxItem[]): OutboxItem | undefined {
  return [...items].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0)).find((item) => !item.refused && item.reportId >= 0);
}

const PATHS: Record<OutboxKind, string> = {
  report: '/api/expense-report',
  expense: '/api/expense',
  mileage: '/api/mileage',
  fileUpload: '/api/fileUpload',
};

export interface OutboxRequest {
  method: 'POST' | 'DELETE';
  path: string;
  /** Form fields; PATCH goes as POST with _method, as the API client sends it. */
  fields?: Record<string, string>;
  idempotencyKey?: string;
}

/** The HTTP request an item is sent as. */
export function requestOf(item: OutboxItem): OutboxRequest {
  const action = actionOf(item);
  if (action === 'create') {
    return { method: 'POST', path: PATHS[item.kind], fields: item.fields, idempotencyKey: item.key };
  }
  if (item.kind === 'report') {
    // A report's change is its Finish Later / distance type save; a report is never deleted from here.
    return {
      method: 'POST',
      path: `/api/save/expense-report/${item.targetId}`,
      fields: { ...item.fields, _method: 'PATCH' },
    };
  }
  if (action === 'update') {
    return {
      method: 'POST',
      path: `${PATHS[item.kind]}/${item.targetId}`,
      fields: { ...item.fields, _method: 'PATCH' },
    };
  }
  return { method: 'DELETE', path: `${PATHS[item.kind]}/${item.targetId}` };
}

/**
 * What an answer means. 'wait': no verdict yet (signed out, throttled, the server unwell) — kept, in
 * order, for the next try. 'refused': the office changed, processed or returned the report, or the
 * line no longer fits (409, 422, 403, 404…) — kept with the server's words for the user to decide.
 * A delete answered 404 is done: the line is gone either way.
 */
export function outcomeOf(item: OutboxItem, status: number): 'sent' | 'wait' | 'refused' {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 404 && actionOf(item) === 'delete') return 'sent';
  if (status === 401 || status === 408 || status === 429 || status >= 500) return 'wait';
  return 'refused';
}

/** The server's message and its field reasons, in one sentence or two. */
export function refusalText(status: number, body: Partial<ErrorBody>): string {
  const reasons = Object.values(body.errors ?? {}).flat();
  return [body.message, ...reasons].filter(Boolean).join(' ') || `Refused (${status}).`;
}

/**
 * The lines made for a report started on this device, now pointing at the id the server gave it
 * (their expense_report_id field too): returned changed, for the caller to store before it forgets
 * the report's create.
 */
export function reassign(items: readonly OutboxItem[], localId: number, realId: number): OutboxItem[] {
  return items
    .filter((item) => item.reportId === localId)
    .map((item) => ({
      ...item,
      reportId: realId,
      fields: 'expense_report_id' in item.fields ? { ...item.fields, expense_report_id: String(realId) } : item.fields,
    }));
}

/**
 * A change to a line already on the server joins the queue: a later update of the same line replaces
 * the earlier one still waiting; a delete replaces any update waiting for that line.
 */
export function supersededBy(items: readonly OutboxItem[], change: OutboxItem): OutboxItem[] {
  if (actionOf(change) === 'create') return [];
  return items.filter(
    (item) =>
      item.kind === change.kind &&
      item.targetId === change.targetId &&
      actionOf(item) === 'update' &&
      item.seq !== change.seq,
  );
}

/** A waiting item with new values from the user: the refusal is cleared, so it is sent again. */
export function edited(item: OutboxItem, fields: Record<string, string>): OutboxItem {
  const { refused: _refused, refusal: _refusal, ...rest } = item;
  return { ...rest, fields: { ...item.fields, ...fields } };
}
