import type { TFullReport as FullReport } from '../../domain/expense-reports/contract';
import { ApiError } from '../api/client';
import { getToken } from '../session/token-store';
import { keptReportKey, type SentAnswer, withSent } from './kept-copy';
import {
  belongsTo,
  edited,
  isReportCreate,
  localReportId,
  nextToSend,
  type OutboxItem,
  outcomeOf,
  reassign,
  refusalText,
  requestOf,
  supersededBy,
} from './queue';
import { allRecords, CACHE, deleteRecord, getRecord, OUTBOX, OUTBOX_CHANGED, putRecord } from './store';

export type { OutboxItem, OutboxKind } from './queue';

/**
 * What a missionary adds, changes or deletes without a connection waits here (IndexedDB)
 * and is sent in the order it was made when the link returns — a report started offline first, then
 * its lines against the id the server gave it. Each create carries its own Idempotency-Key, made
 * when the item was made, so a send that reached the server but whose answer was lost is answered
 * with the first row on the retry — never a second one. A refusal (the office returned or changed the
 * report meanwhile: 409, 422, 403, 404) stops that item and is shown with the server's words; it is
 * never retried unless the user asks, nor dropped unless the user discards it. The rules are in queue.ts.
 */
const LAST_SYNC = 'sheepfold-last-sync';
const SENT_REPORT = 'sheepfold-sent-report-';

export const KEPT_ON_DEVICE = 'Saved on this device. It will be sent when the connection returns.';

function changed() {
  window.dispatchEvent(new Event(OUTBOX_CHANGED));
}

export function onOutboxChange(listener: () => void): () => void {
  window.addEventListener(OUTBOX_CHANGED, listener);
  return () => window.removeEventListener(OUTBOX_CHANGED, listener);
}

export async function outboxItems(userId: number): Promise<OutboxItem[]> {
  return (await allRecords<OutboxItem>(OUTBOX)).filter((item) => item.userId === userId);
}

/** One item by its seq, or undefined once it was sent or discarded. */
export function getOutboxItem(seq: number): Promise<OutboxItem | undefined> {
  return getRecord<OutboxItem>(OUTBOX, seq);
}

type NewItem = Omit<OutboxItem, 'key' | 'madeAt'>;

async function addToOutbox(item: NewItem): Promise<number> {
  const made = { ...item, key: `create-${crypto.randomUUID()}`, madeAt: new Date().toISOString() };
  const seq = (await putRecord(OUTBOX, made)) as number;
  // A change to a line replaces the change of the same line still waiting (queue.ts).
  for (const old of supersededBy(await allRecords<OutboxItem>(OUTBOX), { ...made, seq })) {
    await deleteRecord(OUTBOX, old.seq!);
  }
  changed();
  return seq;
}

/** A form's values as the outbox keeps them (as the API client would send them). */
export function formFields(values: Record<string, unknown>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    fields[name] = typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
  }
  return fields;
}

/**
 * Sends what waits (this item last) when there is a connection. 'sent' once it is on the server;
 * 'kept' while it waits. Online, a refusal is thrown as the server's ApiError (field messages go
 * under the form's fields); a new item is then dropped (the user is still at the form to fix it), an
 * edited one stays refused in the list, as it was.
 */
async function settle(seq: number, dropRefused = true): Promise<'sent' | 'kept'> {
  if (!navigator.onLine) return 'kept';
  await sendOutbox();
  const left = await getRecord<OutboxItem>(OUTBOX, seq);
  if (!left) return 'sent';
  if (!left.refusal) return 'kept';
  if (dropRefused) {
    await deleteRecord(OUTBOX, seq);
    changed();
  }
  throw new ApiError(left.refusal.status, left.refusal.body);
}

/**
 * Creates an expense, trip or receipt, or changes or deletes one already sent: through the outbox
 * always, so a create made online has its Idempotency-Key too (a lost answer is retried, never
 * doubled), and everything goes in the order it was made.
 */
export async function throughOutbox(item: NewItem): Promise<'sent' | 'kept'> {
  if (typeof indexedDB === 'undefined') return sendAtOnce(item).then(() => 'sent' as const);
  return settle(await addToOutbox(item));
}

/** Kept for the callers that only create. */
export const createThroughOutbox = throughOutbox;

/**
 * A reimbursement report started here: online it is created at once (with its Idempotency-Key) and
 * its real id returned; offline it waits, and its lines are made against the local id (negative)
 * until it is sent.
 */
export async function startReport(userId: number, fields: Record<string, string>): Promise<number> {
  if (typeof indexedDB === 'undefined') {
    return ((await sendAtOnce({ userId, reportId: 0, kind: 'report', action: 'create', fields })) as { id: number }).id;
  }
  const seq = await addToOutbox({ userId, reportId: 0, kind: 'report', action: 'create', fields });
  return (await settle(seq)) === 'sent' ? (sentReportId(seq) ?? localReportId(seq)) : localReportId(seq);
}

/** The id the server gave a report started on this device, once it is sent. */
export function sentReportId(seq: number): number | null {
  const id = Number(localStorage.getItem(`${SENT_REPORT}${seq}`));
  return id > 0 ? id : null;
}

/**
 * Without IndexedDB (some private windows) nothing can wait: sent at once, still with its own key.
 * The server's answer is returned.
 */
async function sendAtOnce(item: NewItem): Promise<unknown> {
  let response: Response;
  try {
    response = await send({ ...item, key: `create-${crypto.randomUUID()}`, madeAt: '' }, getToken() ?? '');
  } catch {
    throw new ApiError(0, { message: 'The server could not be reached. Check your connection and try again.' });
  }
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(response.status, body);
  return body;
}

