import type { ErrorBody } from '../../domain/errors';
import { ApiError } from '../api/client';
import { getToken } from '../session/token-store';
import { allRecords, deleteRecord, getRecord, OUTBOX, putRecord } from './store';

/**
 * Issue 11: what a missionary adds to a draft without a connection waits here (IndexedDB) and is sent
 * in the order it was made when the link returns. Each create carries its own Idempotency-Key, made
 * when the item was made, so a send that reached the server but whose answer was lost is answered
 * with the first row on the retry — never a second one. A refusal (the office returned or changed the
 * report meanwhile: 409, 422, 403, 404) stops that item and is shown with the server's words; it is
 * never retried blindly nor overwritten.
 */
export type OutboxKind = 'expense' | 'mileage' | 'fileUpload';

export interface OutboxItem {
  seq?: number;
  userId: number;
  reportId: number;
  kind: OutboxKind;
  /** The Idempotency-Key of this create. */
  key: string;
  fields: Record<string, string>;
  file?: Blob;
  filename?: string;
  /** When the user made it (ISO time), for the list. */
  madeAt: string;
  /** The server's refusal, once it refused: the item then waits for the user. */
  refused?: string;
  refusal?: { status: number; body: Partial<ErrorBody> };
}

const CHANGED = 'sheepfold-outbox-changed';
const LAST_SYNC = 'sheepfold-last-sync';
const PATHS: Record<OutboxKind, string> = {
  expense: '/api/expense',
  mileage: '/api/mileage',
  fileUpload: '/api/fileUpload',
};

function changed() {
  window.dispatchEvent(new Event(CHANGED));
}

export function onOutboxChange(listener: () => void): () => void {
  window.addEventListener(CHANGED, listener);
  return () => window.removeEventListener(CHANGED, listener);
}

export async function outboxItems(userId: number): Promise<OutboxItem[]> {
  return (await allRecords<OutboxItem>(OUTBOX)).filter((item) => item.userId === userId);
}

async function addToOutbox(item: Omit<OutboxItem, 'key' | 'madeAt'>): Promise<number> {
  const seq = await putRecord(OUTBOX, {
    ...item,
    key: `create-${crypto.randomUUID()}`,
    madeAt: new Date().toISOString(),
  });
  changed();
  return seq as number;
}

/**
 * Creates an expense, trip or receipt: through the outbox always, so even a create made online has
 * its Idempotency-Key (a lost answer is retried, never doubled). Online, it is sent at once and a
 * refusal is thrown as the server's ApiError (field messages under the form's fields); offline, or
 * when the link drops, it waits: 'kept'.
 */
/** A form's values as the outbox keeps them (as the API client would send them). */
export function formFields(values: Record<string, unknown>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    fields[name] = typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
  }
  return fields;
}

export const KEPT_ON_DEVICE = 'Saved on this device. It will be sent when the connection returns.';

export async function createThroughOutbox(item: Omit<OutboxItem, 'key' | 'madeAt'>): Promise<'sent' | 'kept'> {
  if (typeof indexedDB === 'undefined') return sendAtOnce(item);
  const seq = await addToOutbox(item);
  if (!navigator.onLine) return 'kept';
  await sendOutbox();
  const left = await getRecord<OutboxItem>(OUTBOX, seq);
  if (!left) return 'sent';
  if (!left.refusal) return 'kept';
  await deleteRecord(OUTBOX, seq);
  changed();
  throw new ApiError(left.refusal.status, left.refusal.body);
}

/** Without IndexedDB (some private windows) nothing can wait: sent at once, still with its own key. */
async function sendAtOnce(item: Omit<OutboxItem, 'key' | 'madeAt'>): Promise<'sent'> {
  let response: Response;
  try {
    response = await post({ ...item, key: `create-${crypto.randomUUID()}`, madeAt: '' }, getToken() ?? '');
  } catch {
    throw new ApiError(0, { message: 'The server could not be reached. Check your connection and try again.' });
  }
  if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => ({})));
  return 'sent';
}

function post(item: OutboxItem, token: string): Promise<Response> {
  return fetch(PATHS[item.kind], {
    method: 'POST',
    headers: { accept: 'application/json', 'api-token': token, 'idempotency-key': item.key },
    body: formOf(item),
  });
}

/** The user gives up a refused item (after reading why). */
export async function discardOutboxItem(seq: number): Promise<void> {
  await deleteRecord(OUTBOX, seq);
  changed();
}

/** When everything waiting was last sent (ISO time), or null. */
export function lastSync(): string | null {
  return localStorage.getItem(LAST_SYNC);
}

function formOf(item: OutboxItem): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(item.fields)) form.append(name, value);
  if (item.file) form.append('file', item.file, item.filename ?? 'receipt');
  return form;
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
    const item = (await allRecords<OutboxItem>(OUTBOX)).find((waiting) => !waiting.refused);
    if (!item) break;
    let response: Response;
    try {
      response = await post(item, token);
    } catch {
      break; // no connection after all: try again when it returns
    }
    if (response.ok) {
      await deleteRecord(OUTBOX, item.seq!);
      localStorage.setItem(LAST_SYNC, new Date().toISOString());
    } else if (response.status === 401 || response.status >= 500) {
      break; // signed out or the server is unwell: keep everything for later
    } else {
      const body = (await response.json().catch(() => ({}))) as Partial<ErrorBody>;
      const reasons = Object.values(body.errors ?? {}).flat();
      const refused = [body.message, ...reasons].filter(Boolean).join(' ') || `Refused (${response.status}).`;
      await putRecord(OUTBOX, { ...item, refused, refusal: { status: response.status, body } });
    }
    changed();
  }
}