function send(item: OutboxItem, token: string): Promise<Response> {
  const request = requestOf(item);
  const headers: Record<string, string> = { accept: 'application/json', 'api-token': token };
  if (request.idempotencyKey) headers['idempotency-key'] = request.idempotencyKey;
  let body: FormData | undefined;
  if (request.fields) {
    body = new FormData();
    for (const [name, value] of Object.entries(request.fields)) body.append(name, value);
    if (item.file) body.append('file', item.file, item.filename ?? 'receipt');
  }
  return fetch(request.path, { method: request.method, headers, body });
}

/**
 * The user changed an item still waiting (a line not sent yet, or one the server refused): new
 * values, the refusal cleared, sent again in its place in the order.
 */
export async function editQueued(seq: number, fields: Record<string, string>): Promise<'sent' | 'kept'> {
  const item = await getRecord<OutboxItem>(OUTBOX, seq);
  if (!item) throw new ApiError(404, { message: 'This item was sent or discarded meanwhile.' });
  await putRecord(OUTBOX, edited(item, fields));
  changed();
  return settle(seq, false);
}

/**
 * An expense or a trip from its form: a line not sent yet (negative id) changes where it waits; a new
 * one, or a change to one already sent, goes through the outbox (offline it waits, in order).
 */
export function saveLine(
  kind: 'expense' | 'mileage',
  report: { id: number; user_id: number },
  rowId: number | null,
  values: Record<string, unknown>,
): Promise<'sent' | 'kept'> {
  const created = formFields({ ...values, expense_report_id: report.id });
  if (rowId !== null && rowId < 0) return editQueued(-rowId, created);
  return throughOutbox({
    userId: report.user_id,
    reportId: report.id,
    kind,
    ...(rowId === null ? { fields: created } : { action: 'update', targetId: rowId, fields: formFields(values) }),
  });
}

/** Try a refused item once more, as it is (after the user read why). */
export const retryQueued = (seq: number) => editQueued(seq, {});

/**
 * The user gives up an item (a line not sent yet, or a refused one). A report started here goes
 * with the lines made for it.
 */
export async function discardOutboxItem(seq: number): Promise<void> {
  const item = await getRecord<OutboxItem>(OUTBOX, seq);
  if (item && isReportCreate(item)) {
    for (const line of await allRecords<OutboxItem>(OUTBOX)) {
      if (line.reportId === localReportId(seq)) await deleteRecord(OUTBOX, line.seq!);
    }
  }
  await deleteRecord(OUTBOX, seq);
  changed();
}

/** What waits for one report (its lines and changes; for a local report its create too). */
export function itemsOfReport(items: readonly OutboxItem[], reportId: number): OutboxItem[] {
  return items.filter((item) => belongsTo(item, reportId));
}

/** When everything waiting was last sent (ISO time), or null. */
export function lastSync(): string | null {
  return localStorage.getItem(LAST_SYNC);
}

let sending: Promise<void> | null = null;

/**
 * Sends what waits, oldest first, one at a time. Stops at the first network failure (the rest stays,
 * in order) and leaves refused items in place with the server's message. Safe to call often: one
 * run at a time.
 */
export function sendOutbox(): Promise<void> {
  sending ??= sendAll().finally(() => {
    sending = null;
  });
  return sending;
}

async function sendAll(): Promise<void> {
  const token = getToken();
  if (!token || !navigator.onLine || typeof indexedDB === 'undefined') return;
  // One item at a time, re-reading the outbox each time: what is added meanwhile is sent in turn.
  for (;;) {
    const items = await allRecords<OutboxItem>(OUTBOX);
    const item = nextToSend(items);
    if (!item) break;
    let response: Response;
    try {
      response = await send(item, token);
    } catch {
      break; // no connection after all: try again when it returns
    }
    const outcome = outcomeOf(item, response.status);
    if (outcome === 'wait') break; // signed out or the server is unwell: keep everything for later
    if (outcome === 'sent') await sent(item, response, items);
    else {
      const body = await response.json().catch(() => ({}));
      const refused = refusalText(response.status, body);
      await putRecord(OUTBOX, { ...item, refused, refusal: { status: response.status, body } });
    }
    changed();
  }
}

async function sent(item: OutboxItem, response: Response, items: readonly OutboxItem[]) {
  if (isReportCreate(item)) {
    const report = (await response.json()) as { id: number };
    // The lines first: should the page close before the create is forgotten, its retry (same key)
    // is answered with the same report, and nothing is left pointing at the local id.
    for (const line of reassign(items, localReportId(item.seq!), report.id)) await putRecord(OUTBOX, line);
    localStorage.setItem(`${SENT_REPORT}${item.seq}`, String(report.id));
  } else {
    await keepSent(item, await response.json().catch(() => ({})));
  }
  await deleteRecord(OUTBOX, item.seq!);
  localStorage.setItem(LAST_SYNC, new Date().toISOString());
}

/**
 * The report's copy kept for offline reads takes the server's answer at once, whichever page sent
 * the item: an offline reload then shows a receipt already sent instead of "No receipts yet".
 */
async function keepSent(item: OutboxItem, answer: SentAnswer) {
  const reportId = item.kind === 'report' ? item.targetId : item.reportId;
  if (reportId === undefined || reportId <= 0) return;
  const key = keptReportKey(reportId);
  const copy = await getRecord<{ value: FullReport }>(CACHE, key).catch(() => undefined);
  if (copy) await putRecord(CACHE, { key, value: withSent(copy.value, item, answer) }).catch(() => undefined);
}
